import Foundation
import Math3D
import Raster
import Testing

@testable import Cells

/// The sub-pixel masks a grid shows, decoded back from its glyphs and colours: bit set where
/// the sub-pixel shows the colour `ink`.
func decodedPixels(_ grid: CellGrid, glyphs: GlyphSet, ink: CellColor) -> [[Bool]] {
    let sx = glyphs.subpixels.x
    let sy = glyphs.subpixels.y
    var out = [[Bool]](repeating: [Bool](repeating: false, count: grid.columns * sx), count: grid.rows * sy)
    for row in 0..<grid.rows {
        for col in 0..<grid.columns {
            let cell = grid[col, row]
            let mask = GlyphTable.mask(of: cell.glyph, in: glyphs) ?? 0
            for j in 0..<sy {
                for i in 0..<sx {
                    let fg = mask & (1 << (j * sx + i)) != 0
                    out[row * sy + j][col * sx + i] = (fg ? cell.fg : cell.bg) == ink
                }
            }
        }
    }
    return out
}

@Suite struct SubPixelGrids {
    static let sets: [GlyphSet] = [.blocks, .quadrants, .sextants, .braille]

    @Test(arguments: sets)
    func aOnePixelVerticalLineStaysOneSubPixelWide(_ set: GlyphSet) {
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        let w = 6 * sx
        let h = 4 * sy
        for lineX in [0, 1, 5, w - 1] {
            // A white line on a dark-blue covered surface.
            let fb = Synthetic.framebuffer(width: w, height: h) { x, _ in x == lineX ? Vec3(1, 1, 1) : Vec3(0, 0, 0.2) }
            let grid = Synthetic.encode(fb, glyphs: set, colors: .truecolor)
            let pixels = decodedPixels(grid, glyphs: set, ink: .rgb(255, 255, 255))
            for y in 0..<h {
                #expect(pixels[y] == (0..<w).map { $0 == lineX }, "\(set) line at x \(lineX), row \(y)")
            }
        }
    }

    @Test(arguments: sets)
    func aOnePixelHorizontalLineStaysOneSubPixelHigh(_ set: GlyphSet) {
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        let w = 5 * sx
        let h = 4 * sy
        for lineY in [0, 1, sy, h - 1] {
            let fb = Synthetic.framebuffer(width: w, height: h) { _, y in
                y == lineY ? Vec3(1, 1, 0) : Vec3(0.01, 0.01, 0.01)
            }
            let grid = Synthetic.encode(fb, glyphs: set, colors: .truecolor)
            let pixels = decodedPixels(grid, glyphs: set, ink: .rgb(255, 255, 0))
            for y in 0..<h {
                #expect(pixels[y] == [Bool](repeating: y == lineY, count: w), "\(set) line at y \(lineY), row \(y)")
            }
        }
    }

    @Test func halfBlocksReproduceAnyTwoColoursExactly() {
        var random = Synthetic.Random(seed: 3)
        let w = 16
        let h = 12
        var expected = [SIMD3<UInt8>]()
        let fb = Synthetic.framebuffer(width: w, height: h) { _, _ in
            let c = SIMD3(random.byte(), random.byte(), random.byte())
            expected.append(c)
            return Vec3(SRGBTable.linear(c.x), SRGBTable.linear(c.y), SRGBTable.linear(c.z))
        }
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor)
        for row in 0..<grid.rows {
            for col in 0..<grid.columns {
                let cell = grid[col, row]
                #expect(cell.glyph == "▀")
                #expect(cell.fg.srgb(default: .zero) == expected[2 * row * w + col])
                #expect(cell.bg.srgb(default: .zero) == expected[(2 * row + 1) * w + col])
            }
        }
    }

    @Test func brailleCellsKeepTheShapeAndBrightenTheDotsForTheirSmallInk() {
        // Braille dots cover a quarter of their sub-cell: the pattern is kept exactly, and the
        // dots are drawn brighter than the bright group so that the cell's mean stays right.
        var random = Synthetic.Random(seed: 11)
        let w = 16
        let h = 24
        let a = Vec3(0.5, 0.2, 0.1)
        let b = Vec3(0.05, 0.1, 0.2)
        var bits = [Bool]()
        for _ in 0..<(w * h) { bits.append(random.next() & 1 == 1) }
        let fb = Synthetic.framebuffer(width: w, height: h) { x, y in bits[y * w + x] ? a : b }
        let grid = Synthetic.encode(fb, glyphs: .braille, colors: .truecolor)
        for row in 0..<6 {
            for col in 0..<8 {
                var want = 0
                for k in 0..<8 where bits[(row * 4 + k / 2) * w + col * 2 + k % 2] { want |= 1 << k }
                let cell = grid[col, row]
                guard want != 0 && want != 255 else { continue }
                #expect(GlyphTable.mask(of: cell.glyph, in: .braille) == want, "cell \(col),\(row)")
                let fg = cell.fg.srgb(default: .zero)
                #expect(Int(fg.x) > Color8.code(a.x), "cell \(col),\(row): \(fg)")
            }
        }
    }

    @Test(arguments: [GlyphSet.quadrants, .sextants])
    func twoColourCellsAreReproducedExactly(_ set: GlyphSet) {
        // Every cell holds exactly two colours in a random pattern: the fit must find it.
        var random = Synthetic.Random(seed: 11)
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        let w = 8 * sx
        let h = 6 * sy
        let a = Vec3(0.8, 0.3, 0.1)
        let b = Vec3(0.05, 0.1, 0.4)
        var bits = [Bool]()
        for _ in 0..<(w * h) { bits.append(random.next() & 1 == 1) }
        let fb = Synthetic.framebuffer(width: w, height: h) { x, y in bits[y * w + x] ? a : b }
        let grid = Synthetic.encode(fb, glyphs: set, colors: .truecolor)
        let inkA = CellColor.rgb(UInt8(Color8.code(a.x)), UInt8(Color8.code(a.y)), UInt8(Color8.code(a.z)))
        let pixels = decodedPixels(grid, glyphs: set, ink: inkA)
        for y in 0..<h {
            #expect(pixels[y] == (0..<w).map { bits[y * w + $0] }, "row \(y)")
        }
    }
}

