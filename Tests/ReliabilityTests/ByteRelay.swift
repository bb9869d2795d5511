import Foundation
import OrbitTestSupport
import Synchronization

/// A TCP relay on loopback that the test puts between `ssh` and `sshd`, counting the bytes
/// that cross it in each direction: what a real network link would carry, after SSH's
/// encryption and optional compression. It can also play a slow link by passing the
/// server's bytes to the client at a fixed rate.
final class ByteRelay: LoopbackServing, Sendable {
    /// The socket `ssh` connects to (its `port`).
    let listener: LoopbackListener
    /// Bytes from the server to the client (the frames), and from the client to the server.
    let toClient = Atomic<Int>(0)
    let toServer = Atomic<Int>(0)
    /// Bytes per second from server to client; nil for as fast as possible.
    let serverRate: Int?
    private let target: UInt16

    /// Listens on a free loopback port and forwards every connection to `target`.
    /// `stop()` (LoopbackServing) stops accepting; open connections end when either side
    /// closes.
    init(forwardingTo target: UInt16, serverRate: Int? = nil) throws {
        listener = try LoopbackListener()
        self.target = target
        self.serverRate = serverRate
        startServing()
    }

    deinit { stop() }

    /// Relays one connection: the client's bytes to `target` on another thread, the
    /// server's back on this one.
    func serve(_ client: Int32) {
        guard let server = Loopback.connect(port: target) else {
            close(client)
            return
        }
        let pair = SocketPair(client: client, server: server)
        Thread.detachNewThread { [self] in
            copy(from: client, to: server, rate: nil, serverToClient: false)
            pair.finish()
        }
        copy(from: server, to: client, rate: serverRate, serverToClient: true)
        pair.finish()
    }

    /// Copies one direction until end of file or an error; with `rate`, in slices of
    /// 1/20 s worth of bytes, each followed by a pause.
    private func copy(from: Int32, to: Int32, rate: Int?, serverToClient: Bool) {
        let slice = rate.map { max(1, $0 / 20) } ?? 65536
        var buffer = [UInt8](repeating: 0, count: slice)
        while true {
            let n = read(from, &buffer, slice)
            if n <= 0 { return }
            var sent = 0
            while sent < n {
                let w = buffer.withUnsafeBytes { raw in raw.baseAddress.map { write(to, $0 + sent, n - sent) } ?? -1 }
                if w <= 0 { return }
                sent += w
            }
            if serverToClient {
                toClient.add(n, ordering: .sequentiallyConsistent)
            } else {
                toServer.add(n, ordering: .sequentiallyConsistent)
            }
            if let rate { usleep(UInt32(Double(n) / Double(rate) * 1_000_000)) }
        }
    }
}
