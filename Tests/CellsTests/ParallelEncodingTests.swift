import Math3D
import Raster
import Testing

@testable import Cells

@Suite struct ParallelEncoding {
    static let modes: [(GlyphSet, ColorDepth)] = GlyphSet.allCases.flatMap { g in ColorDepth.allCases.map { (g, $0) } }

    @Test(arguments: modes)
    func bandsOfRowsGiveTheSameCellsAsOneThread(_ glyphs: GlyphSet, _ colors: ColorDepth) {
        let sx = glyphs.subpixels.x
        let sy = glyphs.subpixels.y
        // Two frames, so hysteresis state is compared too; 13 rows do not split evenly.
        let frames = [0, 1.5].map {
            Synthetic.sphere(
                width: 37 * sx, height: 13 * sy, aspect: glyphs.pixelAspect(), shift: Float($0) * Float(sx))
        }
        var serial = CellEncoder(glyphs: glyphs, colors: colors, dither: true)
        var serialGrid = CellGrid(columns: 1, rows: 1)
        var expected: [CellGrid] = []
        for fb in frames {
            serial.encode(fb, into: &serialGrid)
            expected.append(serialGrid)
        }
        for threads in [2, 3, 8, 40] {
            var parallel = CellEncoder(glyphs: glyphs, colors: colors, dither: true)
            var grid = CellGrid(columns: 1, rows: 1)
            for (k, fb) in frames.enumerated() {
                parallel.encode(fb, into: &grid, threads: threads)
                #expect(grid == expected[k], "\(threads) threads, frame \(k)")
            }
        }
    }
}
