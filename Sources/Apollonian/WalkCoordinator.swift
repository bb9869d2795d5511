import Synchronization

/// Shared by the walkers of one parallel run: adds up the spheres they make, reports
/// progress one call at a time, enforces the sphere limit across all of them, and lets a
/// failing walker stop the others.
final class WalkCoordinator: Sendable {
    private struct State {
        var total = 0
        var stopped = false
    }
    private let state = Mutex(State())
    private let limit: Int
    private let expected: Int?
    private let callback: (@Sendable (PackingProgress) -> Void)?

    init(limit: Int, expected: Int?, callback: (@Sendable (PackingProgress) -> Void)?) {
        self.limit = limit
        self.expected = expected
        self.callback = callback
    }

    /// Adds `n` spheres and reports the running total (the lock serializes callbacks).
    /// Throws `.tooManySpheres` past the limit, `.cancelled` once the run was stopped.
    func add(_ n: Int) throws {
        try state.withLock { (s: inout State) throws(PackingError) in
            if s.stopped { throw PackingError.cancelled }
            s.total += n
            if s.total > limit {
                s.stopped = true
                throw PackingError.tooManySpheres(limit: limit)
            }
            if n > 0, let cb = callback { cb(PackingProgress(spheres: s.total, expected: expected)) }
        }
    }

    /// Asks every walker of the run to stop at its next check.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// True once the run was stopped.
    var isStopped: Bool { state.withLock { $0.stopped } }
}
