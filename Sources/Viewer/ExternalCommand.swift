#if canImport(Glibc)
    import Glibc
#endif

/// Runs a helper program (found on `PATH`) with standard input and error on /dev/null and
/// collects its standard output, for at most `Deadline.externalCommand` seconds: a program
/// still running then is killed (SIGKILL) and reaped, and what it printed so far is the
/// answer. Runs before the terminal is taken over, so signals keep their default actions
/// and nothing needs restoring however the wait ends.
enum ExternalCommand {
    /// What a run gave.
    struct Result: Equatable {
        /// Standard output, at most `Deadline.externalOutputBytes` of it.
        var output: [UInt8]
        /// False when the program was killed at the deadline (or could not be started).
        var finished: Bool
    }

    /// Runs `arguments` (the program's name first) for at most `seconds` seconds.
    static func run(_ arguments: [String], seconds: Double = Deadline.externalCommand) -> Result {
        guard !arguments.isEmpty, let (readEnd, writeEnd) = makePipe(nonBlocking: false) else {
            return Result(output: [], finished: false)
        }
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        close(writeEnd)
        guard spawned == 0 else { return Result(output: [], finished: false) }
        var output: [UInt8] = []
        let end = monotonicSeconds() + seconds
        var buffer = [UInt8](repeating: 0, count: 16384)
        var open = true
        while open {
            let left = end - monotonicSeconds()
            if left <= 0 { break }
            var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, Int32((left * 1000).rounded(.up)))
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 {
                open = false
            } else if output.count < Deadline.externalOutputBytes {
                output += buffer[0..<min(n, Deadline.externalOutputBytes - output.count)]
            }
        }
        // Output closed: the program is ending; give it the rest of the time to exit.
        var status: Int32 = 0
        while !open {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { return Result(output: output, finished: true) }
            if (r < 0 && errno != EINTR) || monotonicSeconds() >= end { break }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Result(output: output, finished: false)
    }

    /// A pipe whose ends are closed on exec (and non-blocking if asked); nil on failure.
    static func makePipe(nonBlocking: Bool) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        return (ends[0], ends[1])
    }

    private static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
