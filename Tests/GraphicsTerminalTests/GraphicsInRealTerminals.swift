import Foundation
import Testing

/// orbit in a real kitty and a real xterm (sixel), under Xvfb, photographed: the Earth
/// in pixels where the snapshot puts it, a readable status line, a resize that re-places
/// the picture, and `q` leaving neither picture nor stray bytes.
@Suite(.serialized) struct GraphicsInRealTerminals {
    /// The still Earth: the same frame as `orbit snapshot --spin 0`.
    static let arguments = ["earth", "--spin", "0"]

    func run(_ kind: TerminalWindow.Kind, expectedOutput: String, maxError: Double, extra: [String: String] = [:]) throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let term = try TerminalWindow(kind, on: display, orbit: Self.arguments, environment: extra)
        defer { term.close() }
        // Detection is reported at once (ORBIT_STATS, standard error not on screen).
        try term.waitFor("orbit's detection line") { term.stat("cell") != nil }
        #expect(term.stat("output") == expectedOutput, "\(term.file("stats"))")
        let cell = try #require(pair(term.stat("cell")))
        let screen = try #require(pair(term.stat("screen")))
        let origin = try term.origin()
        let area = (width: screen.0 * cell.0, height: (screen.1 - 1) * cell.1)

        // The Earth appears in pixels, where and as large as the snapshot of the same frame.
        let snapshot = try OrbitSnapshot.earth(columns: screen.0, rows: screen.1 - 1, cell: cell, folder: term.folder)
        var error = Double.infinity
        try term.waitFor("the Earth matching its snapshot") {
            error = try term.screenshot().meanError(against: snapshot, x: origin.x, y: origin.y)
            return error < maxError
        }
        let shot = try term.screenshot()
        let box = try #require(shot.litBox(x: origin.x, y: origin.y, width: area.width, height: area.height))
        let (w, h) = (box.maxX - box.minX + 1, box.maxY - box.minY + 1)
        // Round in this font: as wide as high.
        #expect(abs(Double(w) / Double(h) - 1) < 0.06, "globe \(w)x\(h) px")

        // The status line: reverse video text on the last row, not covered by the picture.
        let hud = (x: origin.x, y: origin.y + (screen.1 - 1) * cell.1, width: (screen.0 - 1) * cell.0, height: cell.1)
        let bright = shot.litPixels(x: hud.x, y: hud.y, width: hud.width, height: hud.height, threshold: 450)
        let lit = shot.litPixels(x: hud.x, y: hud.y, width: hud.width, height: hud.height, threshold: 60)
        let total = hud.width * hud.height
        #expect(Double(bright) > 0.45 * Double(total), "status line background \(bright)/\(total)")
        #expect(Double(total - lit) > 0.02 * Double(total), "status line glyphs")

        // A resize re-places the picture: centred in the new view area, still round.
        try term.resize(width: 600, height: 420)
        try term.waitFor("the picture re-placed after a resize") {
            guard let s = pair(term.stat("screen")), s.0 * cell.0 <= 600, s.1 * cell.1 <= 420 else {
                // The size is reported on exit only; derive it from the window.
                let cols = 600 / cell.0, rows = 420 / cell.1
                return try placedAt(term.screenshot(), origin: origin, columns: cols, rows: rows, cell: cell)
            }
            return try placedAt(term.screenshot(), origin: origin, columns: s.0, rows: s.1, cell: cell)
        }

        // q: orbit exits 0, no picture and no stray bytes are left behind.
        try term.key("q")
        try term.waitFor("orbit's exit") { term.exitStatus != nil }
        #expect(term.exitStatus == 0)
        #expect(term.strayBytes.isEmpty, "stray bytes after exit: \(term.strayBytes)")
        try term.waitFor("the picture gone after q") {
            let after = try term.screenshot()
            // Row 0 holds "EXIT=0", row 1 the cursor: below them nothing may be lit.
            return after.litPixels(x: origin.x, y: origin.y + 2 * cell.1, width: 600, height: 420 - 2 * cell.1) == 0
        }
    }

    /// True when the lit picture in the screenshot is centred in a view area of `columns`
    /// x (`rows` - 1) cells and round.
    func placedAt(_ shot: Screenshot, origin: (x: Int, y: Int), columns: Int, rows: Int, cell: (Int, Int)) -> Bool {
        let area = (width: columns * cell.0, height: (rows - 1) * cell.1)
        guard let box = shot.litBox(x: origin.x, y: origin.y, width: area.width, height: area.height) else { return false }
        let cx = Double(box.minX + box.maxX) / 2 - Double(origin.x), cy = Double(box.minY + box.maxY) / 2 - Double(origin.y)
        let w = Double(box.maxX - box.minX + 1), h = Double(box.maxY - box.minY + 1)
        return abs(cx - Double(area.width) / 2) < Double(cell.0) * 2 && abs(cy - Double(area.height) / 2) < Double(cell.1)
            && abs(w / h - 1) < 0.08 && h > 0.6 * Double(area.height) && h <= Double(area.height)
    }

    @Test func kittyShowsTheEarthInPixels() throws {
        try run(.kitty, expectedOutput: "kitty", maxError: 4)
    }

    @Test func kittyOverTheTtyWhenItCannotReadOurFiles() throws {
        // TMPDIR outside kitty's temporary folders: the t=t test fails, frames go as
        // zlib + base64 over the tty, as over SSH.
        let dir = "/var/tmp/orbit-pixels-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try run(.kitty, expectedOutput: "kitty", maxError: 4, extra: ["TMPDIR": dir])
    }

    @Test func xtermShowsTheEarthInSixel() throws {
        try run(.xterm, expectedOutput: "sixel", maxError: 8)
    }
}
