import Testing

@testable import Cells

/// `CellGrid(ansi:)` reads back what terminals are sent.
@Suite struct ANSIReading {
    @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16, ColorDepth.none])
    func theWritersOutputReadsBackIntoTheSameCells(_ colors: ColorDepth) {
        let fb = Synthetic.sphere(width: 60, height: 40)
        let grid = Synthetic.encode(fb, glyphs: .quadrants, colors: colors)
        var writer = FrameWriter()
        let bytes = writer.frame(grid)
        let read = CellGrid(ansi: String(decoding: bytes, as: UTF8.self), columns: grid.columns, rows: grid.rows)
        #expect(read == grid)
    }

    @Test func sgrColoursReverseRepeatAndCursorMoves() {
        let text =
            "\u{1B}[?25l\u{1B}[31;44mA\u{1B}[7mB\u{1B}[0m\u{1B}[2Cx\u{1B}[3b\n"
            + "\u{1B}[38;5;17;48;2;1;2;3m\u{2580}\u{1B}[92;103mZ\u{1B}[39;49m!\u{1B}]0;title\u{07}?"
        let g = CellGrid(ansi: text, columns: 8, rows: 2)
        #expect(g[0, 0] == Cell(glyph: "A", fg: .indexed(1), bg: .indexed(4)))
        #expect(g[1, 0] == Cell(glyph: "B", fg: .indexed(4), bg: .indexed(1)))
        #expect(g[2, 0] == .blank && g[3, 0] == .blank)
        for c in 4..<8 { #expect(g[c, 0] == Cell(glyph: "x")) }
        #expect(g[0, 1] == Cell(glyph: "\u{2580}", fg: .indexed(17), bg: .rgb(1, 2, 3)))
        #expect(g[1, 1] == Cell(glyph: "Z", fg: .indexed(10), bg: .indexed(11)))
        #expect(g[2, 1] == Cell(glyph: "!"))
        #expect(g[3, 1] == Cell(glyph: "?"))
    }

    @Test func truncatedAndHostileInputNeverCrashes() {
        for text in [
            "\u{1B}", "\u{1B}[", "\u{1B}[38;5m", "\u{1B}[48;2;1m", "\u{1B}[99999999999999999999H", "\u{1B}[4000000b",
            "\u{1B}P unterminated", "\u{1B}[1;1Hok\u{1B}[0;0H!",
        ] {
            _ = CellGrid(ansi: "x" + text, columns: 4, rows: 2)
        }
    }
}
