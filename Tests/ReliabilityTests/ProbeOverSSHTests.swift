import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// The start-up probe over a real SSH connection from a tmux pane, where the remote side
    /// has no `TMUX`: nothing it sends may become the pane title, the window name, or text.
    @Suite struct ProbeOverSSH {
        /// Text that only a leaked query would put on the screen or in a title.
        static let leaks = ["Gi=", "a=q", "+q", "$q", "tmux;", "524742", "[>q"]

        @Test(
            "Over SSH from tmux the probe leaves the pane title, window name and screen as they were",
            arguments: ["tmux-256color", "screen-256color", "xterm-256color"])
        func probeLeavesNoTrace(term: String) throws {
            if let reason = SSHServer.unavailableReason { try Test.cancel("SSH test skipped: \(reason)") }
            let orbit = try OrbitBinary.check()
            let server = try SSHServer()
            // Wide enough for the status line's start-up note (the first part to go).
            let tmux = try Tmux(
                columns: 140, rows: 30, command: server.clientCommand(port: server.port, compression: false))
            try tmux.type("export LANG=C.UTF-8 PS1='remote$ '; unset TMUX; echo ready-$((6*7))")
            try tmux.waitFor("ready-42", timeout: 60)
            // A fixed window name (tmux's automatic renaming follows the local foreground
            // process, late on a busy machine) that only an escape sequence could change.
            _ = try tmux.run(["rename-window", "-t", "0", "probe-window"])
            _ = try tmux.run(["set-window-option", "-t", "0", "allow-rename", "on"])
            let title = try tmux.display("#{pane_title}")
            let window = try tmux.display("#{window_name}")

            try tmux.type("clear; TERM=\(term) \(ViewerPane.quote(orbit)) --fps 10; echo viewer-exit-$?")
            _ = try tmux.waitFor(ViewerPane.hudMark, timeout: 60)
            // Nothing showed direct colour (SSH does not forward COLORTERM, tmux answers
            // no colour query): the status line says how to get it.
            _ = try tmux.waitFor("true colour over ssh: SendEnv COLORTERM", timeout: 30)
            #expect(try tmux.display("#{pane_title}") == title)
            try tmux.send("q")
            let after = try tmux.waitFor("viewer-exit-0")
            let titleAfter = try tmux.display("#{pane_title}")
            let windowAfter = try tmux.display("#{window_name}")
            #expect(titleAfter == title, "TERM=\(term): pane title became '\(titleAfter)'")
            #expect(windowAfter == window, "TERM=\(term): window name became '\(windowAfter)'")
            for leak in Self.leaks {
                #expect(!after.contains(leak), "TERM=\(term): '\(leak)' on the screen after q:\n\(after)")
                #expect(!titleAfter.contains(leak) && !windowAfter.contains(leak))
            }
            try tmux.type("exit")
        }

        /// What the true-colour note advises works: with the client's `SendEnv COLORTERM`
        /// (and the server's `AcceptEnv COLORTERM`), the remote viewer draws true colour and
        /// gives no note.
        @Test func sendEnvColortermCarriesTrueColourOverSSH() throws {
            if let reason = SSHServer.unavailableReason { try Test.cancel("SSH test skipped: \(reason)") }
            let orbit = try OrbitBinary.check()
            let server = try SSHServer()
            let scratch = try Scratch("orbit-sendenv")
            let tmux = try Tmux(
                columns: 100, rows: 30,
                command: "env COLORTERM=truecolor "
                    + server.clientCommand(port: server.port, compression: false, sendEnv: ["COLORTERM"]))
            try tmux.type("export LANG=C.UTF-8 PS1='remote$ '; unset TMUX; echo ready-$((6*7))")
            try tmux.waitFor("ready-42", timeout: 60)
            let stats = scratch.file("stats")
            try tmux.type(
                "clear; TERM=tmux-256color ORBIT_STATS=1 \(ViewerPane.quote(orbit)) --fps 10 2>\(stats); "
                    + "echo viewer-exit-$?")
            let screen = try tmux.waitFor(ViewerPane.hudMark, timeout: 60)
            #expect(!screen.contains("true colour"), "\(screen)")
            try tmux.send("q")
            _ = try tmux.waitFor("viewer-exit-0")
            let detected = scratch.read("stats")
            #expect(detected.contains("colors truecolor (env COLORTERM=truecolor)"), "\(detected)")
            try tmux.type("exit")
        }
    }
}
