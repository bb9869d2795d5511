import Foundation
import OrbitTestSupport
import Testing

/// Issue 14 in the live viewer: swipes move the near surface their way, changing axis
/// keeps the orientation, zooming stops outside the scene, the HUD keeps the gesture text
/// at 80x24, and the keys users asked for. Each step waits for what the screen shows
/// (deadlines, no fixed sleeps), so the suite holds on a loaded machine.
@Suite(.serialized) struct GesturesInTmux {
    typealias V = ViewerInTmux

    /// The marked ball in the viewer at 80x24, 16 colours, ASCII glyphs; with `--friction 3`
    /// each swipe turns about 20 degrees and stops by itself, so the screen settles.
    static func startMarked(_ model: MarkedModel, extra: String = "") throws -> Tmux {
        try V.start(
            columns: 80, rows: 24, arguments: "'\(model.path)' --colors 16 --glyphs ascii --friction 3 \(extra)")
    }

    /// Waits until the HUD shows `text` and the red marker is on screen; returns its centre.
    static func settled(_ tmux: Tmux, after text: String) throws -> (column: Double, row: Double) {
        var centre: (column: Double, row: Double)?
        try tmux.waitForLines("'\(text)' and the marker", timeout: 20, escapes: true) { screen in
            guard V.hud(screen)?.contains(text) == true else { return false }
            centre = ScreenColors.redCentre(V.picture(screen))
            return centre != nil
        }
        guard let centre else { throw HarnessError("no marker after \(text)") }
        return centre
    }

    @Test func eachArrowMovesTheNearSurfaceItsWay() throws {
        let model = try MarkedModel()
        defer { model.remove() }
        let tmux = try Self.startMarked(model)
        let start = try Self.settled(tmux, after: "swipe to spin")
        // Key, expected column and row direction.
        let cases: [(String, String, Double, Double)] = [
            ("Up", "up", 0, -1), ("Down", "down", 0, 1), ("Left", "left", -1, 0), ("Right", "right", 1, 0),
        ]
        for (key, name, dc, dr) in cases {
            try tmux.send(key)
            let end = try Self.settled(tmux, after: "swipe \(name) -> spin slowed to a stop")
            let moved = (column: end.column - start.column, row: end.row - start.row)
            // Columns are about half as wide as rows are tall: compare in row heights.
            let along = moved.column / 2 * dc + moved.row * dr
            let across = abs(moved.column / 2 * dr) + abs(moved.row * dc)
            #expect(along > 0.8, "\(key): the marker moved \(moved)")
            #expect(across < along / 2, "\(key): the marker moved \(moved)")
            try tmux.send("v")
            let back = try Self.settled(tmux, after: "reset -> start view")
            #expect(
                abs(back.column - start.column) < 0.5 && abs(back.row - start.row) < 0.5,
                "reset left \(back) vs \(start)")
        }
        try V.quit(tmux, timeout: 10)
    }

    @Test func changingAxisKeepsTheOrientation() throws {
        let model = try MarkedModel()
        defer { model.remove() }
        let tmux = try Self.startMarked(model)
        let start = try Self.settled(tmux, after: "swipe to spin")
        try tmux.send("Right")
        let right = try Self.settled(tmux, after: "swipe right -> spin slowed to a stop")
        #expect(right.column - start.column > 2, "right: \(right) from \(start)")
        try tmux.send("Down")
        let down = try Self.settled(tmux, after: "swipe down -> spin slowed to a stop")
        // Still to the right (no snap back to the start), and now lower too.
        #expect(down.column - start.column > 1.5, "the model snapped back: \(down) from \(right)")
        #expect(down.row - right.row > 0.8, "down: \(down) from \(right)")
        try tmux.send("q")
    }

    @Test func zoomingInStopsOutsideTheGlobeWithTheLimitShown() throws {
        let tmux = try V.start(columns: 80, rows: 24, arguments: "--spin 0 --colors none --glyphs ascii")
        for _ in 0..<40 { try tmux.send("+") }
        let screen = try tmux.waitForLines("the zoom limit", timeout: 20, Tmux.contains("(limit)"))
        #expect(V.hud(screen)?.contains("pinch out -> zoom 2.") == true, "\(V.hud(screen) ?? "")")
        // The globe fills the picture instead of an empty (inside) view.
        let picture = V.picture(screen)
        let blank = picture.joined().filter { $0 == " " }.count
        #expect(
            picture.count == 23 && blank < picture.count * 80 / 10,
            "\(blank) blank cells:\n\(picture.joined(separator: "\n"))")
        try tmux.send("q")
    }

    @Test func theHUDAt80x24KeepsTheGestureText() throws {
        let tmux = try V.start(
            columns: 80, rows: 24, arguments: "apollonian --level 5 --glyphs quadrants --colors truecolor")
        try tmux.send("Right")
        try tmux.send("Right")
        let screen = try tmux.waitForLines("the gesture text", timeout: 20) { screen in
            V.hud(screen)?.contains("swipe right -> spin Y +4 deg/tick") == true
        }
        let hud = try #require(V.hud(screen))
        #expect(screen.count == 24 && screen[23] == hud)
        #expect(hud.count <= 80)
        #expect(hud.contains(" fps | "))
        try tmux.send("Space")
        try tmux.waitForLines("paused instead of a frame rate", timeout: 10) {
            V.hud($0)?.hasPrefix(" paused | ") == true
        }
        try tmux.send("q")
    }

    @Test func sSavesAPNGAndTheHUDGivesItsFullPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "orbit-gestures-shots-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Tmux.shell(columns: 160, rows: 24)
        try tmux.type("cd '\(folder.path)' && '\(try OrbitBinary.check())' --spin 0; echo \"exit=$?\"")
        try tmux.waitForLines("the viewer's status line", timeout: 30) { V.hud($0) != nil }
        try tmux.send("s")
        let screen = try tmux.waitForLines("the screenshot's path", timeout: 20) {
            V.hud($0)?.contains("saved /") == true
        }
        let hud = try #require(V.hud(screen))
        let path = try #require(hud.split(separator: " ").first { $0.hasPrefix("/") && $0.hasSuffix(".png") })
        #expect(
            path.hasPrefix(folder.resolvingSymlinksInPath().path + "/orbit-") || path.hasPrefix(folder.path + "/orbit-")
        )
        let bytes = try #require(FileManager.default.contents(atPath: String(path)))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        try tmux.send("q")
    }

    @Test(arguments: ["linux", "vt100"])
    func withoutAnAlternateScreenTheViewerErasesItsPictureOnExit(term: String) throws {
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type(
            "TERM=\(term) '\(try OrbitBinary.check())' --spin 0 --colors none --glyphs ascii; echo \"exit=$?\"")
        try tmux.waitForLines("the viewer's status line", timeout: 30) { V.hud($0) != nil }
        let screen = try V.quit(tmux, timeout: 10)
        #expect(V.hud(screen) == nil, "the status line is left on screen:\n\(screen.joined(separator: "\n"))")
        let written = screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(written.count <= 2, "the picture is left on screen:\n\(screen.joined(separator: "\n"))")
    }
}
