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
    /// write(2) calls that took bytes, in total (a retry after EAGAIN or EINTR is a wait,
    /// not counted).
    private(set) var writeCalls = 0
    /// False once a write failed for good (the terminal hung up or the pipe closed).
    private(set) var isAlive = true

    /// Set when the viewer is leaving (`Terminal.close`): from then on a write the terminal
    /// does not take gives up after `Deadline.stalledOutput`, as it does once a signal is
    /// waiting.
    var isLeaving = false
    /// True once a write gave up on a terminal that stopped reading: the descriptor is then
    /// left non-blocking, so nothing written after it (ncurses' own exit) can block either.
    private(set) var isStalled = false

    init(fd: Int32 = 1) { self.fd = fd }

    /// Writes all of `bytes`, retrying after interrupts and partial writes. The descriptor
    /// is non-blocking while it writes, and a terminal that takes nothing is waited for
    /// with a poll that also watches the signal pipe: while no signal waits and the viewer
    /// is not leaving, it waits as long as it takes (a terminal paused with Ctrl-S comes
    /// back); after that, at most `Deadline.stalledOutput` seconds, then the output gives
    /// up (`isStalled`), so SIGTERM and SIGHUP are acted on even when the terminal has
    /// stopped reading (XOFF, a frozen client).
    /// Returns false (and marks the output dead) on an error such as EIO or EPIPE, or
    /// when it gave up.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        guard isAlive, !bytes.isEmpty else { return isAlive }
        let flags = fcntl(fd, F_GETFL)
        let madeNonBlocking = flags >= 0 && flags & O_NONBLOCK == 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
        defer { if madeNonBlocking && !isStalled { _ = fcntl(fd, F_SETFL, flags) } }
        var offset = 0
        var giveUpAt: Double?
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                Glibc.write(fd, buf.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if n > 0 {
                writeCalls += 1
                offset += n
                bytesWritten += n
                giveUpAt = nil
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && errno == EAGAIN {
                let urgent = isLeaving || Signals.hasPending
                let now = cn_monotonic_seconds()
                if urgent {
                    let end = giveUpAt ?? now + Deadline.stalledOutput
                    giveUpAt = end
                    if now >= end {
                        isStalled = true
                        isAlive = false
                        return false
                    }
                }
                // Not urgent: the signal pipe ends the wait when a signal comes.
                waitWritable(timeoutMs: 100, watchSignals: !urgent)
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

    /// Waits until the terminal takes bytes, `timeoutMs` passes or (with `watchSignals`) a
    /// signal arrives.
    private func waitWritable(timeoutMs: Int32, watchSignals: Bool) {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLOUT), revents: 0),
            pollfd(fd: watchSignals ? Signals.wakeFD : -1, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, timeoutMs)
    }
}