/// sRGB helpers for expected values, computed independently of the encoder's tables.
enum SRGBTable {
    static func linear(_ v: UInt8) -> Float {
        let s = Float(v) / 255
        return s <= 0.04045 ? s / 12.92 : Float(pow(Double((s + 0.055) / 1.055), 2.4))
    }
}

enum Color8 {
    static func code(_ linear: Float) -> Int {
        let c = min(max(linear, 0), 1)
        let s = c <= 0.0031308 ? c * 12.92 : Float(1.055 * pow(Double(c), 1 / 2.4) - 0.055)
        return Int((s * 255).rounded())
    }
}

@Suite struct CoverageRules {
    @Test(arguments: GlyphSet.allCases, ColorDepth.allCases)
    func aCoveredDarkCellIsNeverASpace(_ set: GlyphSet, _ depth: ColorDepth) {
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        // A black covered square in the middle; one covered sub-pixel in a corner cell.
        let fb = Synthetic.framebuffer(width: 6 * sx, height: 4 * sy) { x, y in
            if x >= 2 * sx && x < 4 * sx && y >= sy && y < 3 * sy { return .zero }
            if x == 0 && y == 0 { return .zero }
            return nil
        }
        for transparent in [false, true] {
            let grid = Synthetic.encode(fb, glyphs: set, colors: depth, transparent: transparent)
            #expect(grid.columns == 6 && grid.rows == 4)
            for row in 0..<4 {
                for col in 0..<6 {
                    let covered = (col >= 2 && col < 4 && row >= 1 && row < 3) || (col == 0 && row == 0)
                    let cell = grid[col, row]
                    if covered {
                        #expect(cell.glyph != " " && cell.glyph != "\u{2800}", "\(set) \(depth) cell \(col),\(row)")
                    } else {
                        #expect(cell.glyph == " ", "\(set) \(depth) cell \(col),\(row)")
                    }
                }
            }
        }
    }

