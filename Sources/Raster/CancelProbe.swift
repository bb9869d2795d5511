import Synchronization

/// One frame's view of `Rasterizer.shouldCancel`: the question is put by one thread at a
/// time (a thread that finds another asking goes on drawing), and once the answer was
/// yes every thread of the frame sees it at its next check without asking again.
final class CancelProbe: Sendable {
    private let ask: @Sendable () -> Bool
    private let stopped = Atomic(false)
    private let asking = Atomic(false)

    init(_ ask: @escaping @Sendable () -> Bool) {
        self.ask = ask
    }

    /// True once the frame was cancelled.
    var isCancelled: Bool { stopped.load(ordering: .acquiring) }

    /// True when the frame is to stop: it was already cancelled, or the question says so now.
    func check() -> Bool {
        if stopped.load(ordering: .acquiring) { return true }
        guard asking.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else {
            return false
        }
        defer { asking.store(false, ordering: .releasing) }
        guard ask() else { return false }
        stopped.store(true, ordering: .releasing)
        return true
    }

    /// Thrown out of the scene walk to leave it early.
    struct Cancelled: Error {}
}
