import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Terminals that change under the viewer or cannot host it.
    @Suite struct TerminalFaults {
        @Test("A storm of resizes leaves the viewer drawing at the final size")
        func resizeStormEndsAtFinalSize() throws {
            let pane = try ViewerPane()
            try pane.waitUntilDrawing()
            // Sixty resizes in one tmux command: they reach orbit as SIGWINCH while it is
            // still drawing for an earlier size.
            var storm: [String] = []
            for i in 0..<60 {
                storm += [
                    "resize-window", "-t", "0", "-x", "\(30 + (i * 37) % 170)", "-y", "\(8 + (i * 13) % 50)", ";",
                ]
            }
            try pane.tmux.run(storm)
            // Then twenty more, one tmux call each, so they arrive spread over frames.
            for i in 0..<20 {
                try pane.tmux.run([
                    "resize-window", "-t", "0", "-x", "\(20 + (i * 53) % 180)", "-y", "\(6 + (i * 7) % 55)",
                ])
            }
            try pane.tmux.run(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
            #expect(try pane.tmux.display("#{pane_width}x#{pane_height}") == "100x30")
            // The status line ends up on the last row of the new size, full width, and no
            // stale one stays above it. Frames drawn for earlier sizes may still be on their
            // way when the last resize lands: wait for the settled screen.
            try pane.tmux.waitForScreen("the status line on row 30 of 100x30 and nowhere else") { screen in
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return rows.count >= 30 && rows[29].contains(ViewerPane.hudMark)
                    && rows.prefix(29).allSatisfy { !$0.contains(ViewerPane.hudMark) }
            }
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        @Test("A 1x1 terminal gets no picture and no crash; growing it brings the view back")
        func oneByOnePaneThenGrow() throws {
            let pane = try ViewerPane(columns: 1, rows: 1)
            // Orbit is up (its process exists) and stays up at 1x1.
            let pid = try pane.orbitPID()
            try Wait.until("the viewer to take the 1x1 terminal") { try pane.tmux.display("#{alternate_on}") == "1" }
            #expect(kill(pid, 0) == 0, "orbit died in a 1x1 terminal")
            try pane.tmux.run(["resize-window", "-t", "0", "-x", "80", "-y", "24"])
            try pane.waitUntilDrawing()
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        @Test("A terminal smaller than the minimum shows why instead of a picture")
        func tooSmallTerminalSaysSo() throws {
            let pane = try ViewerPane(columns: 40, rows: 3)
            let screen = try pane.tmux.waitFor("too small")
            #expect(!screen.contains(ViewerPane.hudMark))
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        /// Environments in which the viewer must refuse to start with one line and status 1.
        static let refusals: [(name: String, prefix: String, redirect: String, message: String)] = [
            ("TERM=dumb", "TERM=dumb", "", "TERM is 'dumb'"),
            ("TERM unset", "env -u TERM", "", "TERM is not set"),
            ("TERM unknown", "TERM=no-such-terminal", "", "unknown terminal type 'no-such-terminal'"),
            ("stdin not a terminal", "", "< /dev/null", "standard input is not a terminal"),
            ("stdout a file", "", "> \"$0.out\"", "standard output is not a terminal"),
        ]

        @Test(
            "The viewer refuses a terminal it cannot use with one line and status 1",
            arguments: refusals.indices)
        func refusesUnusableTerminal(index: Int) throws {
            let c = Self.refusals[index]
            let pane = try ViewerPane(prefix: c.prefix, redirect: c.redirect)
            let after = try pane.afterExit()
            #expect(after.status == 1, "\(c.name)")
            let lines = after.screen.split(separator: "\n").filter { $0.hasPrefix("orbit:") }
            #expect(lines.count == 1, "\(c.name): \(after.screen)")
            #expect(lines.first?.contains(c.message) == true, "\(c.name): \(lines)")
            #expect(after.isRestored, "\(c.name): \(after)")
            #expect(!after.showsCrash)
            if c.name == "stdout a file" {
                // Nothing at all went to the file: no escape sequences, no half frame.
                let out = pane.scratch.file("run.sh.out")
                let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? -1
                #expect(size == 0, "the viewer wrote \(size) bytes into the redirected file")
            }
        }
    }
}
