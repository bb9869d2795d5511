import Foundation

/// Frames handed from the thread that renders them to the one that encodes them, at most
/// `capacity` waiting, so rendering the next frame overlaps encoding this one and memory
/// stays bounded however slow the encoder is.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [(index: Int, rgb: [UInt8])] = []
    private var ended = false
    private var stopped = false
    /// Frames that may wait at once (default 2).
    let capacity: Int

    init(capacity: Int = 2) { self.capacity = max(1, capacity) }

    /// Hands a frame over, waiting while `capacity` are waiting; false once `stop` was called.
    func put(_ index: Int, _ rgb: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while frames.count >= capacity && !stopped { condition.wait() }
        if stopped { return false }
        frames.append((index, rgb))
        condition.broadcast()
        return true
    }

    /// No more frames will come.
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// The consumer gives up: `put` returns false from now on.
    func stop() {
        condition.lock()
        stopped = true
        frames.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame, waiting for it; nil once the producer ended and all were taken, or
    /// after `stop`.
    func take() -> (index: Int, rgb: [UInt8])? {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty && !ended && !stopped { condition.wait() }
        if stopped || frames.isEmpty { return nil }
        let frame = frames.removeFirst()
        condition.broadcast()
        return frame
    }
}
