import Foundation
import OrbitTestSupport
import Testing

/// Modes, overlays, signals and bad terminals of the live viewer, through tmux.
@Suite(.serialized) struct ViewerEdgeCasesInTmux {
    typealias V = ViewerInTmux

    @Test func mAndCCycleTheGlyphSetAndTheColourDepthShownInTheStatusLine() throws {
        let tmux = try V.start(arguments: "--glyphs blocks --colors 256")
        try tmux.waitForLines("blocks | 256 (--colors)", timeout: 30, Tmux.contains("| blocks | 256 (--colors) |"))
        // c steps through every depth, truecolor included, and says the key chose it.
        for depth in ["16", "no colour", "truecolor", "256"] {
            try tmux.send("c")
            try tmux.waitForLines("colour depth \(depth)", timeout: 30, Tmux.contains("| blocks | \(depth) (key c) |"))
        }
        try tmux.send("c")
        try tmux.waitForLines("colour depth 16", timeout: 30, Tmux.contains("| 16 (key c) |"))
        // m changes the glyph set and keeps the chosen depth.
        try tmux.send("m")
        try tmux.waitForLines("the next glyph set, same depth", timeout: 30) { screen in
            guard let hud = V.hud(screen) else { return false }
            return !hud.contains("| blocks |") && hud.contains("| 16 (key c) |")
        }
        try V.quit(tmux, timeout: 30)
    }

    @Test func noHudDrawsThePictureWithoutAStatusLine() throws {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 100, rows: 30)
        try tmux.type("'\(binary)' --no-hud; echo \"exit=$?\"")
        let first = try tmux.waitForLines("a picture", timeout: 30) { screen in
            screen.filter { $0.contains("▀") || $0.contains("▄") }.count > 5
        }
        #expect(V.hud(first) == nil)
        let colored = try tmux.lines(escapes: true)
        try tmux.waitForLines("the picture to turn", timeout: 30, escapes: true) { $0 != colored }
        try V.quit(tmux, timeout: 30)
    }

    @Test func aTooSmallTerminalShowsANoticeAndRecovers() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        try tmux.resize(columns: 12, rows: 4)
        try tmux.waitForLines("the too-small notice", timeout: 30, Tmux.contains("terminal to"))
        try tmux.resize(columns: 80, rows: 24)
        try tmux.waitForLines("the status line back on row 24", timeout: 30) { screen in
            screen.count == 24 && screen[23].contains(" fps | ") && !screen.joined().contains("too small")
        }
        try V.quit(tmux, timeout: 30)
    }

    @Test func sigtermRestoresTheTerminalAndExitsWith143() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        let viewer = try tmux.process(named: "orbit")
        kill(viewer, SIGTERM)
        try tmux.waitForLines("exit status 143", timeout: 30, Tmux.line(startingWith: "exit=143"))
        try V.expectUsableShell(tmux)
    }

    @Test func ctrlZSuspendsAndFgRepaints() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        try tmux.send("C-z")
        try tmux.waitForLines("the job to stop", timeout: 30, Tmux.contains("Stopped"))
        #expect(V.hud(try tmux.lines()) == nil, "the status line stayed while suspended")
        // The shell already printed the stopped job's status; fg reports the final one.
        try tmux.type("clear; fg; echo \"exit=$?\"")
        try tmux.waitForLines("the viewer to repaint", timeout: 30) { V.hud($0) != nil }
        try V.waitForChange(tmux, from: try V.coloredPicture(tmux), "the Earth to turn again")
        try V.quit(tmux, timeout: 30)
    }

    @Test func standardOutputThatIsNotATerminalGivesAOneLineErrorAndStatus1() throws {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 100, rows: 10)
        try tmux.type("'\(binary)' | cat; echo \"exit=${PIPESTATUS[0]}\"")
        let screen = try tmux.waitForLines("the exit status", timeout: 20, Tmux.line(startingWith: "exit="))
        let errors = screen.filter { $0.hasPrefix("orbit: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("standard output is not a terminal") == true)
        #expect(screen.contains("exit=1"))
    }

    @Test func apollonianLevelKeysShowTheNewLevel() throws {
        let tmux = try V.start(arguments: "apollonian --level 2")
        try tmux.waitForLines("level 2", timeout: 20, Tmux.contains("level 2 ("))
        try tmux.send("3")
        try tmux.waitForLines("level 3", timeout: 30) { screen in V.hud(screen)?.contains("level 3 (") == true }
        try tmux.send("]")
        try tmux.waitForLines("level 4", timeout: 30) { screen in V.hud(screen)?.contains("level 4 (") == true }
        try V.quit(tmux, timeout: 30)
    }

    @Test func aGestureScriptPlaysInTheLiveViewer() throws {
        let tmux = try V.start(arguments: "--gestures 'right@3 right@6 tap@9'")
        try tmux.waitForLines("the scripted pause", timeout: 20, Tmux.contains("tap -> paused"))
        let a = try tmux.lines(escapes: true)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try tmux.lines(escapes: true) == a)
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
        try tmux.run(["send-keys", "-H"] + Self.mouse(0, column: 10, row: 10) + Self.mouse(32, column: 20, row: 10))
        try tmux.run(["send-keys", "-H"] + Self.mouse(32, column: 30, row: 10))
        try tmux.run(["send-keys", "-H"] + Self.mouse(32, column: 40, row: 10) + Self.mouse(3, column: 40, row: 10))
        try tmux.waitForLines("the fling", timeout: 30, Tmux.contains("release -> momentum"))
        let moving = try V.coloredPicture(tmux)
        try V.waitForChange(tmux, from: moving, "the model to keep turning")
        try tmux.run(["send-keys", "-H"] + Self.mouse(0, column: 5, row: 5) + Self.mouse(3, column: 5, row: 5))
        try tmux.waitForLines("the click", timeout: 30, Tmux.contains("click -> stop"))
        let a = try tmux.lines(escapes: true)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(try tmux.lines(escapes: true) == a, "the model kept turning after the click")
        try tmux.send("q")
    }

    @Test func aHangUpEndsTheViewer() throws {
        let tmux = try V.start(columns: 80, rows: 24)
        let viewer = try tmux.process(named: "orbit")
        // Closing the terminal (as a dropped SSH connection does) sends SIGHUP.
        try tmux.run(["kill-server"])
        let deadline = Date().addingTimeInterval(30)
        while kill(viewer, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(viewer, 0) != 0, "the viewer is still running after its terminal closed")
    }
}

extension ViewerEdgeCasesInTmux {
    @Test func aMissingTextureIsAWarningInTheMessageLineAndTheModelIsDrawn() throws {
        let scratch = try Scratch("orbit-models-warning")
        try scratch.write("m.mtl", "newmtl paint\nKd 0.8 0.2 0.2\nmap_Kd gone.png\n")
        let path = try scratch.write("tri.obj", "mtllib m.mtl\nv -1 -1 0\nv 1 -1 0\nv 0 1 0\nusemtl paint\nf 1 2 3\n")
        let tmux = try V.start(columns: 160, rows: 30, arguments: "'\(path)'")
        // The box shows the warning's start (the rest is cut at the window's width).
        try tmux.waitForLines("the warning in the message line", timeout: 30) { screen in
            screen.contains { $0.contains("┌ warning ") }
                && screen.contains { $0.contains("tri.obj: line 1: m.mtl: line 3: texture") }
        }
        let screen = try tmux.lines()
        #expect(screen.filter { $0.contains("▀") || $0.contains("▄") || $0.contains("█") }.count > 3, "\(screen)")
        try V.quit(tmux, timeout: 30)
    }
}
