import Foundation
import Synchronization

/// A TCP relay on loopback that the test puts between `ssh` and `sshd`, counting the bytes
/// that cross it in each direction: what a real network link would carry, after SSH's
/// encryption and optional compression.
final class ByteRelay: Sendable {
    /// The port `ssh` connects to.
    let port: UInt16
    /// Bytes from the server to the client (the frames), and from the client to the server.
    let toClient = Atomic<Int>(0)
    let toServer = Atomic<Int>(0)
    private let listener: Int32
    private let target: UInt16
    private let stopped = Atomic<Bool>(false)

    /// Listens on a free loopback port and forwards every connection to `target`.
    init(forwardingTo target: UInt16) throws {
        let (fd, port) = try Loopback.listen()
        listener = fd
        self.port = port
        self.target = target
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting; open connections end when either side closes.
    func stop() {
        if stopped.exchange(true, ordering: .sequentiallyConsistent) { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .sequentiallyConsistent) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            guard let server = Loopback.connect(port: target) else {
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in pump(client: client, server: server) }
        }
    }

    /// Copies bytes both ways until one side closes.
    private func pump(client: Int32, server: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        loop: while true {
            if poll(&fds, 2, 500) < 0 && errno != EINTR { break }
            for i in 0..<2 where fds[i].revents != 0 {
                let from = fds[i].fd, to = fds[1 - i].fd
                let n = read(from, &buffer, buffer.count)
                if n <= 0 { break loop }
                var sent = 0
                while sent < n {
                    let w = buffer.withUnsafeBytes { raw in raw.baseAddress.map { write(to, $0 + sent, n - sent) } ?? -1 }
                    if w <= 0 { break loop }
                    sent += w
                }
                if from == server {
                    toClient.add(n, ordering: .sequentiallyConsistent)
                } else {
                    toServer.add(n, ordering: .sequentiallyConsistent)
                }
            }
        }
        close(client)
        close(server)
    }
}
