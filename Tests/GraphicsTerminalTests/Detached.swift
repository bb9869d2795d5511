import Foundation
import OrbitTestSupport

/// A long-lived program of the real-terminal tests (Xvfb, kitty, xterm), started through
/// bash in a session of its own with every descriptor above 2 closed first: none of the
/// test process's pipes stays open in it (another test reading such a pipe to its end
/// would wait as long as the program lives). Stopped with its whole process group.
final class Detached {
    let pid: pid_t
    let what: String
    private var reaped = false

    /// Starts `argv` with standard output to `stdout` and standard error to `stderr`.
    init(_ argv: [String], what: String, stdout: String, stderr: String, environment: [String: String]? = nil) throws {
        let quoted = argv.map(Detached.quote).joined(separator: " ")
        let script =
            "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done "
            + "2>/dev/null\nexec \(quoted)\n"
        pid = try Spawn.start(
            ["/bin/bash", "-c", script], stdout: stdout, stderr: stderr,
            environment: environment, newSession: true)
        self.what = what
    }

    /// True while the program runs (a program that ended is reaped here).
    var isRunning: Bool {
        if reaped { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            reaped = true
            return false
        }
        return true
    }

    /// Ends the program and its group: SIGTERM, then SIGKILL after 10 s.
    func stop() {
        guard !reaped else { return }
        kill(-pid, SIGTERM)
        if (try? Spawn.wait(pid, timeout: 10, what: what)) == nil { kill(-pid, SIGKILL) }
        reaped = true
    }

    deinit { stop() }

    /// `text` quoted for bash.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
