import Foundation
import OrbitTestSupport
import Testing

/// The live viewer driven through tmux as a user would (issue 3, "Done when").
@Suite(.serialized) struct ViewerInTmux {
    /// True for a HUD row: it shows the frame rate, `paused` or `still` (a capture with
    /// escapes has the reverse-video sequence first).
    static func isHUD(_ row: String) -> Bool {
        row.contains(" fps | ") || row.contains(" paused | ") || row.contains(" still | ")
    }

    /// The HUD row is the last row that shows the frame rate, `paused` or `still`.
    static func hud(_ screen: [String]) -> String? { screen.last(where: isHUD) }

    /// The picture: every row above the HUD.
    static func picture(_ screen: [String]) -> [String] {
        guard let i = screen.lastIndex(where: isHUD) else { return screen }
        return Array(screen[..<i])
    }

    /// Starts `orbit` (the Earth) in a fresh tmux and waits for its first HUD.
    static func start(columns: Int = 120, rows: Int = 40, arguments: String = "") throws -> Tmux {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: columns, rows: rows)
        try tmux.type("'\(binary)' \(arguments); echo \"exit=$?\"")
        try tmux.waitForLines("the viewer's status line", timeout: 30) { hud($0) != nil }
        return tmux
    }

    /// Quits with `q` and waits (at most `timeout` s) for the shell to print `exit=0`;
    /// returns the screen then.
    @discardableResult
    static func quit(_ tmux: Tmux, timeout: Double) throws -> [String] {
        try tmux.send("q")
        return try tmux.waitForLines("exit status 0", timeout: timeout, Tmux.line(startingWith: "exit=0"))
    }

    /// The picture with its colours, as the terminal shows it.
    static func coloredPicture(_ tmux: Tmux) throws -> [String] {
        picture(try tmux.lines(escapes: true))
    }

    /// Waits until the picture (colours included) differs from `before`.
    static func waitForChange(_ tmux: Tmux, from before: [String], _ what: String) throws {
        try tmux.waitForLines(what, timeout: 30, escapes: true) { picture($0) != before && hud($0) != nil }
    }

    @Test func theEarthSpins() throws {
        let tmux = try Self.start()
        let first = try tmux.lines()
        #expect(Self.picture(first).contains { $0.contains { $0 != " " } }, "the picture is empty")
        try Self.waitForChange(tmux, from: try Self.coloredPicture(tmux), "the Earth to turn")
        try tmux.send("q")
    }

    @Test func spacePausesWithNothingWrittenAndResumes() throws {
        let tmux = try Self.start()
        try tmux.send("Space")
        try tmux.waitForLines("the pause", timeout: 30, Tmux.contains("tap -> paused"))
        // Once paused, two captures some frames apart are identical, colours and HUD included.
        let a = try tmux.lines(escapes: true)
        Thread.sleep(forTimeInterval: 0.5)
        let b = try tmux.lines(escapes: true)
        #expect(a == b, "the screen changed while paused")
        try tmux.send("Space")
        try tmux.waitForLines("the resume", timeout: 30, Tmux.contains("tap -> resume spin Y +0.5 deg/tick"))
        try Self.waitForChange(tmux, from: Self.picture(b), "the Earth to turn again")
        try tmux.send("q")
    }

    @Test func arrowKeysChangeTheSpinShownInTheStatusLine() throws {
        let tmux = try Self.start()
        try tmux.send("Right")
        try tmux.waitForLines("Y +2", timeout: 30, Tmux.contains("swipe right -> spin Y +2 deg/tick"))
        try tmux.send("Right")
        try tmux.waitForLines("Y +4", timeout: 30, Tmux.contains("swipe right -> spin Y +4 deg/tick"))
        try tmux.send("Left")
        try tmux.waitForLines("Y -2", timeout: 30, Tmux.contains("swipe left -> spin Y -2 deg/tick"))
        try tmux.send("Down")
        try tmux.waitForLines("X +2", timeout: 30, Tmux.contains("swipe down -> spin X +2 deg/tick"))
        try tmux.send("Up")
        try tmux.waitForLines("X -2", timeout: 30, Tmux.contains("swipe up -> spin X -2 deg/tick"))
        try tmux.send("q")
    }

    @Test func questionMarkShowsTheHelpAndHidesIt() throws {
        let tmux = try Self.start()
        try tmux.send("?")
        let shown = try tmux.waitForLines("the help", timeout: 30, Tmux.contains("orbit keys"))
        let text = shown.joined(separator: "\n")
        #expect(text.contains("swipe: spin about Y"))
        #expect(text.contains("quit"))
        try tmux.send("?")
        try tmux.waitForLines("the help to close", timeout: 30) { !$0.joined().contains("orbit keys") }
        try tmux.send("q")
    }

    @Test func aResizeKeepsDrawingAtTheNewSize() throws {
        let tmux = try Self.start()
        try tmux.resize(columns: 80, rows: 24)
        let small = try tmux.waitForLines("the status line on row 24", timeout: 30) { screen in
            screen.count == 24 && screen[23].contains(" fps | ")
        }
        #expect(small.allSatisfy { $0.count <= 80 })
        try Self.waitForChange(tmux, from: try Self.coloredPicture(tmux), "drawing at 80x24")
        try tmux.resize(columns: 150, rows: 45)
        try tmux.waitForLines("the status line on row 45", timeout: 30) { screen in
            screen.count == 45 && screen[44].contains(" fps | ")
        }
        try tmux.send("q")
    }

    @Test func qQuitsWithStatusZeroAndLeavesAUsableShell() throws {
        let tmux = try Self.start()
        try Self.quit(tmux, timeout: 30)
        try Self.expectUsableShell(tmux)
    }

    @Test func ctrlCQuitsWithStatusZeroAndLeavesAUsableShell() throws {
        let tmux = try Self.start()
        try tmux.send("C-c")
        try tmux.waitForLines("exit status 0", timeout: 30, Tmux.line(startingWith: "exit=0"))
        try Self.expectUsableShell(tmux)
    }

    /// The shell echoes typed text again, runs commands, and the tty is back in
    /// canonical mode with echo.
    static func expectUsableShell(_ tmux: Tmux) throws {
        try tmux.type("stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e echo | tr '\\n' ,; echo \"sum=$((40+2))\"")
        try tmux.waitForLines("the shell to answer", timeout: 30, Tmux.contains("icanon,echo,sum=42"))
        let screen = try tmux.lines()
        #expect(hud(screen) == nil, "the status line is still on screen (alternate screen not left)")
        // tmux knows the terminal modes the program left behind.
        let modes = try tmux.run([
            "display-message", "-p", "#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{keypad_cursor_flag}",
        ])
        .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(modes == "0 1 0 0", "alternate screen, cursor visible, mouse reporting, cursor keys mode: \(modes)")
    }
}
