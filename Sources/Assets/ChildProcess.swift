import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with bytes on its standard input and collects its standard output,
/// within a deadline and a byte limit; its standard error goes to /dev/null. Both streams
/// are one socket pair, so a child that dies early cannot raise SIGPIPE here.
enum ChildProcess {
    /// How the child ended.
    enum Status: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Killed at the deadline.
        case timedOut
        /// Killed for writing more than the limit.
        case tooMuchOutput
    }

    /// Runs `path` with `arguments`, writing `input` and reading its output.
    /// - Parameters:
    ///   - timeout: seconds from the start to the child's end; then it is killed.
    ///   - maxOutput: most output bytes kept; more kills the child.
    ///   - name: the model file, for messages.
    static func run(
        _ path: String, arguments: [String], input: [UInt8], timeout: Double, maxOutput: Int, name: String
    ) throws(AssetError) -> (status: Status, output: [UInt8]) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw AssetError(file: name, "cannot start the assimp reader (socketpair: errno \(errno))")
        }
        let (mine, theirs) = (fds[0], fds[1])
        defer { close(mine) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs, 0)
        posix_spawn_file_actions_adddup2(&actions, theirs, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, mine)
        posix_spawn_file_actions_addclose(&actions, theirs)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(theirs)
        guard spawned == 0 else {
            throw AssetError(
                file: name, "cannot start the assimp reader '\(path)' (\(String(cString: strerror(spawned))))")
        }
        _ = fcntl(mine, F_SETFL, fcntl(mine, F_GETFL) | O_NONBLOCK)
        let deadline = Date().addingTimeInterval(timeout)
        var output: [UInt8] = []
        var sent = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var ending: Status?
        var open = true
        if input.isEmpty { shutdown(mine, Int32(SHUT_WR)) }
        while open {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 {
                ending = .timedOut
                break
            }
            var p = pollfd(fd: mine, events: Int16(POLLIN) | (sent < input.count ? Int16(POLLOUT) : 0), revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno != EINTR { break }
            if ready <= 0 { continue }
            if sent < input.count, p.revents & Int16(POLLOUT) != 0 {
                let n = input.withUnsafeBytes {
                    send(mine, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
                }
                if n > 0 {
                    sent += n
                    if sent == input.count { shutdown(mine, Int32(SHUT_WR)) }
                } else if n < 0, errno != EAGAIN, errno != EINTR {
                    sent = input.count  // the child stopped reading: wait for its end
                }
            }
            if p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let n = chunk.withUnsafeMutableBytes { recv(mine, $0.baseAddress, $0.count, 0) }
                if n > 0 {
                    output += chunk[0..<n]
                    if output.count > maxOutput {
                        ending = .tooMuchOutput
                        break
                    }
                } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                    open = false
                }
            }
        }
        var status: Int32 = 0
        // A child that closed its output may still be running: it gets the same deadline.
        while ending == nil, waitpid(pid, &status, WNOHANG) != pid {
            if deadline.timeIntervalSinceNow <= 0 { ending = .timedOut } else { usleep(2000) }
        }
        if let ending {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return (ending, output)
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros: their definitions for Linux.
        if status & 0x7f == 0 { return (.exited((status >> 8) & 0xff), output) }
        return (.signalled(status & 0x7f), output)
    }
}
