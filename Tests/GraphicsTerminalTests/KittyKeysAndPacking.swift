import Foundation
import OrbitTestSupport
import Testing

/// More of orbit in a real kitty: the `o` key switching to cells and back live, and the
/// Apollonian packing in pixels.
extension GraphicsInRealTerminals {
    @Test func theOKeySwitchesKittyToCellsAndBack() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        // ascii cells: glyph strokes on the default (black) background, so a kitty image
        // left under them would keep the globe lit.
        let k = try RunningOrbit.start(
            .kitty, arguments: Self.arguments + ["--glyphs", "ascii"], output: "kitty", on: display)
        defer { k.term.close() }
        let snapshot = try k.snapshot()
        func lit() throws -> Int {
            try k.term.screenshot().litPixels(x: k.origin.x, y: k.origin.y, width: k.area.width, height: k.area.height)
        }
        try k.waitForPicture("the Earth in pixels", snapshot, maxError: 4)
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
        try k.waitForPicture("the Earth in pixels again", snapshot, maxError: 4)
        try k.quit()
    }

    @Test func kittyShowsThePackingInPixels() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let scene = ["apollonian", "--level", "4"]
        let k = try RunningOrbit.start(.kitty, arguments: scene + ["--spin", "0"], output: "kitty", on: display)
        defer { k.term.close() }
        try k.waitForPicture("the packing matching its snapshot", try k.snapshot(scene: scene), maxError: 4)
        // Round in this font: the outer sphere as wide as high.
        try k.expectRound(try k.term.screenshot(), "packing")
        try k.quit(noStrayBytes: false)
    }
}
