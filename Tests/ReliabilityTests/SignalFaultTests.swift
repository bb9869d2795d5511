import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Signals sent to the running viewer: it exits cleanly and gives the terminal back.
    @Suite struct SignalFaults {
        @Test(
            "SIGINT, SIGTERM and SIGHUP end the viewer and restore the terminal",
            arguments: [(SIGINT, Int32(0)), (SIGTERM, Int32(128 + SIGTERM)), (SIGHUP, Int32(128 + SIGHUP))])
        func signalEndsViewerAndRestoresTerminal(signal: Int32, expectedStatus: Int32) throws {
            let pane = try ViewerPane()
            try pane.waitUntilDrawing()
            let pid = try pane.orbitPID()
            #expect(kill(pid, signal) == 0)
            let after = try pane.afterExit()
            #expect(after.status == expectedStatus, "exit status after signal \(signal)")
            #expect(after.isRestored, "terminal not restored after signal \(signal): \(after)")
            #expect(!after.showsCrash, "\(after.screen)")
        }

        @Test("SIGTERM while a deep Apollonian level is being generated ends the viewer cleanly")
        func signalDuringLevelGeneration() throws {
            // Level 13 with no radius cut-off, then `]`: generation 14 (54 million spheres,
            // a million of them drawn) runs in the background for seconds with its progress
            // box on screen.
            let pane = try ViewerPane([
                "apollonian", "--level", "13", "--min-radius", "0", "--max-spheres", "100000000",
            ])
            try pane.waitUntilDrawing(timeout: 120)
            try pane.tmux.waitFor("level 13 (", timeout: 120)
            try pane.tmux.send("]")
            try pane.tmux.waitFor("Esc cancels", timeout: 60)
            #expect(kill(try pane.orbitPID(), SIGTERM) == 0)
            let after = try pane.afterExit(timeout: 60)
            #expect(after.status == 128 + SIGTERM)
            #expect(after.isRestored, "\(after)")
            #expect(!after.showsCrash, "\(after.screen)")
        }

        @Test("Ctrl-C typed at the keyboard quits with status 0 and a usable terminal")
        func controlCQuits() throws {
            let pane = try ViewerPane()
            try pane.waitUntilDrawing()
            try pane.tmux.send("C-c")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        @Test("Ctrl-Z suspends to the shell with the terminal restored, fg repaints the view")
        func suspendAndResumeRepaints() throws {
            let orbit = try OrbitBinary.check()
            // An interactive shell with job control, as a user has: Ctrl-Z stops orbit's
            // process group and `fg` continues it with SIGCONT.
            let tmux = try Tmux(
                command: "env -i PATH=/usr/bin:/bin HOME=/tmp TERM=$TERM PS1='shell> ' bash --norc --noprofile -i")
            try tmux.waitFor("shell>")
            try tmux.type("LANG=C.UTF-8 \(ViewerPane.quote(orbit))")
            try tmux.waitFor(ViewerPane.hudMark)
            try tmux.send("C-z")
            try tmux.waitFor("Stopped")
            #expect(try tmux.display("#{alternate_on}") == "0", "still on the alternate screen while stopped")
            #expect(try tmux.display("#{cursor_flag}") == "1", "cursor hidden while stopped")
            #expect(try tmux.display("#{mouse_any_flag}") == "0", "mouse reports on while stopped")
            try tmux.type("fg")
            // Back on a fresh alternate screen: only a repaint can put the view there.
            try Wait.until("the alternate screen after fg") { try tmux.display("#{alternate_on}") == "1" }
            let resumed = try tmux.waitFor(ViewerPane.hudMark)
            #expect(!resumed.contains("Stopped"))
            try tmux.send("q")
            try Wait.until("orbit to leave the alternate screen") { try tmux.display("#{alternate_on}") == "0" }
            try tmux.type("echo after-fg=$?")
            try tmux.waitFor("after-fg=0")
            #expect(try tmux.display("#{cursor_flag}") == "1")
        }
    }
}

extension Reliability {
    /// Every other signal whose default action ends a process: the terminal is restored.
    @Suite struct EndingSignals {
        /// Sent by another process: the viewer ends with 128 + the signal number.
        static let ending: [Int32] = [
            SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
            SIGXFSZ, SIGSTKFLT,
        ]

        @Test(
            "Every signal that ends a process ends the viewer with the terminal restored",
            arguments: ending)
        func endingSignalRestoresTerminal(signal: Int32) throws {
            let pane = try ViewerPane()
            try pane.waitUntilDrawing()
            #expect(kill(try pane.orbitPID(), signal) == 0)
            let after = try pane.afterExit()
            #expect(after.status == 128 + signal, "exit status after signal \(signal)")
            #expect(after.isRestored, "terminal not restored after signal \(signal): \(after)")
            #expect(!after.showsCrash, "\(after.screen)")
        }

        /// Crash signals: the process dies of the signal (after the runtime's report), yet
        /// the terminal is back and no interactive prompt waits for a key.
        @Test(
            "A crash signal restores the terminal and ends without an interactive prompt",
            arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE])
        func crashSignalRestoresTerminal(signal: Int32) throws {
            let pane = try ViewerPane()
            try pane.waitUntilDrawing()
            #expect(kill(try pane.orbitPID(), signal) == 0)
            let after = try pane.afterExit(timeout: 120)
            #expect(after.status == 128 + signal, "exit status after signal \(signal): \(after.screen)")
            #expect(after.isRestored, "terminal not restored after signal \(signal): \(after)")
        }
    }
}
