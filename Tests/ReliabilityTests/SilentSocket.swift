import Foundation
import OrbitTestSupport

/// A Unix socket that accepts connections (the kernel's backlog does) and never answers:
/// a tmux server that is stopped or hung, as a client sees it. Closed when released.
final class SilentSocket {
    let scratch: Scratch
    /// The socket's path (for `TMUX=PATH,PID,SESSION`).
    let path: String
    private let fd: Int32

    init() throws {
        scratch = try Scratch("silent-socket")
        path = scratch.file("s")
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw HarnessError("path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw HarnessError("bind/listen \(path): \(errno)") }
    }

    deinit { close(fd) }
}
