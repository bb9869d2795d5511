import Foundation
import OrbitTestSupport
import Testing

/// More of orbit in a real kitty: the `o` key switching to cells and back live, and the
/// Apollonian packing in pixels.
extension GraphicsInRealTerminals {
    /// A kitty window running `orbit arguments`, once orbit has reported its detection:
    /// the window, its cell and screen sizes, the top-left of the view area on the screen
    /// and the area's size in pixels (the status line's row left out).
    func kittyRunning(_ arguments: [String], on display: VirtualDisplay) throws -> (
        term: TerminalWindow, cell: (Int, Int), screen: (Int, Int), origin: (x: Int, y: Int),
        area: (width: Int, height: Int)
    ) {
        let term = try TerminalWindow(.kitty, on: display, orbit: arguments)
        try Wait.until("orbit's detection line", timeout: 120, interval: 0.2) { term.stat("cell") != nil }
        #expect(term.stat("output") == "kitty", "\(term.file("stats"))")
        let cell = try #require(pair(term.stat("cell")))
        let screen = try #require(pair(term.stat("screen")))
        let area = (width: screen.0 * cell.0, height: (screen.1 - 1) * cell.1)
        return (term, cell, screen, try term.origin(), area)
    }

    /// Waits until the view area matches `snapshot` within a mean channel error of 4.
    func waitForPicture(_ what: String, _ term: TerminalWindow, _ snapshot: Screenshot, at origin: (x: Int, y: Int))
        throws
    {
        var last = Double.infinity
        do {
            try Wait.until(what, timeout: 120, interval: 0.5) {
                last = try term.screenshot().meanError(against: snapshot, x: origin.x, y: origin.y)
                return last < 4
            }
        } catch {
            throw HarnessError("\(error); last mean colour error \(last)")
        }
    }

    @Test func theOKeySwitchesKittyToCellsAndBack() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        // ascii cells: glyph strokes on the default (black) background, so a kitty image
        // left under them would keep the globe lit.
        let k = try kittyRunning(Self.arguments + ["--glyphs", "ascii"], on: display)
        defer { k.term.close() }
        let snapshot = try OrbitSnapshot.earth(
            columns: k.screen.0, rows: k.screen.1 - 1, cell: k.cell, scratch: k.term.scratch)
        func lit() throws -> Int {
            try k.term.screenshot().litPixels(x: k.origin.x, y: k.origin.y, width: k.area.width, height: k.area.height)
        }
        try waitForPicture("the Earth in pixels", k.term, snapshot, at: k.origin)
        let inPixels = try lit()
        try k.term.key("o")
        var inCells = inPixels
        do {
            try Wait.until("the Earth in ascii cells, no picture left", timeout: 60, interval: 0.5) {
                inCells = try lit()
                return inCells > 0 && inCells < inPixels / 2
            }
        } catch {
            Issue.record("\(error); lit pixels \(inCells), in pixels \(inPixels)")
            return
        }
        try k.term.key("o")
        try waitForPicture("the Earth in pixels again", k.term, snapshot, at: k.origin)
        try k.term.key("q")
        try Wait.until("orbit's exit", timeout: 60, interval: 0.2) { k.term.exitStatus != nil }
        #expect(k.term.exitStatus == 0)
        #expect(k.term.strayBytes.isEmpty, "stray bytes after exit: \(k.term.strayBytes)")
    }

    @Test func kittyShowsThePackingInPixels() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scene = ["apollonian", "--level", "4"]
        let k = try kittyRunning(scene + ["--spin", "0"], on: display)
        defer { k.term.close() }
        let snapshot = try OrbitSnapshot.earth(
            columns: k.screen.0, rows: k.screen.1 - 1, cell: k.cell, scratch: k.term.scratch, scene: scene)
        try waitForPicture("the packing matching its snapshot", k.term, snapshot, at: k.origin)
        // Round in this font: the outer sphere as wide as high.
        let shot = try k.term.screenshot()
        let box = try #require(shot.litBox(x: k.origin.x, y: k.origin.y, width: k.area.width, height: k.area.height))
        let (w, h) = (box.maxX - box.minX + 1, box.maxY - box.minY + 1)
        #expect(abs(Double(w) / Double(h) - 1) < 0.06, "packing \(w)x\(h) px")
        try k.term.key("q")
        try Wait.until("orbit's exit", timeout: 60, interval: 0.2) { k.term.exitStatus != nil }
        #expect(k.term.exitStatus == 0)
    }
}
