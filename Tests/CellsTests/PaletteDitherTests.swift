import Math3D
import Raster
import SceneGraph
import Testing

@testable import Cells

/// 256 and 16 colours that keep hue and shape: the two colours of a cell and its glyph
/// dither between palette entries (CellEncoder+Dither.swift, Palette+Pairs.swift).
@Suite struct PaletteDither {
    static let twoColourSets: [GlyphSet] = [.blocks, .quadrants, .sextants, .braille]
    static let fittedSets: [GlyphSet] = [.quadrants, .sextants, .braille]
    static let deepOcean = SIMD3<UInt8>(2, 5, 22)

    static func linear(_ c: SIMD3<UInt8>) -> Vec3 {
        Vec3(SRGB.toLinear[Int(c.x)], SRGB.toLinear[Int(c.y)], SRGB.toLinear[Int(c.z)])
    }

    /// A covered framebuffer of one colour on a black background, 24 x 8 cells of `glyphs`.
    static func flat(_ c: SIMD3<UInt8>, _ glyphs: GlyphSet) -> Framebuffer {
        let s = glyphs.subpixels
        return Synthetic.framebuffer(width: 24 * s.x, height: 8 * s.y) { _, _ in linear(c) }
    }

    /// Navy dots on black are far less visible than lavender ones, although CIELAB puts navy
    /// farther from black: the deepest ocean is dotted with navy, not with a bright lavender.
    @Test func theDeepOceanIsDottedWithNavyNotLavender() {
        let black = Palette.labs[16]
        let navy = Palette.labs[17]  // sRGB 0, 0, 95
        let lavender = Palette.labs[60]  // sRGB 95, 95, 135
        #expect(Palette.seenContrast(black, navy) < Palette.seenContrast(black, lavender) / 4)
        // A difference in hue is seen in full: magenta against olive is not discounted.
        let olive = Palette.labs[58]  // sRGB 95, 95, 0
        let magenta = Palette.labs[90]  // sRGB 135, 0, 135
        let d = olive - magenta
        #expect(Palette.seenContrast(olive, magenta) > 0.9 * (d * d).sum())
        let c = Self.deepOcean
        let pair = Palette.pairs256[Palette.pairBin(r: Int(c.x), g: Int(c.y), b: Int(c.z))]
        #expect(pair.y == 17, "deep ocean pair \(pair)")
        #expect(pair.x != 60 && pair.y != 60, "deep ocean pair \(pair)")
    }

    @Test(arguments: [GlyphSet.sextants, .braille])
    func theDeepOceanStaysBlueIn256Colours(_ glyphs: GlyphSet) {
        let fb = Self.flat(Self.deepOcean, glyphs)
        let grid = Synthetic.encode(fb, glyphs: glyphs, colors: .ansi256)
        let hue = grid.hueScore(against: fb, glyphs: glyphs)
        #expect(hue.bluePixels == fb.width * fb.height)
        #expect(hue.score > 0.9, "\(glyphs): \(hue.score)")
    }

    @Test(arguments: twoColourSets)
    func aSmoothRampIsDitheredCloserThanItsNearestEntries(_ glyphs: GlyphSet) {
        // A blue-grey ramp between palette entries, like the Earth's lit ocean.
        let s = glyphs.subpixels
        let fb = Synthetic.framebuffer(width: 48 * s.x, height: 8 * s.y) { x, _ in
            Self.linear(
                SIMD3(
                    UInt8(20 + x * 60 / (48 * s.x)), UInt8(25 + x * 60 / (48 * s.x)),
                    UInt8(45 + x * 80 / (48 * s.x)))
            )
        }
        let dithered = Synthetic.encode(fb, glyphs: glyphs, colors: .ansi256)
        var nearest = dithered
        for i in nearest.cells.indices {
            // Each cell in the nearest entry of its mean colour.
            let col = i % 48
            let row = i / 48
            var sum = Vec3.zero
            for y in 0..<s.y {
                for x in 0..<s.x { sum += fb.color[fb.index(x: col * s.x + x, y: row * s.y + y)] }
            }
            let m = sum / Float(s.x * s.y)
            let idx = Palette.nearest256(SIMD3(SRGB.encode8(m.x), SRGB.encode8(m.y), SRGB.encode8(m.z)))
            nearest.cells[i] = Cell(glyph: " ", bg: .indexed(idx))
        }
        #expect(
            dithered.blurredColorError(against: fb, glyphs: glyphs)
                < nearest.blurredColorError(against: fb, glyphs: glyphs))
    }

    @Test(arguments: fittedSets)
    func in16ColoursNoCoveredCellLooksLikeTheBackground(_ glyphs: GlyphSet) {
        let fb = Self.flat(Self.deepOcean, glyphs)
        let grid = Synthetic.encode(fb, glyphs: glyphs, colors: .ansi16)
        let background = CellColor.indexed(Palette.nearest16(SIMD3(0, 0, 0)))
        for (i, cell) in grid.cells.enumerated() {
            let inked = cell.glyph != " " && cell.fg != background
            #expect(inked || cell.bg != background, "cell \(i): \(cell)")
        }
        // The globe reads as blue: every cell's mean colour.
        #expect(grid.hueScore(against: fb, glyphs: glyphs).score == 1)
    }

    @Test(arguments: twoColourSets, [ColorDepth.ansi256, .ansi16])
    func aPausedFrameIsDrawnTheSameEveryTime(_ glyphs: GlyphSet, _ colors: ColorDepth) {
        let fb = Synthetic.sphere(cellsOf: glyphs)
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        var writer = FrameWriter()
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        let first = grid
        _ = writer.frame(grid)
        for _ in 0..<3 {
            encoder.encode(fb, into: &grid)
            #expect(grid == first)
            #expect(writer.frame(grid).isEmpty)
        }
    }

    @Test func thePatternStaysOnTheScreenWhenThePictureMoves() {
        // The same flat colour drawn at two sizes: the cells they share are the same, so a
        // turning surface of one colour does not crawl.
        let c = Self.linear(SIMD3(60, 70, 100))
        let small = Synthetic.encode(
            Synthetic.framebuffer(width: 16, height: 8) { _, _ in c }, glyphs: .quadrants,
            colors: .ansi256)
        let large = Synthetic.encode(
            Synthetic.framebuffer(width: 32, height: 16) { _, _ in c }, glyphs: .quadrants,
            colors: .ansi256)
        for row in 0..<4 { for col in 0..<8 { #expect(small[col, row] == large[col, row]) } }
        #expect(Set(large.cells.map(\.fg)).union(large.cells.map(\.bg)).count == 2)
    }
}
