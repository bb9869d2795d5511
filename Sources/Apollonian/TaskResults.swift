import Foundation

/// One result slot per parallel task, written under a lock.
final class TaskResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<T, Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ r: Result<T, Error>) {
        lock.lock()
        slots[i] = r
        lock.unlock()
    }

    var values: [Result<T, Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
