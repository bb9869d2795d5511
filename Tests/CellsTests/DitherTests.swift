import Math3D
import SceneGraph
import Testing

@testable import Cells

@Suite struct OrderedDither {
    /// A flat covered framebuffer of one sRGB colour, `columns` x `rows` half-block cells.
    static func flat(_ c: SIMD3<UInt8>, columns: Int, rows: Int) -> CellGrid {
        let lin = Vec3(SRGB.toLinear[Int(c.x)], SRGB.toLinear[Int(c.y)], SRGB.toLinear[Int(c.z)])
        let fb = Synthetic.framebuffer(width: columns, height: 2 * rows) { _, _ in lin }
        var encoder = CellEncoder(glyphs: .blocks, colors: .ansi256, dither: true)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        return grid
    }

    @Test func aColourBetweenPaletteEntriesIsMixedFromNeighboursAndAveragesCloser() {
        // Grey 113 lies between the ramp greys 108 and 118.
        let target = SIMD3<UInt8>(113, 113, 113)
        let grid = Self.flat(target, columns: 8, rows: 8)
        let indices = Set(grid.cells.map(\.fg))
        #expect(indices.count >= 2)
        var mean = SIMD3<Float>.zero
        for cell in grid.cells {
            let c = cell.fg.srgb(default: .zero)
            mean += SIMD3(SRGB.toLinear[Int(c.x)], SRGB.toLinear[Int(c.y)], SRGB.toLinear[Int(c.z)])
        }
        mean /= Float(grid.cells.count)
        let want = CIELAB.lab(srgb: target)
        let single = CIELAB.lab(srgb: Palette.srgb(of: Palette.nearest256(target)))
        #expect(CIELAB.deltaE(CIELAB.lab(linear: mean), want) < CIELAB.deltaE(single, want))
    }

    @Test func thePatternIsAnchoredToCellPositions() {
        let c = SIMD3<UInt8>(113, 113, 113)
        let small = Self.flat(c, columns: 8, rows: 4)
        let large = Self.flat(c, columns: 12, rows: 6)
        for row in 0..<4 {
            for col in 0..<8 { #expect(small[col, row] == large[col, row]) }
        }
        // The pattern repeats every 4 cells.
        #expect(large[1, 1] == large[5, 5] && large[2, 0] == large[6, 4])
    }

    @Test func withoutTheOffsetAFlatGreyMixesItsTwoNeighbouringGreys() {
        // Grey 113 lies between the ramp greys 108 (242) and 118 (243): the half blocks
        // dither between exactly those two.
        let lin = Vec3(repeating: SRGB.toLinear[113])
        let fb = Synthetic.framebuffer(width: 8, height: 8) { _, _ in lin }
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .ansi256)
        let used = Set(grid.cells.flatMap { [$0.fg, $0.bg] })
        #expect(used == [.indexed(242), .indexed(243)])
    }
}
