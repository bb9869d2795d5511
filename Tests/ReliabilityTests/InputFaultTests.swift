import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// What the terminal sends is read by one decoder: only a lone Esc quits, unfinished
    /// sequences time out, unknown ones are ignored, type-ahead of any length comes through.
    @Suite struct InputFaults {
        /// Shows the help with `h` and waits for it: the viewer is still reading keys.
        func expectKeysStillRead(_ pane: ViewerPane, after what: String) throws {
            try pane.tmux.send("h")
            try pane.tmux.waitFor("orbit keys", timeout: 60)
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0, "after \(what)")
            #expect(after.isRestored, "\(after)")
        }

        @Test("Type-ahead longer than ncurses' key queue (137) while the terminal is probed")
        func longTypeAheadDuringTheProbe() throws {
            // The keys wait in the terminal's input queue until orbit reads it at start-up.
            let pane = try ViewerPane(["--fps", "30"], prefix: "sleep 2;")
            try pane.tmux.send(String(repeating: "x", count: 600), literal: true)
            try pane.waitUntilDrawing(timeout: 120)
            try expectKeysStillRead(pane, after: "600 keys typed ahead")
        }

        @Test(
            "Alt+] Alt+P Alt+_ Alt+^ Alt+X on a paused scene do not swallow later keys",
            arguments: ["M-]", "M-P", "M-_", "M-^", "M-X"])
        func altKeysThatOpenControlStrings(key: String) throws {
            let pane = try ViewerPane(["--fps", "30"])
            try pane.waitUntilDrawing()
            try pane.tmux.send("Space")
            try pane.tmux.waitFor(" paused | ")
            try pane.tmux.send(key)
            // Past the string's time-out (1 s) keys are keys again: `+` (zoom) until it shows.
            try Wait.until("a zoom after \(key)", timeout: 60, interval: 0.5) {
                try pane.tmux.send("+", literal: true)
                return try pane.tmux.screen().contains("zoom")
            }
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
        }

        @Test(
            "Complete escape sequences the terminal database does not list are ignored, not Esc",
            arguments: [
                "\u{1B}[200~", "\u{1B}[I", "\u{1B}[97;5u", "\u{1B}[25~", "\u{1B}[29~", "\u{1B}[H", "\u{1B}[F",
                "\u{1B}[12;40R", "\u{1B}[>1;4000;0c",
            ])
        func unknownSequencesDoNotQuit(sequence: String) throws {
            let pane = try ViewerPane(["--fps", "30"])
            try pane.waitUntilDrawing()
            try pane.tmux.send(sequence, literal: true)
            try expectKeysStillRead(pane, after: "\(Array(sequence.utf8))")
        }

        @Test("The status answer split in transit (ESC, then [0n 60 ms later) does not quit")
        func splitStatusAnswer() throws {
            let pane = try ViewerPane(["--fps", "30"])
            try pane.waitUntilDrawing()
            // Paused: no frame, so no real answer comes between the two halves (a real
            // answer's ESC right after an ESC makes that ESC a lone Esc, as it should).
            try pane.tmux.send("Space")
            try pane.tmux.waitFor(" paused | ")
            // One tmux command: the server sends ESC, waits 60 ms, sends the rest (two client
            // runs could be far more than 60 ms apart on a busy machine).
            _ = try pane.tmux.run([
                "send-keys", "-t", "0", "Escape", ";", "run-shell", "sleep 0.06", ";", "send-keys", "-t", "0", "-l",
                "[0n",
            ])
            try expectKeysStillRead(pane, after: "ESC, [0n")
        }

        @Test("A lone Esc still quits")
        func loneEscQuits() throws {
            let pane = try ViewerPane(["--fps", "30"])
            try pane.waitUntilDrawing()
            try pane.tmux.send("Escape")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
