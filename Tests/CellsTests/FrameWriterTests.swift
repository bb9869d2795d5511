import Testing

@testable import Cells

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct FrameWriterOutput {
    static let esc = "\u{1B}"

    @Test func firstFrameRepaintsEveryCellInsideTheSyncWrapper() {
        var writer = FrameWriter()
        let grid = CellGrid(columns: 3, rows: 2)
        #expect(text(writer.frame(grid)) == "\(Self.esc)[?2026h\(Self.esc)[1H   \(Self.esc)[2H   \(Self.esc)[?2026l")
    }

    @Test func anUnchangedFrameEmitsNothing() {
        var writer = FrameWriter()
        var grid = CellGrid(columns: 4, rows: 3)
        grid[1, 1] = Cell(glyph: "▀", fg: .rgb(1, 2, 3), bg: .indexed(200))
        _ = writer.frame(grid)
        #expect(writer.frame(grid).isEmpty)
    }

    @Test func oneChangedCellEmitsACursorMoveAndTheCell() {
        var writer = FrameWriter()
        var grid = CellGrid(columns: 4, rows: 3)
        _ = writer.frame(grid)
        grid[1, 1] = Cell(glyph: "X", fg: .indexed(196))
        #expect(
            text(writer.frame(grid))
                == "\(Self.esc)[?2026h\(Self.esc)[2;2H\(Self.esc)[38;5;196mX\(Self.esc)[0m\(Self.esc)[?2026l")
    }

    @Test func repeatedColoursAreElidedAndBothChangesShareOneSequence() {
        var writer = FrameWriter()
        writer.synchronized = false
        var grid = CellGrid(columns: 4, rows: 1)
        for (i, g) in ["a", "b", "c"].enumerated() {
            grid[i, 0] = Cell(glyph: Unicode.Scalar(g) ?? " ", fg: .rgb(1, 2, 3), bg: .rgb(4, 5, 6))
        }
        grid[3, 0] = Cell(glyph: "d", fg: .rgb(1, 2, 3), bg: .indexed(17))
        #expect(
            text(writer.frame(grid))
                == "\(Self.esc)[1H\(Self.esc)[38;2;1;2;3;48;2;4;5;6mabc\(Self.esc)[48;5;17md\(Self.esc)[0m")
    }

    @Test func sixteenColoursUseTheShortCodes() {
        var writer = FrameWriter()
        writer.synchronized = false
        var grid = CellGrid(columns: 2, rows: 1)
        grid[0, 0] = Cell(glyph: "a", fg: .indexed(1), bg: .indexed(4))
        grid[1, 0] = Cell(glyph: "b", fg: .indexed(9), bg: .indexed(12))
        #expect(text(writer.frame(grid)) == "\(Self.esc)[1H\(Self.esc)[31;44ma\(Self.esc)[91;104mb\(Self.esc)[0m")
    }

    @Test func sameRowSkipsUseCursorForwardOrRewriteWhenShorter() {
        var writer = FrameWriter()
        writer.synchronized = false
        var grid = CellGrid(columns: 10, rows: 1)
        _ = writer.frame(grid)
        // Two changes four cells apart: ESC[4C between them.
        grid[0, 0] = Cell(glyph: "a")
        grid[5, 0] = Cell(glyph: "b")
        #expect(text(writer.frame(grid)) == "\(Self.esc)[1Ha\(Self.esc)[4Cb")
        // One unchanged default-coloured space between: rewriting it (1 byte) beats ESC[C.
        grid[0, 0] = Cell(glyph: "c")
        grid[2, 0] = Cell(glyph: "d")
        #expect(text(writer.frame(grid)) == "\(Self.esc)[1Hc d")
        // The same gap over a coloured cell: ESC[C, since rewriting would need colours.
        grid[1, 0] = Cell(glyph: "x", fg: .indexed(2))
        _ = writer.frame(grid)
        grid[0, 0] = Cell(glyph: "e")
        grid[2, 0] = Cell(glyph: "f")
        #expect(text(writer.frame(grid)) == "\(Self.esc)[1He\(Self.esc)[Cf")
    }

    @Test func theOriginOffsetsEveryCursorMove() {
        var writer = FrameWriter(originRow: 1, originColumn: 2)
        writer.synchronized = false
        var grid = CellGrid(columns: 3, rows: 2)
        _ = writer.frame(grid)
        grid[0, 1] = Cell(glyph: "z")
        #expect(text(writer.frame(grid)) == "\(Self.esc)[3;3Hz")
    }

    @Test func invalidateForcesAFullRepaint() {
        var writer = FrameWriter()
        let grid = CellGrid(columns: 2, rows: 2)
        let first = writer.frame(grid)
        #expect(writer.frame(grid).isEmpty)
        writer.invalidate()
        #expect(writer.frame(grid) == first)
        // A size change repaints everything too.
        let bigger = CellGrid(columns: 3, rows: 2)
        #expect(text(writer.frame(bigger)).filter { $0 == " " }.count == 6)
    }

    @Test func aGridWithTooFewCellsIsNotDrawnAndDoesNotCrash() {
        var writer = FrameWriter()
        var grid = CellGrid(columns: 4, rows: 2)
        grid.cells.removeLast(3)
        #expect(writer.frame(grid).isEmpty)
        #expect(grid.textLines(colors: true).map { TextForm.visible($0).count } == [4, 4])
        #expect(grid.rendered()?.width == 32)
    }

    @Test func writingIntoAReusedBufferReplacesItsContents() {
        var writer = FrameWriter()
        var bytes: [UInt8] = Array("stale".utf8)
        writer.write(CellGrid(columns: 1, rows: 1), into: &bytes)
        #expect(text(bytes) == "\(Self.esc)[?2026h\(Self.esc)[1H \(Self.esc)[?2026l")
    }
}

@Suite struct TextForm {
    /// Visible cells of a line: SGR sequences removed.
    static func visible(_ line: String) -> [Character] {
        var out: [Character] = []
        var inEscape = false
        for ch in line {
            if inEscape {
                if ch == "m" { inEscape = false }
                continue
            }
            if ch == "\u{1B}" {
                inEscape = true
                continue
            }
            out.append(ch)
        }
        return out
    }

    @Test(arguments: GlyphSet.allCases)
    func linesHoldExactlyRowsTimesColumnsVisibleCells(_ set: GlyphSet) {
        let sx = set.subpixels.x
        let sy = set.subpixels.y
        let fb = Synthetic.sphere(width: 20 * sx, height: 7 * sy, aspect: set.pixelAspect())
        for depth in ColorDepth.allCases {
            let grid = Synthetic.encode(fb, glyphs: set, colors: depth)
            for colors in [false, true] {
                let lines = grid.textLines(colors: colors)
                #expect(lines.count == 7)
                for line in lines {
                    #expect(Self.visible(line).count == 20, "\(set) \(depth) colors \(colors)")
                    #expect(line.contains("\u{1B}") == colors, "\(set) \(depth)")
                }
            }
        }
    }

    @Test func colouredLinesEndWithAReset() {
        var grid = CellGrid(columns: 2, rows: 1)
        grid[0, 0] = Cell(glyph: "▀", fg: .rgb(9, 8, 7), bg: .indexed(3))
        #expect(grid.textLines(colors: true) == ["\u{1B}[38;2;9;8;7;43m▀\u{1B}[39;49m \u{1B}[0m"])
        #expect(grid.textLines(colors: false) == ["▀ "])
    }
}
