import Foundation
import Math3D
import OrbitTestSupport
import Testing

@testable import Cells

/// Golden text frames of a synthetic lit sphere in every glyph set and colour depth, as
/// `orbit render` would print them. Re-record with ORBIT_RECORD=1 (the test then fails).
@Suite struct GoldenFrames {
    static let modes: [(GlyphSet, ColorDepth)] = GlyphSet.allCases.flatMap { g in ColorDepth.allCases.map { (g, $0) } }

    @Test(arguments: modes)
    func sphereFrameMatchesItsFixture(_ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        try Self.check(glyphs, colors, name: "sphere-\(glyphs.rawValue)-\(colors.rawValue)")
    }

    @Test(arguments: [(GlyphSet.blocks, ColorDepth.truecolor), (.braille, .ansi256), (.ascii, .ansi16)])
    func transparentAndDitheredFramesMatchTheirFixtures(_ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        try Self.check(
            glyphs, colors, transparent: true, name: "sphere-\(glyphs.rawValue)-\(colors.rawValue)-transparent")
        try Self.check(glyphs, colors, dither: true, name: "sphere-\(glyphs.rawValue)-\(colors.rawValue)-dither")
    }

    /// Encodes the sphere on a dark-blue background and compares with fixture `name`.
    static func check(
        _ glyphs: GlyphSet, _ colors: ColorDepth, transparent: Bool = false, dither: Bool = false, name: String
    ) throws {
        let sx = glyphs.subpixels.x
        let sy = glyphs.subpixels.y
        var fb = Synthetic.sphere(width: 32 * sx, height: 10 * sy, aspect: glyphs.pixelAspect(), shift: 2.5 * Float(sx))
        if transparent || dither {
            // A background colour, so that transparency visibly drops it.
            fb.background = Vec3(0, 0, 0.05)
            for i in fb.color.indices where fb.coverage[i] == 0 { fb.color[i] = fb.background }
        }
        var encoder = CellEncoder(glyphs: glyphs, colors: colors, dither: dither, transparent: transparent)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        let text = grid.textLines(colors: colors != .none).joined(separator: "\n") + "\n"
        Golden.check(text, against: "\(name).txt")
    }
}
