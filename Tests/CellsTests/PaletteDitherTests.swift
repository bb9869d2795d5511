import Foundation
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
        let pair = Palette.pairs256[Palette.pairBin256(r: Int(c.x), g: Int(c.y), b: Int(c.z))]
        #expect(pair.y == 17, "deep ocean pair \(pair)")
        #expect(pair.x != 60 && pair.y != 60, "deep ocean pair \(pair)")
    }

    @Test func navyHasTheOceansHueInOKLab() {
        // CIELAB bends dark blues toward purple: navy (sRGB 0, 0, 95) is 22 degrees from the
        // ocean's blue there, and the pair search took greys instead. OKLab sees one hue.
        let ocean = Self.linear(SIMD3(6, 18, 43))
        let navy = Palette.linear[17]
        func degrees(_ lab: SIMD3<Float>) -> Float { atan2(lab.z, lab.y) * 180 / .pi }
        let cielab = abs(degrees(CIELAB.lab(linear: ocean)) - degrees(CIELAB.lab(linear: navy)))
        let okOcean = Palette.okHued(CIELAB.lab(linear: ocean), linear: ocean)
        let ok = abs(degrees(Palette.okHuedLabs[17]) - degrees(okOcean))
        #expect(cielab > 15)
        #expect(ok < 3)
        // The okHued colour keeps CIELAB's lightness and chroma.
        let lab = CIELAB.lab(linear: ocean)
        let turned = Palette.okHued(lab, linear: ocean)
        #expect(abs(turned.x - lab.x) < 1e-4)
        #expect(abs(Palette.chroma(turned) - Palette.chroma(lab)) < 1e-3)
        // So the lit ocean is drawn mostly in navy, with a lighter grey for its lightness.
        let pair = Palette.pairs256[Palette.pairBin256(r: 6, g: 18, b: 43)]
        #expect(pair.x == 17, "ocean pair \(pair)")
        #expect(Palette.mix(ocean, nearest: Palette.linear[Int(pair.x)], partner: Palette.linear[Int(pair.y)]) < 0.5)
    }

    /// The blues of `CellEncoder.blueHalves`, and the lavenders and purples it replaces.
    static let blues: Set<CellColor> = Set([17, 18, 19, 23, 24, 25, 66, 67, 68].map { CellColor.indexed($0) })
    static let lavenders: Set<CellColor> = Set([60, 61, 62, 97, 103, 104].map { CellColor.indexed($0) })

    @Test func aDarkBlueHalfBlockCellKeepsItsHue() {
        // A slate blue (sRGB 58, 61, 77) mixes grey 236 with a fifth of lavender 60: dithered
        // pixel by pixel, most half-block cells would show two greys, and with the lavender
        // in one half they read violet. Each cell shows a blue in one half and a grey in the
        // other (`blueCell`), and the whole field reads blue.
        let c = SIMD3<UInt8>(58, 61, 77)
        let pair = Palette.pairs256[Palette.pairBin256(r: Int(c.x), g: Int(c.y), b: Int(c.z))]
        #expect(pair == SIMD2(236, 60), "slate pair \(pair)")
        let fb = Self.flat(c, .blocks)
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .ansi256)
        func chroma(_ c: CellColor) -> Float {
            guard case .indexed(let i) = c else { return 0 }
            return Palette.chroma(Palette.labs[Int(i)])
        }
        for (i, cell) in grid.cells.enumerated() {
            #expect(cell.fg != cell.bg, "cell \(i): \(cell)")
            #expect(Self.blues.contains(chroma(cell.fg) > chroma(cell.bg) ? cell.fg : cell.bg), "cell \(i): \(cell)")
            #expect(!Self.lavenders.contains(cell.fg) && !Self.lavenders.contains(cell.bg), "cell \(i): \(cell)")
        }
        #expect(grid.hueScore(against: fb, glyphs: .blocks).score == 1)
        // A flat field is not striped: the bluer entry takes the top and the bottom half in turn.
        #expect(grid.cells.filter { chroma($0.fg) > chroma($0.bg) }.count == grid.cells.count / 2)
        // A light grey-blue with the same kind of pair keeps its plain dither.
        let light = Self.flat(SIMD3(150, 152, 160), .blocks)
        let lightGrid = Synthetic.encode(light, glyphs: .blocks, colors: .ansi256)
        let plain = lightGrid.cells.filter { $0.fg == $0.bg }.count
        #expect(plain > lightGrid.cells.count / 4, "\(plain) of \(lightGrid.cells.count) cells in one entry")
    }

    /// The Earth's lit ocean and the sun's highlight on it (sRGB 47, 51, 66, CIELAB chroma
    /// 10) are drawn blue in every half-block cell, without lavender; land and greys get no
    /// blue, and the deepest ocean (below `CellEncoder.blockBlueFloor`) keeps its dither.
    @Test(arguments: [SIMD3<UInt8>(47, 51, 66), SIMD3(20, 35, 70), SIMD3(40, 61, 99), SIMD3(10, 25, 55)])
    func theLitOceanIsBlueInEveryHalfBlockCell(_ c: SIMD3<UInt8>) {
        let fb = Self.flat(c, .blocks)
        let grid = Synthetic.encode(fb, glyphs: .blocks, colors: .ansi256)
        for (i, cell) in grid.cells.enumerated() {
            #expect(!Self.lavenders.contains(cell.fg) && !Self.lavenders.contains(cell.bg), "\(c) cell \(i): \(cell)")
        }
        #expect(grid.hueScore(against: fb, glyphs: .blocks).score == 1, "\(c)")
    }

    @Test(arguments: [SIMD3<UInt8>(90, 70, 40), SIMD3(30, 45, 20), SIMD3(50, 50, 50), SIMD3(60, 40, 30)])
    func landAndGreysGetNoBlueHalf(_ c: SIMD3<UInt8>) {
        let grid = Synthetic.encode(Self.flat(c, .blocks), glyphs: .blocks, colors: .ansi256)
        let blue = grid.cells.filter { Self.blues.contains($0.fg) || Self.blues.contains($0.bg) }.count
        #expect(blue == 0, "\(c): \(blue) cells with a blue half")
    }

    @Test func theDeepestOceanKeepsItsSparseDither() {
        // Half navy in every cell would be some 30 delta E from sRGB 2, 5, 22.
        let grid = Synthetic.encode(Self.flat(Self.deepOcean, .blocks), glyphs: .blocks, colors: .ansi256)
        let navy = grid.cells.filter { $0.fg == .indexed(17) || $0.bg == .indexed(17) }.count
        #expect(navy > 0 && navy < grid.cells.count / 4, "\(navy) of \(grid.cells.count) cells with navy")
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
        // A brown between grey 239 and 94 (sRGB 135, 95, 0): dithered from the two.
        let c = Self.linear(SIMD3(100, 80, 60))
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
