import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and waits for it, without Foundation's `Process` (whose pipes a
/// daemonizing child such as the tmux server can keep open forever).
enum Spawn {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `path` with `arguments`; standard output goes to a temporary file that is read
    /// back after the program exits, standard error is discarded.
    static func run(_ path: String, _ arguments: [String]) throws -> Result {
        let outPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("orbit-e2e-\(getpid())-\(UUID().uuidString).out").path
        defer { unlink(outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // A test runs on a worker thread that blocks most signals; the child must not
        // inherit that mask (a tmux server and its shell would ignore SIGHUP and SIGTERM).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard rc == 0 else {
            throw TmuxSession.Failure(description: "cannot start \(path): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return Result(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output)
    }
}
