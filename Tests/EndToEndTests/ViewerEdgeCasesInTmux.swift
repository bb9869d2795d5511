import Foundation
import Testing

/// Modes, overlays, signals and bad terminals of the live viewer, through tmux.
@Suite(.serialized) struct ViewerEdgeCasesInTmux {
    typealias V = ViewerInTmux

    @Test func mAndCCycleTheGlyphSetAndTheColourDepthShownInTheStatusLine() throws {
        let tmux = try V.start(arguments: "--glyphs blocks --colors 256")
        try tmux.waitFor("blocks | 256 (--colors)", timeout: 10, TmuxSession.contains("| blocks | 256 (--colors) |"))
        // c steps through every depth, truecolor included, and says the key chose it.
        for depth in ["16", "no colour", "truecolor", "256"] {
            try tmux.send("c")
            try tmux.waitFor("colour depth \(depth)", timeout: 10, TmuxSession.contains("| blocks | \(depth) (key c) |"))
        }
        try tmux.send("c")
        try tmux.waitFor("colour depth 16", timeout: 10, TmuxSession.contains("| 16 (key c) |"))
        // m changes the glyph set and keeps the chosen depth.
        try tmux.send("m")
        try tmux.waitFor("the next glyph set, same depth", timeout: 10) { screen in
            guard let hud = V.hud(screen) else { return false }
            return !hud.contains("| blocks |") && hud.contains("| 16 (key c) |")
        }
        try tmux.send("q")
        try tmux.waitFor("exit status 0", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
    }

    @Test func noHudDrawsThePictureWithoutAStatusLine() throws {
        let binary = try OrbitBinary.path()
        let tmux = try TmuxSession(columns: 100, rows: 30)
        try tmux.run("'\(binary)' --no-hud; echo \"exit=$?\"")
        let first = try tmux.waitFor("a picture", timeout: 30) { screen in
            screen.filter { $0.contains("▀") || $0.contains("▄") }.count > 5
        }
        #expect(V.hud(first) == nil)
        let colored = try tmux.capture(escapes: true)
        try tmux.waitFor("the picture to turn", timeout: 10, escapes: true) { $0 != colored }
        try tmux.send("q")
        try tmux.waitFor("exit status 0", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
    }

    @Test func aTooSmallTerminalShowsANoticeAndRecovers() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        try tmux.resize(columns: 12, rows: 4)
        try tmux.waitFor("the too-small notice", timeout: 10, TmuxSession.contains("terminal to"))
        try tmux.resize(columns: 80, rows: 24)
        try tmux.waitFor("the status line back on row 24", timeout: 10) { screen in
            screen.count == 24 && screen[23].contains(" fps | ") && !screen.joined().contains("too small")
        }
        try tmux.send("q")
        try tmux.waitFor("exit status 0", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
    }

    @Test func sigtermRestoresTheTerminalAndExitsWith143() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        let pid = try tmux.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The viewer is the shell's only child.
        let child = try Spawn.run("/usr/bin/pgrep", ["-P", pid]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let viewer = try #require(Int32(child), "no viewer process under the shell (\(child))")
        kill(viewer, SIGTERM)
        try tmux.waitFor("exit status 143", timeout: 10, TmuxSession.line(startingWith: "exit=143"))
        try V.expectUsableShell(tmux)
    }

    @Test func ctrlZSuspendsAndFgRepaints() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        try tmux.send("C-z")
        try tmux.waitFor("the job to stop", timeout: 10, TmuxSession.contains("Stopped"))
        #expect(V.hud(try tmux.capture()) == nil, "the status line stayed while suspended")
        // The shell already printed the stopped job's status; fg reports the final one.
        try tmux.run("clear; fg; echo \"exit=$?\"")
        try tmux.waitFor("the viewer to repaint", timeout: 10) { V.hud($0) != nil }
        try V.waitForChange(tmux, from: try V.coloredPicture(tmux), "the Earth to turn again")
        try tmux.send("q")
        try tmux.waitFor("exit status 0", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
    }

    @Test func standardOutputThatIsNotATerminalGivesAOneLineErrorAndStatus1() throws {
        let binary = try OrbitBinary.path()
        let tmux = try TmuxSession(columns: 100, rows: 10)
        try tmux.run("'\(binary)' | cat; echo \"exit=${PIPESTATUS[0]}\"")
        let screen = try tmux.waitFor("the exit status", timeout: 20, TmuxSession.line(startingWith: "exit="))
        let errors = screen.filter { $0.hasPrefix("orbit: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("standard output is not a terminal") == true)
        #expect(screen.contains("exit=1"))
    }

    @Test func apollonianLevelKeysShowTheNewLevel() throws {
        let tmux = try V.start(arguments: "apollonian --level 2")
        try tmux.waitFor("level 2", timeout: 20, TmuxSession.contains("level 2 ("))
        try tmux.send("3")
        try tmux.waitFor("level 3", timeout: 30) { screen in V.hud(screen)?.contains("level 3 (") == true }
        try tmux.send("]")
        try tmux.waitFor("level 4", timeout: 30) { screen in V.hud(screen)?.contains("level 4 (") == true }
        try tmux.send("q")
        try tmux.waitFor("exit status 0", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
    }

    @Test func aGestureScriptPlaysInTheLiveViewer() throws {
        let tmux = try V.start(arguments: "--gestures 'right@3 right@6 tap@9'")
        try tmux.waitFor("the scripted pause", timeout: 20, TmuxSession.contains("tap -> paused"))
        let a = try tmux.capture(escapes: true)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try tmux.capture(escapes: true) == a)
        try tmux.send("q")
    }

    /// An X10 mouse report (TERM=screen-256color: `kmous=\E[M`), as hex bytes for
    /// `send-keys -H`: button code, then column and row, each plus 33 (0-based).
    static func mouse(_ code: Int, column: Int, row: Int) -> [String] {
        ["1b", "5b", "4d"] + [32 + code, 33 + column, 33 + row].map { String($0, radix: 16) }
    }

    @Test func aMouseFlingTurnsTheModelAndAClickStopsIt() throws {
        let tmux = try V.start(columns: 80, rows: 24, arguments: "--spin 0")
        // Press, drag right with the button held (code 32 + button 0), release (code 3).
        try tmux.tmux(["send-keys", "-H"] + Self.mouse(0, column: 10, row: 10) + Self.mouse(32, column: 20, row: 10))
        try tmux.tmux(["send-keys", "-H"] + Self.mouse(32, column: 30, row: 10))
        try tmux.tmux(["send-keys", "-H"] + Self.mouse(32, column: 40, row: 10) + Self.mouse(3, column: 40, row: 10))
        try tmux.waitFor("the fling", timeout: 10, TmuxSession.contains("release -> momentum"))
        let moving = try V.coloredPicture(tmux)
        try V.waitForChange(tmux, from: moving, "the model to keep turning")
        try tmux.tmux(["send-keys", "-H"] + Self.mouse(0, column: 5, row: 5) + Self.mouse(3, column: 5, row: 5))
        try tmux.waitFor("the click", timeout: 10, TmuxSession.contains("click -> stop"))
        let a = try tmux.capture(escapes: true)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try tmux.capture(escapes: true) == a, "the model kept turning after the click")
        try tmux.send("q")
    }

    @Test func aHangUpEndsTheViewer() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        let shell = try tmux.tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let child = try Spawn.run("/usr/bin/pgrep", ["-P", shell]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let viewer = try #require(Int32(child), "no viewer process under the shell (\(child))")
        // Closing the terminal (as a dropped SSH connection does) sends SIGHUP.
        try tmux.tmux(["kill-server"])
        let deadline = Date().addingTimeInterval(10)
        while kill(viewer, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(viewer, 0) != 0, "the viewer is still running after its terminal closed")
    }
}
