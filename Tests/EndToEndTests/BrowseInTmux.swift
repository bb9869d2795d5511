import Foundation
import OrbitTestSupport
import Testing

/// Browsing the Apollonian packing in the live viewer (`orbit apollonian` without
/// `--level`): zoom keys, move keys, the HUD's zoom and sphere count, the legend.
@Suite(.serialized) struct BrowseInTmux {
    typealias V = ViewerInTmux

    /// The HUD's `zoom Z | N spheres | smallest r R` figures, if shown.
    static func figures(_ screen: [String]) -> (zoom: Double, spheres: Int, smallest: Double?)? {
        guard let hud = V.hud(screen), let z = hud.range(of: "zoom "), let s = hud.range(of: " spheres") else {
            return nil
        }
        let zoomText = hud[z.upperBound...].prefix { !$0.isWhitespace }
        let countText = hud[..<s.lowerBound].reversed().prefix { $0.isNumber }
        guard let zoom = Double(zoomText), let count = Int(String(countText.reversed())) else { return nil }
        let smallest = hud.range(of: "smallest r ").flatMap {
            Double(hud[$0.upperBound...].prefix { !$0.isWhitespace })
        }
        return (zoom, count, smallest)
    }

    /// Holding `+` down: 75 presses of 1.5 each, about 1.6 x 10^13 times closer, then the
    /// frame built at that depth (its smallest sphere under 10^-14 outer radii),
    /// with spheres drawn; move and zoom back out; quit restores the terminal.
    @Test func holdingPlusFliesPastTenToTheThirteenWithSpheresDrawnAndQuitRestoresTheTerminal() throws {
        let tmux = try V.start(columns: 120, rows: 40, arguments: "apollonian --glyphs ascii --colors 256")
        let first = try tmux.waitForLines("the browse HUD at zoom 1", timeout: 60) { Self.figures($0)?.zoom == 1 }
        let start = try #require(Self.figures(first))
        #expect(start.spheres > 100, "the whole packing shows many spheres: \(V.hud(first) ?? "")")
        // 75 presses: past 10^13, where positions in outer radii have no digits left.
        for _ in 0..<75 { try tmux.send("+") }
        // All 75 presses read (1.5^75 = 1.59e13; after 74, 1.06e13 is past 1e13 already).
        let deep = try tmux.waitForLines("zoom 1.59e13, built at that depth", timeout: 120) { screen in
            guard let f = Self.figures(screen), let smallest = f.smallest else { return false }
            return f.zoom >= 1.5e13 && smallest < 1e-14 && f.spheres > 0
        }
        let f = try #require(Self.figures(deep))
        #expect(f.spheres > 0 && f.spheres <= 40_000, "\(V.hud(deep) ?? "")")
        // The picture is not blank at that depth.
        #expect(V.picture(deep).joined().filter { $0 != " " }.count > 200, "\(deep.joined(separator: "\n"))")
        // Move keys change the picture; - zooms back out.
        let before = try V.coloredPicture(tmux)
        try tmux.send("D")
        try V.waitForChange(tmux, from: before, "the view to move")
        try tmux.send("-")
        try tmux.waitForLines("zoom one step back", timeout: 60) { (Self.figures($0)?.zoom ?? 1e13) < f.zoom / 1.4 }
        try V.quit(tmux, timeout: 30)
        try V.expectUsableShell(tmux)
    }

    /// Holding `+` down to the deepest zoom, 10^30 (171 presses): the frame built there has
    /// spheres down to 10^-31 outer radii drawn (past 10^18 the view used to lose its
    /// centre and show nothing).
    @Test func holdingPlusFliesToTenToTheThirtyWithSpheresDrawn() throws {
        let tmux = try V.start(columns: 120, rows: 40, arguments: "apollonian --glyphs ascii --colors 256")
        try tmux.waitForLines("the browse HUD at zoom 1", timeout: 60) { Self.figures($0)?.zoom == 1 }
        for _ in 0..<171 { try tmux.send("+") }
        let deep = try tmux.waitForLines("zoom 1e30, built at that depth", timeout: 120) { screen in
            guard let f = Self.figures(screen), let smallest = f.smallest else { return false }
            return f.zoom >= 0.99e30 && smallest < 1e-31 && f.spheres > 0
        }
        let f = try #require(Self.figures(deep))
        #expect(f.spheres > 0 && f.spheres <= 40_000, "\(V.hud(deep) ?? "")")
        #expect(V.picture(deep).joined().filter { $0 != " " }.count > 200, "\(deep.joined(separator: "\n"))")
        try V.quit(tmux, timeout: 30)
    }

    /// At 80x24 the HUD says `still` once and keeps the help hint; the legend says what
    /// the colours count while browsing.
    @Test func theHUDAt80x24SaysStillOnceAndTheLegendSaysWhatTheColoursCount() throws {
        let tmux = try V.start(columns: 80, rows: 24, arguments: "apollonian --glyphs ascii")
        // Still once the first frames are drawn.
        let screen = try tmux.waitForLines("the browse HUD at zoom 1, still", timeout: 60) {
            Self.figures($0)?.zoom == 1 && V.hud($0)?.contains(" still | ") == true
        }
        let hud = try #require(V.hud(screen))
        #expect(hud.components(separatedBy: "still").count == 2, "\(hud)")
        #expect(hud.contains("h: help") && hud.contains("smallest r "), "\(hud)")
        try tmux.send("l")
        let legend = try tmux.waitForLines("the legend box", timeout: 30, Tmux.contains(" colours "))
        #expect(legend.contains { $0.contains("colour: generation") }, "\(legend.joined(separator: "\n"))")
        #expect(legend.contains { $0.contains("L 2 ") && $0.contains("FF0000") }, "\(legend.joined(separator: "\n"))")
        try V.quit(tmux, timeout: 30)
    }

    @Test func theLKeyShowsTheColourLegend() throws {
        let tmux = try V.start(columns: 120, rows: 40, arguments: "apollonian --level 3 --glyphs ascii")
        try tmux.send("l")
        let screen = try tmux.waitForLines("the legend box", timeout: 30, Tmux.contains(" colours "))
        // One line per level shown: L 1 (white) to L 4, each with its count of spheres.
        for level in 1...4 {
            #expect(
                screen.contains { $0.contains("L \(level) ") && $0.contains("spheres") },
                "L \(level): \(screen.joined(separator: "\n"))")
        }
        try tmux.send("l")
        try tmux.waitForLines("the legend closed", timeout: 30) { !$0.contains { $0.contains(" colours ") } }
        try V.quit(tmux, timeout: 30)
    }
}
