import Testing

@testable import Cells

@Suite struct GlyphSetShapes {
    @Test func rawValuesAreTheCommandLineSpellings() {
        #expect(GlyphSet.allCases.map(\.rawValue) == ["ascii", "edges", "blocks", "quadrants", "sextants", "braille"])
        #expect(GlyphSet(rawValue: "sextants") == .sextants)
        #expect(GlyphSet(rawValue: "octants") == nil)
    }

    @Test func subPixelGridsMatchTheContract() {
        let grids = GlyphSet.allCases.map { "\($0.subpixels.x)x\($0.subpixels.y)" }
        #expect(grids == ["1x1", "1x1", "1x2", "2x2", "2x3", "2x4"])
    }

    @Test func halfBlocksAndBrailleHaveSquarePixelsInHalfWideCells() {
        #expect(GlyphSet.blocks.pixelAspect() == 1)
        #expect(GlyphSet.braille.pixelAspect() == 1)
        #expect(GlyphSet.ascii.pixelAspect() == 0.5)
        #expect(GlyphSet.quadrants.pixelAspect() == 0.5)
        #expect(abs(GlyphSet.sextants.pixelAspect(cellAspect: 0.51) - 0.765) < 1e-6)
    }

    @Test func nextCyclesThroughEverySet() {
        var seen: [GlyphSet] = []
        var g = GlyphSet.ascii
        for _ in 0..<6 {
            seen.append(g)
            g = g.next
        }
        #expect(Set(seen).count == 6)
        #expect(g == .ascii)
    }

    @Test func everyMaskHasItsOwnGlyphAndDecodesBack() {
        for set in [GlyphSet.blocks, .quadrants, .sextants, .braille] {
            let n = set.subpixels.x * set.subpixels.y
            var glyphs = Set<Unicode.Scalar>()
            for mask in 0..<(1 << n) {
                let g = GlyphTable.glyph(mask: mask, in: set)
                glyphs.insert(g)
                #expect(GlyphTable.mask(of: g, in: set) == mask, "\(set) mask \(mask)")
            }
            #expect(glyphs.count == 1 << n)
        }
    }

    @Test func sextantsUseTheWholeUnicodeRangeAndTheOmittedBlocks() {
        let codes = (0..<64).map { GlyphTable.glyph(mask: $0, in: .sextants).value }
        let inRange = codes.filter { (0x1FB00...0x1FB3B).contains($0) }
        #expect(inRange.count == 60)
        #expect(Set(inRange).count == 60)
        #expect(codes[21] == 0x258C && codes[42] == 0x2590 && codes[63] == 0x2588 && codes[0] == 0x20)
        // Sextant-1 is the upper-left sixth, sextant-123456 minus nothing is the last one.
        #expect(codes[1] == 0x1FB00)
        #expect(codes[62] == 0x1FB3B)
    }

    @Test func brailleDotsFollowTheDotNumbering() {
        // Left column top to bottom: dots 1, 2, 3, 7; right column: 4, 5, 6, 8.
        #expect(GlyphTable.glyph(mask: 0b0000_0001, in: .braille) == "\u{2801}")
        #expect(GlyphTable.glyph(mask: 0b0000_0010, in: .braille) == "\u{2808}")
        #expect(GlyphTable.glyph(mask: 0b0100_0000, in: .braille) == "\u{2840}")
        #expect(GlyphTable.glyph(mask: 0b1000_0000, in: .braille) == "\u{2880}")
        #expect(GlyphTable.glyph(mask: 0xFF, in: .braille) == "\u{28FF}")
    }

    @Test func quadrantsMatchTheirUnicodeNames() {
        #expect(GlyphTable.glyph(mask: 0b0001, in: .quadrants) == "▘")
        #expect(GlyphTable.glyph(mask: 0b1001, in: .quadrants) == "▚")
        #expect(GlyphTable.glyph(mask: 0b1110, in: .quadrants) == "▟")
        #expect(GlyphTable.glyph(mask: 0b0011, in: .quadrants) == "▀")
        #expect(GlyphTable.glyph(mask: 0b0101, in: .quadrants) == "▌")
    }
}

@Suite struct ColorDepths {
    @Test func fallbackChainEndsAtNone() {
        var chain: [ColorDepth] = [.truecolor]
        while let next = chain.last?.fallback { chain.append(next) }
        #expect(chain == [.truecolor, .ansi256, .ansi16, .none])
    }

    @Test func rawValuesAreTheCommandLineSpellings() {
        #expect(ColorDepth.allCases.map(\.rawValue) == ["none", "16", "256", "truecolor"])
    }

    @Test func limitingFollowsTheChain() {
        #expect(ColorDepth.truecolor.limited(to: .ansi16) == .ansi16)
        #expect(ColorDepth.ansi16.limited(to: .truecolor) == .ansi16)
        #expect(ColorDepth.ansi256.limited(to: .none) == .none)
    }
}

@Suite struct DefaultGlyphSet {
    @Test func aUTF8LocaleGetsHalfBlocksAndAnythingElseASCII() {
        #expect(GlyphSet.defaultSet(environment: ["LANG": "en_US.UTF-8"]) == .blocks)
        #expect(GlyphSet.defaultSet(environment: ["LC_ALL": "C.utf8", "LANG": "C"]) == .blocks)
        #expect(GlyphSet.defaultSet(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
        #expect(GlyphSet.defaultSet(environment: ["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8"]) == .blocks)
        #expect(GlyphSet.defaultSet(environment: ["LANG": "POSIX"]) == .ascii)
        #expect(GlyphSet.defaultSet(environment: [:]) == .ascii)
    }
}

@Suite struct GlyphSetTable {
    @Test(arguments: GlyphSet.allCases)
    func everyRowIsConsistent(_ set: GlyphSet) {
        let spec = set.spec
        switch spec.encoder {
        case .ramp: #expect(spec.masks.isEmpty)
        case .halfBlocks, .twoColourFit: #expect(spec.masks.count == 1 << (spec.subpixels.x * spec.subpixels.y))
        }
        #expect(spec.masks.first.map { $0 == " " } ?? true)
    }

    /// The pictures of cells (`CellGrid.rendered`) take each glyph's shape from its set's
    /// row: a glyph inks the middle of exactly the sub-pixels its mask has.
    @Test(arguments: GlyphSet.allCases)
    func everyMaskGlyphInksItsSubpixelsInPictures(_ set: GlyphSet) {
        let spec = set.spec
        let (w, h) = (16, 32)
        for (mask, glyph) in spec.masks.enumerated() {
            let shape = GlyphShape(glyph)
            for sy in 0..<spec.subpixels.y {
                for sx in 0..<spec.subpixels.x {
                    let x = (2 * sx + 1) * w / (2 * spec.subpixels.x)
                    let y = (2 * sy + 1) * h / (2 * spec.subpixels.y)
                    let bit = mask & (1 << (sy * spec.subpixels.x + sx)) != 0
                    #expect(shape.inks(x: x, y: y, width: w, height: h) == bit, "\(set) \(glyph) \(sx),\(sy)")
                }
            }
        }
    }
}
