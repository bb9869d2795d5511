import Synchronization

/// A flag set once from any thread (a task's cancellation handler) and polled from
/// another (a blocking download).
final class CancelFlag: Sendable {
    private let flag = Atomic(false)

    /// True once `set()` was called.
    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
