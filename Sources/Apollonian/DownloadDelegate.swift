import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects one data task's answer as it arrives, reports progress, enforces a size
/// limit, and signals completion; URLSession calls it on its own threads, the caller
/// reads the outcome under the lock.
final class DownloadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var body = Data()
    private var answer: URLResponse?
    private var failure: Error?
    private var tooLarge = false
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
        lock.lock()
        answer = response
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let received = body.count
        let over = received > maxBytes
        if over { tooLarge = true }
        let expected = answer?.expectedContentLength ?? -1
        lock.unlock()
        if over { dataTask.cancel(); return }
        progress?(received, expected >= 0 ? Int(expected) : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.lock()
        failure = error
        if answer == nil { answer = task.response }
        lock.unlock()
        done.signal()
    }

    /// The body so far, the response, the transport error, and whether the size limit
    /// stopped the download.
    var outcome: (body: Data, response: URLResponse?, error: Error?, tooLarge: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (body, answer, failure, tooLarge)
    }
}
