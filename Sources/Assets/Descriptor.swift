#if canImport(Glibc)
    import Glibc
#endif

/// Blocking reads and writes on a file descriptor: the loops every reader and writer of
/// files and standard output shares.
public enum Descriptor {
    /// Reads up to `count` bytes from `fd` into a new array, fewer only at end of file,
    /// retrying after signals.
    /// - Returns: the bytes, or nil when a read failed (errno tells why).
    public static func read(upTo count: Int, from fd: Int32) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            guard let base = buffer.baseAddress else { return }
            while filled < count {
                let n = Glibc.read(fd, base + filled, count - filled)
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failed = true
                    return
                }
            }
        }
        return failed ? nil : bytes
    }

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
