import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Every wait at start-up has a deadline (`Deadline`), and signals end orbit at any
    /// stage with the terminal as the shell needs it.
    @Suite struct StartupWaits {
        @Test("A tmux server that never answers delays the viewer at most a second; q then quits")
        func silentTmuxServerDoesNotHoldTheViewer() throws {
            let silent = try SilentSocket()
            let pane = try ViewerPane(["--fps", "30"], prefix: "TMUX=\(ViewerPane.quote(silent.path)),1,0")
            try pane.waitUntilDrawing(timeout: 60)
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        @Test(
            "A signal while tmux keeps orbit waiting ends it with the terminal untouched",
            arguments: [SIGTERM, SIGHUP, SIGKILL])
        func signalWhileWaitingForTmux(signal: Int32) throws {
            let silent = try SilentSocket()
            // A 30-second deadline in the test: the wait is found while it lasts (1 s), but
            // only the tmux client below orbit shows it.
            let pane = try ViewerPane(["--fps", "30"], prefix: "TMUX=\(ViewerPane.quote(silent.path)),1,0")
            let orbit = try pane.orbitPID()
            _ = try Wait.until("tmux started by orbit", timeout: 60, interval: 0.01) { () -> pid_t? in
                Tmux.children(of: orbit).first { child in
                    let comm = try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)
                    return comm?.hasPrefix("tmux") == true
                }
            }
            #expect(kill(orbit, signal) == 0)
            let after = try pane.afterExit()
            #expect(after.status == 128 + signal)
            #expect(after.isRestored, "\(after)")
        }
    }
}
