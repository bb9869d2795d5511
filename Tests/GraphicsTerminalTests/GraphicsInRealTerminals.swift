import Foundation
import OrbitTestSupport
import Testing

/// orbit in a real kitty and a real xterm (sixel), under Xvfb, photographed: the Earth
/// in pixels where the snapshot puts it, a readable status line, a resize that re-places
/// the picture, and `q` leaving neither picture nor stray bytes.
@Suite(.serialized) struct GraphicsInRealTerminals {
    /// The still Earth: the same frame as `orbit snapshot --spin 0`.
    static let arguments = ["earth", "--spin", "0"]

    /// Runs the whole check in a `kind` terminal that orbit must drive with
    /// `expectedOutput`; the photograph may differ from the snapshot by `maxError`
    /// (mean absolute channel difference, 0...255).
    func run(
        _ kind: TerminalWindow.Kind, expectedOutput: String, kittyFiles: Bool, maxError: Double,
        extra: [String: String] = [:]
    ) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let orbit = try RunningOrbit.start(
            kind, arguments: Self.arguments, environment: extra, output: expectedOutput, on: display)
        let (term, cell, screen, origin, area) = (orbit.term, orbit.cell, orbit.screen, orbit.origin, orbit.area)
        defer { term.close() }
        #expect(term.stat("kitty_files") == String(kittyFiles), "\(term.file("stats"))")

        // The Earth appears in pixels, where and as large as the snapshot of the same frame.
        let snapshot = try orbit.snapshot()
        do {
            try orbit.waitForPicture("the Earth matching its snapshot", snapshot, maxError: maxError)
        } catch {
            Issue.record("\(error)")
            return
        }
        let shot = try term.screenshot()
        try orbit.expectRound(shot, "globe")

        // The status line: a bright bar with darker glyphs on the last row, not covered by
        // the picture. (Glyphs are pixels below the bar's brightness: kitty 0.28 and later
        // draw dark text on a light ground thinner and greyer than 0.26 did.)
        let hud = (x: origin.x, y: origin.y + (screen.1 - 1) * cell.1, width: (screen.0 - 1) * cell.0, height: cell.1)
        let bright = shot.litPixels(x: hud.x, y: hud.y, width: hud.width, height: hud.height, threshold: 300)
        let total = hud.width * hud.height
        #expect(Double(bright) > 0.45 * Double(total), "status line background \(bright)/\(total)")
        #expect(Double(total - bright) > 0.02 * Double(total), "status line glyphs \(total - bright)/\(total)")

        // A resize re-places the picture: centred in the new view area, still round.
        let newSize = (width: area.width * 3 / 4, height: (area.height + cell.1) * 3 / 4)
        try term.resize(width: newSize.width, height: newSize.height)
        let columns = newSize.width / cell.0
        let rows = newSize.height / cell.1
        try Wait.until("the picture re-placed after a resize", timeout: 120, interval: 0.5) {
            try placed(term.screenshot(), origin: origin, columns: columns, rows: rows, cell: cell)
        }

        // q: orbit exits 0, no picture and no stray bytes are left behind.
        try orbit.quit()
        // Row 0 holds "EXIT=0", row 1 the cursor (whose outline may reach a pixel into row
        // 2): below them nothing may be lit.
        var left: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        do {
            try Wait.until("the picture gone after q", timeout: 60, interval: 0.5) {
                left = try term.screenshot().litBox(
                    x: origin.x, y: origin.y + 3 * cell.1, width: newSize.width,
                    height: newSize.height - 3 * cell.1)
                return left == nil
            }
        } catch {
            Issue.record("\(error); still lit: \(left.map { "\($0)" } ?? "-")")
        }
    }

    /// True when the lit picture in the screenshot is centred in a view area of `columns`
    /// x (`rows` - 1) cells and round.
    func placed(_ shot: Screenshot, origin: (x: Int, y: Int), columns: Int, rows: Int, cell: (Int, Int)) -> Bool {
        let area = (width: columns * cell.0, height: (rows - 1) * cell.1)
        guard let box = shot.litBox(x: origin.x, y: origin.y, width: area.width, height: area.height) else {
            return false
        }
        let cx = Double(box.minX + box.maxX) / 2 - Double(origin.x)
        let cy = Double(box.minY + box.maxY) / 2 - Double(origin.y)
        let w = Double(box.maxX - box.minX + 1)
        let h = Double(box.maxY - box.minY + 1)
        return abs(cx - Double(area.width) / 2) < Double(cell.0) * 2
            && abs(cy - Double(area.height) / 2) < Double(cell.1)
            && abs(w / h - 1) < 0.08 && h > 0.6 * Double(area.height) && h <= Double(area.height)
    }

    @Test func kittyShowsTheEarthInPixels() throws {
        try run(.kitty, expectedOutput: "kitty", kittyFiles: true, maxError: 4)
    }

    @Test func kittyOverTheTtyWhenNoFileCanBeShared() throws {
        // No temporary folder to share a file through: the t=t test is not made, frames go
        // as zlib + base64 over the tty, as over SSH.
        try run(
            .kitty, expectedOutput: "kitty", kittyFiles: false, maxError: 4,
            extra: ["TMPDIR": "/nonexistent/orbit-pixels-\(getpid())"])
    }

    @Test func xtermShowsTheEarthInSixel() throws {
        try run(.xterm, expectedOutput: "sixel", kittyFiles: false, maxError: 8)
    }
}
