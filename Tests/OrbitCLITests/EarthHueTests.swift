import Cells
import Display
import Foundation
import Gestures
import Raster
import Testing

@testable import OrbitCLI

/// The Earth at 256 colours keeps its hues: measured over the whole 200x60 frame, most of the
/// framebuffer's blue (ocean) pixels fall in cells whose mean colour, as a terminal draws
/// them, is still blue (`CellGrid.hueScore`), and the land's browns and greens stay warm.
@Suite(.serialized) struct EarthHue {
    /// The Earth's truecolor framebuffer and its cells at 256 colours, 200x60 `glyphs`.
    static func frame(_ glyphs: GlyphSet, columns: Int = 200, rows: Int = 60) throws -> (
        fb: Framebuffer, grid: CellGrid
    ) {
        let fb = try TestScenes.frame(
            TestScenes.earth, columns: columns, rows: rows, glyphs: glyphs, colors: .truecolor
        )
        .framebuffer
        var encoder = CellEncoder(glyphs: glyphs, colors: .ansi256)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        return (fb, grid)
    }

    /// The least hue score of each set (measured: blocks 0.709, quadrants 0.868, sextants
    /// 0.920, braille 0.948; blocks 0.545 before `blueCell`, and before the OKLab hue and the
    /// 5-bit pair table 0.487, 0.811, 0.862, 0.874). Half blocks have two sub-pixels a cell:
    /// the deepest ocean (CIELAB L* below 5), dithered from a near-black and a sparse navy,
    /// keeps its hue in few cells (`CellEncoder.blockBlueFloor`).
    static let leastHue: [GlyphSet: Double] = [.blocks: 0.68, .quadrants: 0.82, .sextants: 0.88, .braille: 0.9]

    @Test(arguments: [GlyphSet.blocks, .quadrants, .sextants, .braille])
    func theOceansStayBlueAt256Colours(_ glyphs: GlyphSet) throws {
        let (fb, grid) = try Self.frame(glyphs)
        let hue = grid.hueScore(against: fb, glyphs: glyphs)
        // The ocean is a large part of the frame.
        #expect(hue.bluePixels > fb.width * fb.height / 20)
        let least = try #require(Self.leastHue[glyphs])
        #expect(hue.score >= least, "\(glyphs): hue score \(hue.score)")
    }

    /// The default window, 80x24 half blocks: the same floor (measured 0.710; 0.538 before
    /// `blueCell`).
    @Test func theOceansStayBlueAt80x24InHalfBlocks() throws {
        let (fb, grid) = try Self.frame(.blocks, columns: 80, rows: 24)
        let hue = grid.hueScore(against: fb, glyphs: .blocks)
        #expect(hue.bluePixels > fb.width * fb.height / 20)
        let least = try #require(Self.leastHue[.blocks])
        #expect(hue.score >= least, "80x24 blocks: hue score \(hue.score)")
    }

    /// No lavender or purple (sRGB 95, 95, 135 and its kin) in a half-block cell whose two
    /// pixels are both ocean (blue, CIELAB L* below 35), at 80x24 and 200x60 (37 such pixels
    /// at 80x24 before `blueCell`).
    @Test(arguments: [(80, 24), (200, 60)])
    func noLavenderInTheOcean(_ size: (Int, Int)) throws {
        let (fb, grid) = try Self.frame(.blocks, columns: size.0, rows: size.1)
        let lavenders: Set<CellColor> = Set([60, 61, 62, 97, 103, 104].map { CellColor.indexed($0) })
        func oceanPixel(_ x: Int, _ y: Int) -> Bool {
            let lab = CIELAB.lab(linear: fb.color[fb.index(x: x, y: y)])
            let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
            var hue = atan2(lab.z, lab.y) * 180 / .pi
            if hue < 0 { hue += 360 }
            return chroma >= 4 && hue >= 220 && hue <= 320 && lab.x < 35
        }
        var ocean = 0
        var lavender = 0
        for row in 0..<grid.rows {
            for col in 0..<grid.columns where oceanPixel(col, 2 * row) && oceanPixel(col, 2 * row + 1) {
                ocean += 1
                let cell = grid.cells[row * grid.columns + col]
                if lavenders.contains(cell.fg) || lavenders.contains(cell.bg) { lavender += 1 }
            }
        }
        #expect(ocean > grid.columns * grid.rows / 20)
        #expect(lavender == 0, "\(size): \(lavender) of \(ocean) ocean cells show lavender")
    }
}
