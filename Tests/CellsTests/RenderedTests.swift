import Math3D
import SceneGraph
import Testing

@testable import Cells

/// Fraction of the pixels in a rectangle of `image` equal to `color`.
func share(of color: SIMD3<UInt8>, in image: Image, x: Range<Int>, y: Range<Int>) -> Double {
    var hits = 0
    for py in y { for px in x where image[px, py] == color { hits += 1 } }
    return Double(hits) / Double(x.count * y.count)
}

@Suite struct Pictures {
    static let red = SIMD3<UInt8>(255, 0, 0), blue = SIMD3<UInt8>(0, 0, 255)

    @Test func pictureSizeIsCellsTimesCellSize() throws {
        let grid = CellGrid(columns: 7, rows: 3)
        let image = try #require(grid.rendered(cellWidth: 8, cellHeight: 16))
        #expect(image.width == 56 && image.height == 48)
        #expect(share(of: CellGrid.pictureBackground, in: image, x: 0..<56, y: 0..<48) == 1)
    }

    @Test func halfBlockShowsForegroundOnTopAndBackgroundBelow() throws {
        var grid = CellGrid(columns: 1, rows: 1)
        grid[0, 0] = Cell(glyph: "▀", fg: .rgb(255, 0, 0), bg: .rgb(0, 0, 255))
        let image = try #require(grid.rendered())
        #expect(share(of: Self.red, in: image, x: 0..<8, y: 0..<8) == 1)
        #expect(share(of: Self.blue, in: image, x: 0..<8, y: 8..<16) == 1)
    }

    @Test(arguments: [GlyphSet.quadrants, .sextants])
    func blockGlyphsInkExactlyTheirMaskedSubCells(_ set: GlyphSet) throws {
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        let cw = 8
        let ch = 24
        for mask in 1..<(1 << (sx * sy)) {
            var grid = CellGrid(columns: 1, rows: 1)
            grid[0, 0] = Cell(glyph: GlyphTable.glyph(mask: mask, in: set), fg: .rgb(255, 0, 0), bg: .rgb(0, 0, 255))
            let image = try #require(grid.rendered(cellWidth: cw, cellHeight: ch))
            for j in 0..<sy {
                for i in 0..<sx {
                    let inked = share(
                        of: Self.red, in: image, x: (i * cw / sx)..<((i + 1) * cw / sx),
                        y: (j * ch / sy)..<((j + 1) * ch / sy))
                    #expect(
                        inked == (mask & (1 << (j * sx + i)) != 0 ? 1 : 0), "\(set) mask \(mask) sub-cell \(i),\(j)")
                }
            }
        }
    }

    @Test func brailleDotsSitInsideTheirSubCells() throws {
        for bit in 0..<8 {
            var grid = CellGrid(columns: 1, rows: 1)
            grid[0, 0] = Cell(glyph: GlyphTable.glyph(mask: 1 << bit, in: .braille), fg: .rgb(255, 0, 0))
            let image = try #require(grid.rendered(cellWidth: 8, cellHeight: 16))
            let i = bit % 2
            let j = bit / 2
            let inside = share(of: Self.red, in: image, x: (i * 4)..<(i * 4 + 4), y: (j * 4)..<(j * 4 + 4))
            let all = share(of: Self.red, in: image, x: 0..<8, y: 0..<16)
            #expect(inside > 0.2 && inside < 0.6)
            #expect(abs(all * 128 - inside * 16) < 0.5, "dot \(bit) inks only its own sub-cell")
        }
    }

    @Test func everyAsciiGlyphTheEncodersUseHasInkAndTheRampDarkens() throws {
        var coverage: [Double] = []
        for g in AsciiRamp.glyphs + AsciiRamp.edgeGlyphs {
            var grid = CellGrid(columns: 1, rows: 1)
            grid[0, 0] = Cell(glyph: g, fg: .rgb(255, 0, 0))
            let image = try #require(grid.rendered())
            coverage.append(share(of: Self.red, in: image, x: 0..<8, y: 0..<16))
        }
        #expect(coverage.allSatisfy { $0 > 0.01 && $0 < 0.5 })
        let ramp = Array(coverage.prefix(AsciiRamp.glyphs.count))
        #expect(ramp[0] < ramp[4] && ramp[4] < ramp[8] && ramp[8] < ramp[11])
    }
}

@Suite struct QualityMetric {
    @Test func halfBlocksInTruecolorAreNearlyExact() {
        let fb = Synthetic.sphere(width: 40, height: 24)
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor)
        #expect(grid.meanColorError(against: fb, glyphs: .blocks) < 0.5)
    }

    @Test func fewerColoursOrCoarserGlyphsCostAccuracy() {
        let fb = Synthetic.sphere(width: 40, height: 24)
        let truecolor = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor).meanColorError(
            against: fb, glyphs: .blocks)
        let palette = Synthetic.encode(fb, glyphs: .blocks, colors: .ansi256).meanColorError(
            against: fb, glyphs: .blocks)
        let ascii = Synthetic.sphere(width: 40, height: 12, aspect: 0.5)
        let asciiError = Synthetic.encode(ascii, glyphs: .ascii, colors: .truecolor).meanColorError(
            against: ascii, glyphs: .ascii)
        #expect(truecolor < palette)
        #expect(palette < asciiError)
    }

    @Test func aWrongPictureScoresBadly() {
        let fb = Synthetic.sphere(width: 40, height: 24)
        var grid = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor)
        for i in grid.cells.indices where grid.cells[i].glyph == "▀" { grid.cells[i].fg = .rgb(255, 0, 255) }
        #expect(grid.meanColorError(against: fb, glyphs: .blocks) > 20)
    }
}
