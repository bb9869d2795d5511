import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one data task's answer as it arrives, reports progress, enforces a size
/// limit, and signals completion; URLSession calls it on its own threads, the caller
/// reads the outcome under the lock.
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var body = Data()
        var answer: URLResponse?
        var failure: Error?
        var tooLarge = false
    }
    private let state = Mutex(State())
    private let maxBytes: Int
    private let progress: (@Sendable (Int, Int?) -> Void)?
    /// Signalled once the task completes (successfully or not).
    let done = DispatchSemaphore(value: 0)

    init(maxBytes: Int, progress: (@Sendable (Int, Int?) -> Void)?) {
        self.maxBytes = maxBytes
        self.progress = progress
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        state.withLock { $0.answer = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (received, over, expected) = state.withLock { s in
            s.body.append(data)
            let over = s.body.count > maxBytes
            if over { s.tooLarge = true }
            return (s.body.count, over, s.answer?.expectedContentLength ?? -1)
        }
        if over { dataTask.cancel(); return }
        progress?(received, expected >= 0 ? Int(expected) : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        state.withLock { s in
            s.failure = error
            if s.answer == nil { s.answer = task.response }
        }
        done.signal()
    }

    /// The body so far, the response, the transport error, and whether the size limit
    /// stopped the download.
    var outcome: (body: Data, response: URLResponse?, error: Error?, tooLarge: Bool) {
        state.withLock { ($0.body, $0.answer, $0.failure, $0.tooLarge) }
    }
}
