import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for the client tests: a POSIX socket on a free port,
/// fixed answers by path, at most `maxConnections` connections, every read bounded in
/// time and size. Stopped by `stop()` (also on deinit).
final class LoopbackServer: @unchecked Sendable {
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

    let port: UInt16
    private let listener: Int32
    private let answers: [String: Answer]
    private let lock = NSLock()
    private var stopped = false
    private var served = 0
    private let maxConnections: Int

    private var requested: [String] = []
    /// Paths requested so far, in order.
    var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    init(answers: [String: Answer], maxConnections: Int = 8) throws {
        self.answers = answers
        self.maxConnections = maxConnections
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ServerError.socket("bind/listen")
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        listener = fd
        let thread = Thread { [weak self] in self?.acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// The base URL, `http://127.0.0.1:PORT`.
    var base: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting; open connections finish on their own.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed).
    static func closedPort() throws -> UInt16 {
        let server = try LoopbackServer(answers: [:], maxConnections: 0)
        let p = server.port
        server.stop()
        return p
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            lock.lock()
            let done = stopped || served >= maxConnections
            served += 1
            lock.unlock()
            if client < 0 || done {
                if client >= 0 { close(client) }
                if client < 0 || stopped { return }
                continue
            }
            // A thread of its own: a delayed answer must not hold a shared worker thread.
            Thread { self.serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
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
            "HTTP/1.1 \(answer.status) \(answer.reason)\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\(extra)Connection: close\r\n\r\n"
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

    enum ServerError: Error { case socket(String) }
}
