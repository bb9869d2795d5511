#if canImport(Glibc)
    import Glibc
#endif

/// Blocking writes to a file descriptor: the loop every writer of files and standard
/// output shares.
public enum Descriptor {
    /// Writes every byte of `bytes` to `fd`, retrying after signals.
    /// - Returns: 0, or the errno of the write that failed (ENOSPC, EPIPE, EFBIG, ...).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var sent = 0
            while sent < buffer.count {
                let n = write(fd, base + sent, buffer.count - sent)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                sent += n
            }
            return 0
        }
    }
}
