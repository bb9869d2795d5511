import Foundation

/// What one transfer has received and whether it must stop; touched only on the thread
/// that runs the GET (libcurl calls back on it).
final class HTTPTransfer {
    let maxBytes: Int
    let deadline: DispatchTime
    let progress: ((Int, Int?) -> Void)?
    let isCancelled: (() -> Bool)?
    var body: [UInt8] = []
    /// Why the transfer was stopped from this side, if it was.
    var stop: HTTPGet.Failure?

    init(maxBytes: Int, deadline: DispatchTime, progress: ((Int, Int?) -> Void)?, isCancelled: (() -> Bool)?) {
        self.maxBytes = maxBytes
        self.deadline = deadline
        self.progress = progress
        self.isCancelled = isCancelled
    }

    /// Appends decoded bytes; false (stop) once the body would pass the limit.
    func accept(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard stop == nil else { return false }
        guard bytes.count <= maxBytes - body.count else {
            stop = .tooLarge
            return false
        }
        body.append(contentsOf: bytes)
        return !shouldStop()
    }

    func report(received: Int, expected: Int?) {
        if received > 0 { progress?(received, expected) }
    }

    /// True once the transfer must end: over the limit, cancelled or past the deadline.
    func shouldStop() -> Bool {
        if stop != nil { return true }
        if isCancelled?() ?? false { stop = .cancelled } else if DispatchTime.now() >= deadline { stop = .timedOut }
        return stop != nil
    }
}
