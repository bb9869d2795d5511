import Foundation
import OrbitTestSupport
import Testing

/// kitty -> tmux (passthrough on) -> orbit: the picture, placed on kitty's screen at the
/// pane's offset, stays while it spins and follows the pane. A split beside it: the new pane stays clear; a split
/// that moves orbit's pane: the picture moves with it; back to one pane: the picture fills
/// it. Another window: the picture is gone; and back: the picture is there.
@Suite(.serialized) struct KittyPicturesFollowTmuxPanes {
    @Test func thePictureLeavesWithItsWindowAndMovesWithItsPane() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let term = try TerminalWindow(
            .kitty, on: display, orbit: ["earth", "--spin", "0"], inTmux: true, tmuxPassthrough: true)
        defer { term.close() }
        let socket = try #require(term.tmuxSocket)
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            try display.tool(["tmux", "-L", socket] + arguments, timeout: 30)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // New panes and windows run a program that stays (a shell could end on its own).
        let stay = "sleep 600"
        try Wait.until("orbit's detection line", timeout: 120, interval: 0.2) { term.stat("output") != nil }
        let orbitPane = try tmux(["display", "-p", "-t", ":0.0", "#{pane_id}"])
        let stats = term.file("stats")
        #expect(term.stat("output") == "kitty", "\(stats)")
        // A kitty with Unicode placeholders (ORBIT_TEST_KITTY, kitty 0.28 or later) gets
        // them: the picture is then text of the pane, which tmux itself moves and hides.
        let placeholders = TerminalWindow.kittyHasPlaceholders(on: display)
        #expect(term.stat("kitty_placeholders") == String(placeholders), "\(stats)")
        let cell = try #require(pair(term.stat("cell")), "\(stats)")
        let pane = try #require(pair(term.stat("screen")), "\(stats)")
        let origin = try term.origin()
        // kitty's screen: orbit's pane and tmux's status line under it.
        let columns = pane.0
        let rows = pane.1 + 1

        func detailed(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Int {
            shot.detailedCells(origin: origin, cell: cell, columns: columns, rows: rows)
        }
        // Rows under the prompt line and above the two last (orbit's status line, tmux's).
        let body = 1..<(rows - 2)
        // kitty 0.26.5 under Xvfb sometimes keeps showing an old screen after a split: its own
        // text (`kitty @ get-text`) has the new layout, tmux's status line included, while the
        // window still shows the old one, through later output and an unmap and map, until
        // the window is resized. So a photo that keeps disagreeing is taken again after a
        // one-pixel resize, which changes neither the cell grid nor tmux's layout (808 or 809
        // pixels are 101 cells of 8): a picture orbit left behind is still there after it.
        let window = try term.size()
        var nudges = 0
        func waitFor(_ what: String, _ test: (Screenshot) -> Bool) {
            var lastNudge = Date()
            do {
                try Wait.until(what, timeout: 60, interval: 0.5) {
                    if test(try term.screenshot()) { return true }
                    if Date().timeIntervalSince(lastNudge) > 8 {
                        nudges += 1
                        try term.resize(width: window.width + nudges % 2, height: window.height)
                        lastNudge = Date()
                    }
                    return false
                }
            } catch {
                Issue.record("\(error)")
            }
        }
        let area = columns * body.count
        waitFor("the Earth in pixels") { detailed($0, columns: 0..<columns, rows: body) > area / 8 }
        // And it stays while frames follow one another (through tmux they travel over the
        // tty; `KittyPicturesLast` sends hundreds).
        for _ in 0..<2 {
            Thread.sleep(forTimeInterval: 3)
            let shot = try term.screenshot()
            #expect(detailed(shot, columns: 0..<columns, rows: body) > area / 8, "the Earth gone while it spins")
        }

        // A pane beside it (right): orbit keeps the left half; the new pane stays clear.
        let right = try tmux(["split-window", "-h", "-P", "-F", "#{pane_id}", "-t", orbitPane, stay])
        let half = columns / 2
        let halfArea = (half - 1) * body.count
        waitFor("the Earth in the left pane, the right one clear") { shot in
            detailed(shot, columns: 0..<(half - 1), rows: body) > halfArea / 8
                && detailed(shot, columns: (half + 1)..<columns, rows: body) < halfArea / 50
        }
        // That pane gone, a new one to the left: orbit's pane moves right, its picture with it.
        try tmux(["kill-pane", "-t", right])
        let left = try tmux(["split-window", "-h", "-b", "-P", "-F", "#{pane_id}", "-t", orbitPane, stay])
        waitFor("the Earth in the right pane, the left one clear") { shot in
            detailed(shot, columns: (half + 1)..<columns, rows: body) > halfArea / 8
                && detailed(shot, columns: 0..<(half - 1), rows: body) < halfArea / 50
        }
        // The left pane closed: orbit's pane fills the window again, the picture too.
        try tmux(["kill-pane", "-t", left])
        waitFor("the Earth over the whole window") { shot in
            detailed(shot, columns: 0..<(half - 1), rows: body) > halfArea / 8
                && detailed(shot, columns: (half + 1)..<columns, rows: body) > halfArea / 8
        }
        // Another window: the picture leaves with orbit's (tmux 3.3a drops what a hidden
        // pane passes through, so the deletion goes to kitty past tmux). And back: the
        // picture is drawn again where it was.
        try tmux(["new-window", stay])
        waitFor("the other window clear") { detailed($0, columns: 0..<columns, rows: body) < area / 50 }
        try tmux(["select-window", "-t", orbitPane])
        waitFor("the Earth back with its window") { detailed($0, columns: 0..<columns, rows: body) > area / 8 }
        print("kitty redrawn by a one-pixel resize \(nudges) times")
    }
}
