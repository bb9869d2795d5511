import Foundation
import OrbitTestSupport

/// The `orbit` viewer running in a tmux pane under a plain `/bin/sh` script, which, once
/// orbit has exited, prints its exit status and `stty -a` (sh leaves the terminal modes as
/// orbit left them, unlike an interactive shell that resets them for its own line editor).
final class ViewerPane {
    let tmux: Tmux
    let scratch: Scratch

    /// Text every viewer frame shows in its status line.
    static let hudMark = " fps | "
    /// What starts the status line of any viewer: the frame rate, or `still` / `paused`
    /// when nothing moves on its own.
    static let hudMarks = [hudMark, " still | ", " paused | "]

    /// Starts `orbit ARGS` in a `columns` x `rows` pane. `prefix` goes before the command
    /// (e.g. `TERM=dumb`, `exec </dev/null;`); `redirect` after it (e.g. `> file`).
    /// `program` replaces orbit (the harness's own tests use it).
    init(
        _ arguments: [String] = ["--fps", "30"], columns: Int = 80, rows: Int = 24,
        prefix: String = "", redirect: String = "", program: String? = nil
    ) throws {
        scratch = try Scratch("orbit-pane")
        let stty = scratch.file("stty.txt")
        let quoted = try program ?? ([try OrbitBinary.check()] + arguments).map(Self.quote).joined(separator: " ")
        let script = try scratch.write(
            "run.sh",
            """
            #!/bin/sh
            export LANG=C.UTF-8
            # Ctrl-C reaches the whole foreground group: the script must outlive it to report.
            # (A trap with a handler is reset to the default action in orbit when it starts.)
            trap ':' INT
            \(prefix) \(quoted) \(redirect)
            echo "orbit-exit=$?" | tee \(Self.quote(scratch.file("status.txt")))
            stty -a | tee \(Self.quote(stty))
            echo "stty-done"
            exec sleep 3600

            """, mode: 0o700)
        tmux = try Tmux(columns: columns, rows: rows, command: script)
    }

    /// Single-quotes `s` for /bin/sh.
    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Waits until the viewer shows a frame with its status line on the alternate screen.
    @discardableResult
    func waitUntilDrawing(timeout: Double = 180) throws -> String {
        let screen = try tmux.waitForScreen("the status line", timeout: timeout) { s in
            Self.hudMarks.contains { s.contains($0) }
        }
        try Wait.until("the alternate screen", timeout: timeout) { try tmux.display("#{alternate_on}") == "1" }
        return screen
    }

    /// The pid of the running orbit process.
    func orbitPID() throws -> pid_t { try tmux.process(named: "orbit") }

    /// Waits for orbit to exit and the script to report; returns the terminal's state.
    func afterExit(timeout: Double = 30) throws -> TerminalAfterExit {
        let screen = try tmux.waitFor("stty-done", timeout: timeout)
        // From the file: in a small pane the line may have scrolled away.
        let status = Int32(
            scratch.read("status.txt").trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "orbit-exit=", with: ""))
        let flags = Set(
            scratch.read("stty.txt").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return TerminalAfterExit(
            status: status, screen: screen, sttyFlags: flags,
            alternateScreen: try tmux.display("#{alternate_on}") == "1",
            cursorVisible: try tmux.display("#{cursor_flag}") == "1",
            mouseReporting: try tmux.display("#{mouse_any_flag}") == "1")
    }
}
