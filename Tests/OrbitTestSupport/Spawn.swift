import Foundation

/// Starts programs with posix_spawn (not Foundation's `Process`, whose pipes a daemonizing
/// child such as the tmux server can keep open forever), so the test can choose every
/// descriptor, start a new session (for a pty) and read `ru_maxrss` through wait4.
/// Children start with an empty signal mask and default actions: a test runs on a worker
/// thread that blocks most signals, which a shell or tmux server must not inherit.
public enum Spawn {
    /// glibc's POSIX_SPAWN_SETSID (declared only under _GNU_SOURCE, so not imported).
    public static let posixSpawnSetSID: Int32 = 0x80

    /// Starts `argv` (looked up in PATH) with descriptors 0, 1, 2 opened from the given
    /// paths; `environment` replaces the test's environment when given.
    public static func start(
        _ argv: [String], stdin: String = "/dev/null", stdout: String, stderr: String,
        environment: [String: String]? = nil, newSession: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, stdin == stdout ? O_RDWR : O_RDONLY, 0)
        if stdout == stdin {
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        if stderr == stdout {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newSession { flags |= posixSpawnSetSID }
        posix_spawnattr_setflags(&attr, Int16(flags))
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)

        let env = environment ?? ProcessInfo.processInfo.environment
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArgs { free(pointer) }
            for pointer in cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attr, cArgs, cEnv)
        guard rc == 0 else { throw HarnessError("cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// Waits for `pid` at most `timeout` seconds (then kills it and throws): a hang guard.
    ///
    /// The peak memory is the program's own `VmHWM` (/proc/PID/status), read every 10 ms
    /// while it runs. Not `ru_maxrss`: a child made by posix_spawn (vfork) starts out
    /// sharing the test process's memory, and the kernel keeps that (hundreds of MB, and
    /// growing as the tests run) as the child's maximum across exec.
    public static func wait(_ pid: pid_t, timeout: Double, what: String) throws -> (
        status: Int32, signal: Int32?, maxRSSKiB: Int
    ) {
        let deadline = Date().addingTimeInterval(timeout)
        var raw: Int32 = 0
        var usage = rusage()
        var peak = 0
        while true {
            peak = max(peak, peakMemoryKiB(pid) ?? 0)
            let r = wait4(pid, &raw, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw HarnessError("wait4 failed for \(what): errno \(errno)") }
            if Date() > deadline {
                // Its own process group when started with a new session: take the
                // children (a pipeline's members) down with it.
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = wait4(pid, &raw, 0, &usage)
                throw HarnessError("\(what) did not finish within \(Int(timeout)) s (killed)")
            }
            usleep(10_000)
        }
        let termSignal = raw & 0x7f
        if termSignal == 0 {
            return ((raw >> 8) & 0xff, nil, peak)
        }
        return (128 + termSignal, termSignal, peak)
    }

    /// `VmHWM` of a running process in KiB (nil once it has exited).
    public static func peakMemoryKiB(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// Runs `argv` to the end (hang guard `timeout` seconds) with standard output going to
    /// `stdoutPath` (a scratch file when nil) and standard error captured.
    public static func run(
        _ argv: [String], stdin: String = "/dev/null", stdoutPath: String? = nil,
        environment: [String: String]? = nil, timeout: Double = 120
    ) throws -> RunResult {
        let scratch = try Scratch("orbit-run")
        let out = stdoutPath ?? scratch.file("stdout")
        let err = scratch.file("stderr")
        let pid = try start(argv, stdin: stdin, stdout: out, stderr: err, environment: environment, newSession: true)
        let end = try wait(pid, timeout: timeout, what: argv.joined(separator: " "))
        let stdoutText = stdoutPath == nil ? scratch.read("stdout") : ""
        return RunResult(
            status: end.status, signal: end.signal, stdout: stdoutText,
            stderr: scratch.read("stderr"), maxRSSKiB: end.maxRSSKiB)
    }
}