    @Test func uncoveredCellsShowTheBackgroundUnlessTransparent() {
        let fb = Synthetic.framebuffer(width: 4, height: 4, background: Vec3(0, 0, 1)) { _, _ in nil }
        let opaque = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor)
        #expect(opaque.cells.allSatisfy { $0 == Cell(glyph: " ", fg: .default, bg: .rgb(0, 0, 255)) })
        let clear = Synthetic.encode(fb, glyphs: .blocks, colors: .truecolor, transparent: true)
        #expect(clear.cells.allSatisfy { $0 == .blank })
        let mono = Synthetic.encode(fb, glyphs: .ascii, colors: .none)
        #expect(mono.cells.allSatisfy { $0 == .blank })
    }

    @Test func transparentHalfBlocksKeepTheDefaultBackgroundUnderUncoveredHalves() {
        // Top row of pixels covered red, bottom row uncovered; then the reverse.
        let top = Synthetic.framebuffer(width: 2, height: 2, background: Vec3(0, 1, 0)) { _, y in
            y == 0 ? Vec3(1, 0, 0) : nil
        }
        let t = Synthetic.encode(top, glyphs: .blocks, colors: .truecolor, transparent: true)
        #expect(t[0, 0] == Cell(glyph: "▀", fg: .rgb(255, 0, 0), bg: .default))
        let opaque = Synthetic.encode(top, glyphs: .blocks, colors: .truecolor)
        #expect(opaque[0, 0] == Cell(glyph: "▀", fg: .rgb(255, 0, 0), bg: .rgb(0, 255, 0)))
        let bottom = Synthetic.framebuffer(width: 2, height: 2) { _, y in y == 1 ? Vec3(1, 0, 0) : nil }
        let b = Synthetic.encode(bottom, glyphs: .blocks, colors: .truecolor, transparent: true)
        #expect(b[1, 0] == Cell(glyph: "▄", fg: .rgb(255, 0, 0), bg: .default))
    }

    @Test func transparentSubCellsDrawOnlyTheCoveredSubPixels() {
        // Left column of a braille cell covered.
        let fb = Synthetic.framebuffer(width: 2, height: 4) { x, _ in x == 0 ? Vec3(0.5, 0.5, 0.5) : nil }
        let grid = Synthetic.encode(fb, glyphs: .braille, colors: .ansi256, transparent: true)
        #expect(grid[0, 0].glyph == "\u{2847}")
        #expect(grid[0, 0].bg == .default)
    }

    @Test func aFramebufferWithShortBuffersGivesABlankCell() {
        for set in GlyphSet.allCases {
            var fb = Synthetic.framebuffer(width: 8, height: 8) { _, _ in Vec3(1, 1, 1) }
            fb.color.removeLast(5)
            let grid = Synthetic.encode(fb, glyphs: set, colors: .truecolor)
            #expect(grid.columns == 1 && grid.rows == 1 && grid[0, 0] == .blank)
            #expect(grid.meanColorError(against: fb, glyphs: set) == 0)
        }
        var edges = Synthetic.framebuffer(width: 8, height: 8) { _, _ in Vec3(1, 1, 1) }
        edges.normal = []
        #expect(Synthetic.encode(edges, glyphs: .edges, colors: .none)[0, 0] == .blank)
    }

    @Test func anOddSizedFramebufferIgnoresTheExtraPixels() {
        let fb = Synthetic.framebuffer(width: 5, height: 7) { _, _ in Vec3(1, 1, 1) }
        let grid = Synthetic.encode(fb, glyphs: .quadrants, colors: .truecolor)
        #expect(grid.columns == 2 && grid.rows == 3)
        let tiny = Synthetic.framebuffer(width: 1, height: 1) { _, _ in Vec3(1, 1, 1) }
        let one = Synthetic.encode(tiny, glyphs: .braille, colors: .truecolor)
        #expect(one.columns == 1 && one.rows == 1 && one[0, 0] == .blank)
    }
}

@Suite struct AsciiRampChoice {
    @Test func rampIsSortedByMeasuredCoverageAndHasNoSpace() {
        #expect(AsciiRamp.coverage == AsciiRamp.coverage.sorted())
        #expect(Set(AsciiRamp.glyphs).count == AsciiRamp.glyphs.count)
        #expect(!AsciiRamp.glyphs.contains(" "))
        #expect(AsciiRamp.glyphs.first == ".")
    }

    @Test func brighterPixelsGetInkierGlyphs() {
        // A left-to-right ramp of linear luminance 0...1.
        let w = 64
        let fb = Synthetic.framebuffer(width: w, height: 1) { x, _ in Vec3(repeating: Float(x) / Float(w - 1)) }
        let grid = Synthetic.encode(fb, glyphs: .ascii, colors: .none)
        let indices = (0..<w).map { AsciiRamp.glyphs.firstIndex(of: grid[$0, 0].glyph) ?? -1 }
        #expect(!indices.contains(-1))
        #expect(indices == indices.sorted())
        #expect(indices.first == 0 && indices.last == AsciiRamp.glyphs.count - 1)
        // Linear luminance 0.5 lands on the glyph inking about half the darkest glyph's ink.
        let mid = AsciiRamp.level[indices[w / 2]]
        #expect(abs(mid - 0.5) < 0.1)
    }

    @Test func colourAsciiBrightensTheInkToMatchThePixel() {
        let fb = Synthetic.framebuffer(width: 1, height: 1) { _, _ in Vec3(0.1, 0.1, 0.1) }
        let grid = Synthetic.encode(fb, glyphs: .ascii, colors: .truecolor)
        let k = AsciiRamp.glyphs.firstIndex(of: grid[0, 0].glyph) ?? 0
        let ink = grid[0, 0].fg.srgb(default: .zero)
        #expect(Int(ink.x) == Color8.code(0.1 / AsciiRamp.level[k]))
    }
}

