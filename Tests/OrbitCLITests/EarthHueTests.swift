import Cells
import Display
import Gestures
import Raster
import Testing

@testable import OrbitCLI

/// The Earth at 256 colours keeps its hues: measured over the whole 200x60 frame, most of the
/// framebuffer's blue (ocean) pixels fall in cells whose mean colour, as a terminal draws
/// them, is still blue (`CellGrid.hueScore`), and the land's browns and greens stay warm.
@Suite(.serialized) struct EarthHue {
    /// The Earth's truecolor framebuffer and its cells at 256 colours, 200x60 `glyphs`.
    static func frame(_ glyphs: GlyphSet) throws -> (fb: Framebuffer, grid: CellGrid) {
        let fb = try TestScenes.frame(TestScenes.earth, columns: 200, rows: 60, glyphs: glyphs, colors: .truecolor)
            .framebuffer
        var encoder = CellEncoder(glyphs: glyphs, colors: .ansi256)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        return (fb, grid)
    }

    /// The least hue score of each set (measured: blocks 0.545, quadrants 0.868, sextants
    /// 0.920, braille 0.948; before the OKLab hue and the 5-bit pair table 0.487, 0.811,
    /// 0.862, 0.874). Half blocks have two sub-pixels a cell, so a dark blue dithered from a
    /// near-black and a sparse navy keeps its hue in fewer cells.
    static let leastHue: [GlyphSet: Double] = [.blocks: 0.5, .quadrants: 0.82, .sextants: 0.88, .braille: 0.9]

    @Test(arguments: [GlyphSet.blocks, .quadrants, .sextants, .braille])
    func theOceansStayBlueAt256Colours(_ glyphs: GlyphSet) throws {
        let (fb, grid) = try Self.frame(glyphs)
        let hue = grid.hueScore(against: fb, glyphs: glyphs)
        // The ocean is a large part of the frame.
        #expect(hue.bluePixels > fb.width * fb.height / 20)
        let least = try #require(Self.leastHue[glyphs])
        #expect(hue.score >= least, "\(glyphs): hue score \(hue.score)")
    }
}
