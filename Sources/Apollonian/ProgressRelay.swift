import Foundation

/// Adds up progress from several walkers and reports it one call at a time.
final class ProgressRelay: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private let expected: Int?
    private let callback: (@Sendable (PackingProgress) -> Void)?

    init(expected: Int?, callback: (@Sendable (PackingProgress) -> Void)?) {
        self.expected = expected
        self.callback = callback
    }

    /// Adds `n` spheres and reports the running total (the lock serializes callbacks).
    func report(_ n: Int) {
        guard let cb = callback, n > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        total += n
        cb(PackingProgress(spheres: total, expected: expected))
    }
}