@Suite struct EdgeGlyphs {
    @Test func silhouettesOfASquareUseBarsAndUnderscores() {
        // A covered 8x6 rectangle inside a 12x10 frame.
        let fb = Synthetic.framebuffer(width: 12, height: 10) { x, y in
            (2..<10).contains(x) && (2..<8).contains(y) ? Vec3(0.5, 0.5, 0.5) : nil
        }
        let grid = Synthetic.encode(fb, glyphs: .edges, colors: .none)
        #expect(grid[2, 4].glyph == "|")
        #expect(grid[9, 4].glyph == "|")
        #expect(grid[5, 2].glyph == "_")
        #expect(grid[5, 7].glyph == "_")
        #expect(AsciiRamp.glyphs.contains(grid[5, 4].glyph))
        #expect(grid[0, 0].glyph == " ")
    }

    @Test func diagonalSilhouettesUseSlashes() {
        // A triangle below the anti-diagonal (x + y >= 12) and one below the diagonal (y >= x).
        let slash = Synthetic.framebuffer(width: 12, height: 12) { x, y in x + y >= 12 ? Vec3(1, 1, 1) : nil }
        let g1 = Synthetic.encode(slash, glyphs: .edges, colors: .none)
        #expect(g1[6, 6].glyph == "/")
        let back = Synthetic.framebuffer(width: 12, height: 12) { x, y in y >= x ? Vec3(1, 1, 1) : nil }
        let g2 = Synthetic.encode(back, glyphs: .edges, colors: .none)
        #expect(g2[5, 5].glyph == "\\")
    }

    @Test func depthStepsAreDrawnOnTheNearSideOnly() {
        // A near square (depth 2) in front of a far wall (depth 6) covering the whole frame.
        var fb = Synthetic.framebuffer(width: 14, height: 10) { _, _ in Vec3(0.5, 0.5, 0.5) }
        for y in 0..<10 {
            for x in 0..<14 { fb.depth[fb.index(x: x, y: y)] = (4..<10).contains(x) && (3..<7).contains(y) ? 2 : 6 }
        }
        let grid = Synthetic.encode(fb, glyphs: .edges, colors: .none)
        #expect(grid[4, 5].glyph == "|")
        #expect(grid[9, 5].glyph == "|")
        #expect(grid[6, 3].glyph == "_")
        #expect(AsciiRamp.glyphs.contains(grid[3, 5].glyph), "the far side stays plain")
        #expect(AsciiRamp.glyphs.contains(grid[1, 1].glyph), "a flat wall has no edges")
        #expect(AsciiRamp.glyphs.contains(grid[6, 5].glyph))
    }

    @Test func creasesBetweenFlatFacesAreDrawn() {
        // Two faces of a box meeting at x = 6 with normals 90 degrees apart, same depth.
        var fb = Synthetic.framebuffer(width: 12, height: 8) { _, _ in Vec3(0.5, 0.5, 0.5) }
        for y in 0..<8 {
            for x in 0..<12 {
                fb.normal[fb.index(x: x, y: y)] = x < 6 ? normalize(Vec3(-1, 0, 1)) : normalize(Vec3(1, 0, 1))
            }
        }
        let grid = Synthetic.encode(fb, glyphs: .edges, colors: .none)
        #expect(grid[5, 4].glyph == "|")
        #expect(AsciiRamp.glyphs.contains(grid[3, 4].glyph))
        #expect(AsciiRamp.glyphs.contains(grid[8, 4].glyph))
    }
}

@Suite struct RampExposure {
    @Test func exposureSpreadsDarkPixelsOverMoreOfTheRamp() {
        let w = 32
        let fb = Synthetic.framebuffer(width: w, height: 1) { x, _ in Vec3(repeating: 0.1 * Float(x) / Float(w - 1)) }
        var plain = CellEncoder(glyphs: .ascii, colors: .none)
        var bright = CellEncoder(glyphs: .ascii, colors: .none)
        bright.rampExposure = 4
        var a = CellGrid(columns: 1, rows: 1)
        var b = CellGrid(columns: 1, rows: 1)
        plain.encode(fb, into: &a)
        bright.encode(fb, into: &b)
        #expect(Set(a.cells.map(\.glyph)).count <= 2)
        #expect(Set(b.cells.map(\.glyph)).count >= 4)
    }

    @Test func aPerceptualGammaKeepsTheRampOrderAndLiftsDarkPixels() {
        let w = 64
        let fb = Synthetic.framebuffer(width: w, height: 1) { x, _ in Vec3(repeating: Float(x) / Float(w - 1)) }
        var encoder = CellEncoder(glyphs: .ascii, colors: .none)
        encoder.rampGamma = 2.2
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &grid)
        let indices = (0..<w).map { AsciiRamp.glyphs.firstIndex(of: grid[$0, 0].glyph) ?? -1 }
        #expect(indices == indices.sorted())
        // Linear luminance 0.05 is perceived near 0.26: about a quarter of the way up.
        let k = indices[Int(0.05 * Float(w - 1) + 0.5)]
        #expect(abs(AsciiRamp.level[k] - 0.26) < 0.12)
    }
}
