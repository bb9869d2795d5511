import Foundation

/// Shared by the walkers of one parallel run: adds up the spheres they make, reports
/// progress one call at a time, enforces the sphere limit across all of them, and lets a
/// failing walker stop the others.
final class WalkCoordinator: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var stopped = false
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
        lock.lock()
        defer { lock.unlock() }
        if stopped { throw PackingError.cancelled }
        total += n
        if total > limit { stopped = true; throw PackingError.tooManySpheres(limit: limit) }
        if n > 0, let cb = callback { cb(PackingProgress(spheres: total, expected: expected)) }
    }

    /// Asks every walker of the run to stop at its next check.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// True once the run was stopped.
    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}
