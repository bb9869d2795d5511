import Math3D
import Raster
import Testing

@testable import Cells

/// Braille edges at 256 and 16 colours (CellEncoder+Dots.swift): a cell an outline crosses
/// shows its bright side on the side where the picture is bright.
@Suite struct BrailleEdges {
    static let depths: [ColorDepth] = [.ansi256, .ansi16]
    /// A lit orange surface.
    static let orange = Vec3(0.7, 0.35, 0.08)

    /// The linear colour a braille cell shows at each of its 8 sub-pixels (row-major): paper,
    /// or paper plus a quarter of the ink's difference where a dot is inked.
    static func shown(_ cell: Cell) throws -> [Vec3] {
        guard case .indexed(let f) = cell.fg, case .indexed(let b) = cell.bg else {
            Issue.record("a palette cell, not \(cell)")
            return []
        }
        let mask = try #require(GlyphTable.mask(of: cell.glyph, in: .braille))
        let paper = Palette.linear[Int(b)]
        let ink = paper + (Palette.linear[Int(f)] - paper) * GlyphSet.braille.spec.inkCoverage
        return (0..<8).map { mask & (1 << $0) != 0 ? ink : paper }
    }

    static func luminance(_ c: [Vec3]) -> Float {
        c.map { dot($0, Vec3(0.2126, 0.7152, 0.0722)) }.reduce(0, +) / Float(c.count)
    }

    /// Surfaces meeting the Earth's night sky (dark navy): lit orange, sky blue, grey.
    static let fronts: [Vec3] = [orange, Vec3(0.2, 0.5, 0.9), Vec3(0.5, 0.5, 0.5)]
    static let navy = Vec3(0.0, 0.01, 0.05)

    /// 8 x 4 cells of `front` above `edge` sub-pixel rows (or left of `edge` columns) and
    /// navy beyond: the edge runs through the second row (fourth column) of cells.
    static func outline(_ front: Vec3, edge: Int, vertical: Bool) -> Framebuffer {
        Synthetic.framebuffer(width: 16, height: 16) { x, y in
            (vertical ? x : y) < edge ? front : navy
        }
    }

    @Test(arguments: depths)
    func anOutlineInsideACellKeepsItsBrightSide(_ colors: ColorDepth) throws {
        // A dot pattern from the cell's mean alone puts the bright dots anywhere, even on the
        // dark side; the edge's cells show their bright part where the picture has it.
        let cases = [(5, false), (6, false), (7, true)]
        for front in Self.fronts {
            for (edge, vertical) in cases {
                let grid = Synthetic.encode(
                    Self.outline(front, edge: edge, vertical: vertical), glyphs: .braille, colors: colors)
                // The cells the outline crosses: column 3 (sub-pixels 6 and 7) or row 1 (4...7).
                let crossed = vertical ? (0..<4).map { $0 * 8 + 3 } : (0..<8).map { 8 + $0 }
                for i in crossed {
                    let px = try Self.shown(grid.cells[i])
                    let sides =
                        vertical
                        ? ([0, 2, 4, 6].map { px[$0] }, [1, 3, 5, 7].map { px[$0] })
                        : (Array(px[0..<4]), Array(px[4..<8]))
                    let bright = Self.luminance(sides.0)
                    let dark = Self.luminance(sides.1)
                    #expect(
                        bright > dark,
                        "\(colors) \(front) edge \(edge) cell \(i) \(grid.cells[i]): \(bright) vs \(dark)")
                }
            }
        }
    }

    @Test(arguments: depths)
    func drawingEdgesLowersTheBlurredErrorOfALitSphere(_ colors: ColorDepth) {
        // The same sphere with edges turned off (every cell dithered from its mean) looks
        // worse to a viewer at normal distance.
        let fb = Synthetic.sphere(cellsOf: .braille, tint: Self.orange)
        func blurred(edgeContrast: Float) -> Double {
            var encoder = CellEncoder(glyphs: .braille, colors: colors)
            encoder.edgeContrast = edgeContrast
            var grid = CellGrid(columns: 1, rows: 1)
            encoder.encode(fb, into: &grid)
            return grid.blurredColorError(against: fb, glyphs: .braille)
        }
        let withEdges = blurred(edgeContrast: 10)
        let without = blurred(edgeContrast: .infinity)
        #expect(withEdges < without, "\(colors): with edges \(withEdges), dithered only \(without)")
    }

    @Test(arguments: depths)
    func aStillEdgeIsDrawnTheSameEveryFrame(_ colors: ColorDepth) {
        // Candidates do not depend on last frame: the same picture gives the same cells and
        // sends no bytes the second time.
        let fb = Synthetic.sphere(cellsOf: .braille, tint: Self.orange)
        var encoder = CellEncoder(glyphs: .braille, colors: colors)
        var grid = CellGrid(columns: 1, rows: 1)
        var writer = FrameWriter()
        encoder.encode(fb, into: &grid)
        let first = grid
        _ = writer.frame(grid)
        encoder.encode(fb, into: &grid)
        #expect(grid == first)
        #expect(writer.frame(grid).isEmpty)
    }
}
