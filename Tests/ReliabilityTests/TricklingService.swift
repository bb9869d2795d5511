import Foundation
import OrbitTestSupport

/// A sphere service on 127.0.0.1 that answers `/api/spheres/1/1` with two records, the
/// paths in `gzipped` with those bytes as a gzip body, and every other path with a body
/// that never ends (a byte every 50 ms), counting how many such endless answers are in
/// progress and how many the client has abandoned.
final class TricklingService: LoopbackServing, @unchecked Sendable {
    static let records = #"[{"X":0.2595,"Y":0.2595,"Z":0.2595,"R":0.4495,"L":1},{"X":0,"Y":0,"Z":0,"R":0.101,"L":2}]"#
    let listener: LoopbackListener
    private let lock = NSLock()
    private var trickling = 0
    private var abandoned = 0
    private let gzipped: [String: [UInt8]]

    init(gzipped: [String: [UInt8]] = [:]) throws {
        self.gzipped = gzipped
        listener = try LoopbackListener()
        startServing()
    }

    deinit { stop() }

    /// Endless answers being sent now, and endless answers the client has closed.
    var counts: (trickling: Int, abandoned: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (trickling, abandoned)
    }

    // `stop()` (LoopbackServing): endless answers end within 50 ms of it.

    func serve(_ client: Int32) {
        defer { close(client) }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384, !(head.count >= 4 && head.suffix(4) == [13, 10, 13, 10]) {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            head += buffer[0..<n]
        }
        let path =
            String(decoding: head.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ").dropFirst().first ?? ""
        if path == "/api/spheres/1/1" {
            let body = Array(Self.records.utf8)
            _ = send(
                client,
                Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
            return
        }
        if let body = gzipped[String(path)] {
            let head =
                "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nContent-Encoding: "
                + "gzip\r\nConnection: close\r\n\r\n"
            _ = send(client, Array(head.utf8) + body)
            return
        }
        guard send(client, Array("HTTP/1.1 200 OK\r\nContent-Length: 1048576\r\nConnection: close\r\n\r\n[".utf8))
        else { return }
        change { $0.trickling += 1 }
        while !isStopped, send(client, [UInt8(ascii: " ")]) { Thread.sleep(forTimeInterval: 0.05) }
        change {
            $0.trickling -= 1
            if !$0.isStopped { $0.abandoned += 1 }
        }
    }

    private func change(_ body: (TricklingService) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(self)
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}
