import Foundation
import OrbitTestSupport
import Synchronization

/// The two sockets of one relayed connection, closed once both directions have ended.
final class SocketPair: Sendable {
    let client: Int32
    let server: Int32
    private let ended = Atomic<Int>(0)

    init(client: Int32, server: Int32) {
        self.client = client
        self.server = server
    }

    /// One direction ended: shut both down (so the other direction ends too); the second
    /// call closes them.
    func finish() {
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
        if ended.add(1, ordering: .sequentiallyConsistent).newValue == 2 {
            close(client)
            close(server)
        }
    }
}
