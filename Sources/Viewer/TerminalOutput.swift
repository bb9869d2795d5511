import CNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole frames to a file descriptor (one write(2) per frame when the kernel takes
/// it) and tells when the terminal has fallen behind.
final class TerminalOutput {
    /// The descriptor written to (standard output).
    let fd: Int32
    /// Bytes written in total.
    private(set) var bytesWritten = 0
    /// write(2) calls made in total.
    private(set) var writeCalls = 0
    /// False once a write failed for good (the terminal hung up or the pipe closed).
    private(set) var isAlive = true

    init(fd: Int32 = 1) { self.fd = fd }

    /// Writes all of `bytes`, retrying after interrupts and partial writes.
    /// Returns false (and marks the output dead) on an error such as EIO or EPIPE.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        guard isAlive, !bytes.isEmpty else { return isAlive }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                Glibc.write(fd, buf.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            writeCalls += 1
            if n > 0 {
                offset += n
                bytesWritten += n
            } else if n < 0 && (errno == EINTR || errno == EAGAIN) {
                if errno == EAGAIN { waitWritable(timeoutMs: 100) }
            } else {
                isAlive = false
                return false
            }
        }
        return true
    }

    /// Writes a string's UTF-8 bytes.
    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// True when the terminal has not yet taken more than `limit` bytes of earlier output,
    /// or cannot take any more right now: the next frame should be skipped, not queued.
    func isBackedUp(limit: Int = 4096) -> Bool {
        let queued = cn_output_queue(fd)
        if queued > limit { return true }
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let r = poll(&p, 1, 0)
        return r == 0
    }

    private func waitWritable(timeoutMs: Int32) {
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&p, 1, timeoutMs)
    }
}
