import Math3D
import Raster
import Testing

@testable import Cells

@Suite struct Hysteresis {
    static let modes: [(GlyphSet, ColorDepth)] = GlyphSet.allCases.flatMap { g in
        ColorDepth.allCases.map { (g, $0) }
    }

    /// `fb` with every colour channel nudged by up to `amount` (linear), deterministically.
    static func jittered(_ fb: Framebuffer, amount: Float, seed: UInt64) -> Framebuffer {
        Synthetic.jittered(fb, seed: seed) { c, j in c + j * amount * c }
    }

    /// Bytes the writer sends for the second of two frames.
    static func secondFrameBytes(
        _ first: Framebuffer, _ second: Framebuffer, glyphs: GlyphSet, colors: ColorDepth,
        tolerant: Bool
    ) -> Int {
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        if !tolerant {
            encoder.colorTolerance = 0
            encoder.glyphTolerance = 0
        }
        var writer = FrameWriter()
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(first, into: &grid)
        _ = writer.frame(grid)
        encoder.encode(second, into: &grid)
        return writer.frame(grid).count
    }

    /// Cells that differ between the encodings of two frames (tolerances on).
    static func changedCells(
        _ first: Framebuffer, _ second: Framebuffer, glyphs: GlyphSet, colors: ColorDepth
    ) -> Int {
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(first, into: &grid)
        let before = grid
        encoder.encode(second, into: &grid)
        return Synthetic.changedCells(before, grid)
    }

    @Test(arguments: modes)
    func aStillImageWithSensorNoiseIsByteSilentOnTheSecondFrame(
        _ glyphs: GlyphSet, _ colors: ColorDepth
    ) {
        let fb = Synthetic.sphere(cellsOf: glyphs)
        // 1% relative noise: below every tolerance. Palette depths dither two entries by an
        // ordered pattern; where a colour sits at the border between two pairs, noise may
        // move a few cells: at most 2% of them.
        let noisy = Self.jittered(fb, amount: 0.01, seed: 5)
        let dithers = glyphs.subpixels != (1, 1) && (colors == .ansi256 || colors == .ansi16)
        #expect(
            Self.changedCells(fb, noisy, glyphs: glyphs, colors: colors) <= (dithers ? 40 * 12 / 50 : 0))
        #expect(Self.secondFrameBytes(fb, fb, glyphs: glyphs, colors: colors, tolerant: false) == 0)
    }

    @Test(arguments: [
        (GlyphSet.blocks, ColorDepth.truecolor), (.braille, .truecolor), (.quadrants, .ansi256),
        (.ascii, .truecolor),
    ])
    func withoutToleranceTheSameNoiseCostsBytes(_ glyphs: GlyphSet, _ colors: ColorDepth) {
        let fb = Synthetic.sphere(cellsOf: glyphs)
        let noisy = Self.jittered(fb, amount: 0.05, seed: 9)
        let strict = Self.secondFrameBytes(fb, noisy, glyphs: glyphs, colors: colors, tolerant: false)
        let tolerant = Self.secondFrameBytes(fb, noisy, glyphs: glyphs, colors: colors, tolerant: true)
        #expect(strict > 0)
        #expect(tolerant < strict)
    }

    @Test func aRealChangeStillGetsThrough() {
        let fb = Synthetic.sphere(width: 40, height: 24, tint: Vec3(0.2, 0.5, 0.9))
        let red = Synthetic.sphere(width: 40, height: 24, tint: Vec3(0.9, 0.1, 0.1))
        var encoder = CellEncoder(glyphs: .blocks, colors: .truecolor)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        encoder.encode(red, into: &grid)
        var fresh = CellGrid(columns: 1, rows: 1)
        var other = CellEncoder(glyphs: .blocks, colors: .truecolor)
        other.encode(red, into: &fresh)
        #expect(grid == fresh)
    }

    @Test func resetForgetsThePreviousFrame() {
        let fb = Synthetic.sphere(width: 40, height: 24)
        let noisy = Self.jittered(fb, amount: 0.02, seed: 1)
        var encoder = CellEncoder(glyphs: .blocks, colors: .truecolor)
        var a = CellGrid(columns: 1, rows: 1)
        var b = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &a)
        encoder.reset()
        encoder.encode(noisy, into: &b)
        #expect(b == Synthetic.encode(noisy, glyphs: .blocks, colors: .truecolor))
    }
}
