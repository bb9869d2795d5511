import Math3D
import Raster
import SceneGraph
import Testing

@testable import Cells

/// The blurred error and the hue score (CellGrid+Perceived.swift).
@Suite struct PerceivedQuality {
    @Test func aFineDitherLooksLikeItsMixAfterTheBlur() {
        // Grey framebuffer; cells: half blocks alternating black and white pixels.
        let grey = SRGB.toLinear[188]  // linear ~0.5
        let fb = Synthetic.framebuffer(width: 20, height: 20) { _, _ in Vec3(repeating: grey) }
        var grid = CellGrid(columns: 20, rows: 10)
        for i in grid.cells.indices {
            grid.cells[i] = Cell(glyph: "\u{2580}", fg: .rgb(255, 255, 255), bg: .rgb(0, 0, 0))
        }
        let cell = grid.meanColorError(against: fb, glyphs: .blocks)
        let blurred = grid.blurredColorError(against: fb, glyphs: .blocks)
        #expect(cell > 40)
        #expect(blurred < 5, "\(blurred)")
        // A flat wrong colour stays wrong after the blur.
        let wrong = CellGrid(columns: 20, rows: 10, fill: Cell(glyph: " ", bg: .rgb(0, 0, 0)))
        #expect(wrong.blurredColorError(against: fb, glyphs: .blocks) > 40)
    }

    @Test func aPerfectGridHasNoBlurredError() {
        let fb = Synthetic.sphere(width: 40, height: 24)
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor)
        #expect(grid.blurredColorError(against: fb, glyphs: .blocks) < 1)
    }

    @Test func theHueScoreCountsBluePixelsWhoseCellIsStillBlue() {
        let ocean = Vec3(SRGB.toLinear[2], SRGB.toLinear[5], SRGB.toLinear[22])
        // Left half ocean, right half sand.
        let fb = Synthetic.framebuffer(width: 20, height: 20) { x, _ in x < 10 ? ocean : Vec3(0.6, 0.5, 0.3) }
        var grid = CellGrid(columns: 20, rows: 10, fill: Cell(glyph: " ", bg: .rgb(2, 5, 22)))
        #expect(grid.hueScore(against: fb, glyphs: .blocks) == (1, 200))
        // Half the ocean cells grey: half the score.
        for row in 0..<10 { for col in 0..<5 { grid[col, row] = Cell(glyph: " ", bg: .rgb(8, 8, 8)) } }
        #expect(grid.hueScore(against: fb, glyphs: .blocks).score == 0.5)
    }
}
