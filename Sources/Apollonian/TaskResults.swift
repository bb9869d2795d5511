import Synchronization

/// One result slot per parallel task, written under a lock.
final class TaskResults<T: Sendable>: Sendable {
    private let slots: Mutex<[Result<T, Error>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ i: Int, _ r: Result<T, Error>) {
        slots.withLock { $0[i] = r }
    }

    var values: [Result<T, Error>?] { slots.withLock { $0 } }
}
