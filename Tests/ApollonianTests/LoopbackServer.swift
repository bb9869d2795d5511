import Foundation
import OrbitTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for the client tests: a POSIX socket on a free port,
/// fixed answers by path, at most `maxConnections` connections, every read bounded in
/// time and size. Stopped by `stop()` (also on deinit).
final class LoopbackServer: LoopbackServing, @unchecked Sendable {
    /// A canned answer.
    struct Answer: Sendable {
        var status: Int = 200
        var reason: String = "OK"
        var body: String = ""
        /// Seconds to wait before answering (for the timeout case).
        var delay: Double = 0
        /// Bytes sent as the body instead of `body` (binary, e.g. gzip).
        var raw: [UInt8]? = nil
        /// Extra header lines, e.g. `Content-Encoding: gzip`.
        var headers: [String] = []
        /// When set, the body never ends: one byte of it every this many seconds, until
        /// the client goes away or the server stops (Content-Length claims 1 MB).
        var trickle: Double? = nil
    }

    let listener: LoopbackListener
    private let answers: [String: Answer]
    private let lock = NSLock()

    private var requested: [String] = []
    /// Paths requested so far, in order.
    var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    init(answers: [String: Answer], maxConnections: Int = 8) throws {
        self.answers = answers
        listener = try LoopbackListener()
        startServing(maxConnections: maxConnections)
    }

    deinit { stop() }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    static func closedPort() throws -> UInt16 { try Loopback.freePort() }

    func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // Read the request head (bounded: 16 KB).
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384 {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            head += buffer[0..<n]
            if head.count >= 4, head.suffix(4) == [13, 10, 13, 10] { break }
        }
        let firstLine = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        let parts = firstLine.split(separator: " ")
        let path = parts.count >= 2 ? String(parts[1]) : ""
        lock.lock()
        requested.append(path)
        lock.unlock()
        let answer = answers[path] ?? Answer(status: 404, reason: "Not Found", body: "no route \(path)")
        // Wait in small steps so that stop() cuts a delayed answer short.
        var waited = 0.0
        while waited < answer.delay && !isStopped {
            Thread.sleep(forTimeInterval: 0.02)
            waited += 0.02
        }
        let body = answer.raw ?? Array(answer.body.utf8)
        let length = answer.trickle == nil ? body.count : 1 << 20
        let extra = answer.headers.map { $0 + "\r\n" }.joined()
        let text =
            "HTTP/1.1 \(answer.status) \(answer.reason)\r\nContent-Type: "
            + "application/json\r\nContent-Length: \(length)\r\n\(extra)Connection: close\r\n\r\n"
        guard sendAll(client, Array(text.utf8)) else { return }
        guard let interval = answer.trickle else {
            _ = sendAll(client, body)
            return
        }
        while !isStopped, sendAll(client, [UInt8(ascii: " ")]) {
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Sends every byte; false once the client is gone.
    private func sendAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

}
