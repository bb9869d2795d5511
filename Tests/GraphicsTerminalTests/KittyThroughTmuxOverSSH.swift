import Foundation
import OrbitTestSupport
import Testing

/// kitty -> tmux (passthrough on) -> orbit with no `TMUX` nor `KITTY_WINDOW_ID`, as orbit over SSH from a
/// tmux pane sees it: the first round of the probe finds tmux by XTVERSION, the wrapped
/// round trip finds kitty behind it (and its version: Unicode placeholders from kitty 0.28),
/// and the Earth is pixels; no title is left behind.
@Suite(.serialized) struct KittyThroughTmuxOverSSH {
    @Test func aWrappedRoundTripFindsKittyBehindTmuxAndTheEarthIsPixels() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let term = try TerminalWindow(
            .kitty, on: display, orbit: ["earth", "--spin", "0"], environment: ["TMUX": "", "KITTY_WINDOW_ID": ""],
            inTmux: true,
            tmuxPassthrough: true)
        defer { term.close() }
        try Wait.until("orbit's detection line", timeout: 120, interval: 0.2) { term.stat("output") != nil }
        let stats = term.file("stats")
        #expect(term.stat("output") == "kitty", "\(stats)")
        #expect(stats.contains("kitty graphics query through tmux passthrough"), "\(stats)")
        // kitty names itself through the passthrough too: one that draws Unicode
        // placeholders (ORBIT_TEST_KITTY, 0.28 or later) gets them, wherever the pane is.
        let placeholders = TerminalWindow.kittyHasPlaceholders(on: display)
        #expect(term.stat("kitty_placeholders") == String(placeholders), "\(stats)")
        let cell = try #require(pair(term.stat("cell")), "\(stats)")
        let screen = try #require(pair(term.stat("screen")), "\(stats)")
        let origin = try term.origin()
        // Pixels, not cells: within the upper half of a cell a half-block cell has one
        // colour; a picture has many. Count the cells of the view area with at least 4.
        var detailed = 0
        do {
            try Wait.until("the Earth in pixels", timeout: 120, interval: 0.5) {
                detailed = try term.screenshot().detailedCells(
                    origin: origin, cell: cell, columns: 0..<screen.0, rows: 0..<(screen.1 - 1))
                return detailed > screen.0 * (screen.1 - 1) / 8
            }
        } catch {
            Issue.record("\(error); cells with detail: \(detailed)")
        }
        if let socket = term.tmuxSocket {
            let title = try display.tool(["tmux", "-L", socket, "display", "-p", "#{pane_title}"], timeout: 30)
            #expect(!title.contains("Gi="), "pane title: \(title)")
        }
    }
}
