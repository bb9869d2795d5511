extension CellGrid {
    /// Reads a terminal picture written with text and SGR colours (what `orbit render` or
    /// another image-to-text tool such as chafa prints) back into cells, so it can be drawn
    /// with `rendered` and measured against a framebuffer.
    ///
    /// Understood: printable characters (one column each), `\n` and `\r`; SGR 0, 7, 27,
    /// 30-37, 38;5;n, 38;2;r;g;b, 39, 40-47, 48;5;n, 48;2;r;g;b, 49, 90-97 and 100-107
    /// (other attributes are ignored); CSI n C (cursor forward), CSI row;col H (position,
    /// 1-based) and CSI n b (repeat the last character). Other control sequences (CSI, OSC,
    /// DCS) are skipped. Text outside `columns` x `rows` is dropped; cells never written are
    /// blank.
    ///
    /// - Parameters:
    ///   - text: the terminal output.
    ///   - columns: cells across (at least 1).
    ///   - rows: cells down (at least 1).
    public init(ansi text: String, columns: Int, rows: Int) {
        self.init(columns: max(1, columns), rows: max(1, rows))
        var reader = ANSIReader(scalars: Array(text.unicodeScalars))
        var state = ANSIReader.Pen()
        var col = 0
        var row = 0
        var last: Unicode.Scalar?
        func put(_ glyph: Unicode.Scalar) {
            if col >= 0, col < self.columns, row >= 0, row < self.rows {
                let (fg, bg) = state.reverse ? (state.bg, state.fg) : (state.fg, state.bg)
                self[col, row] = Cell(glyph: glyph, fg: fg, bg: bg)
            }
            col += 1
            last = glyph
        }
        while let token = reader.next() {
            switch token {
            case .text(let s):
                if s == "\n" {
                    row += 1
                    col = 0
                } else if s == "\r" {
                    col = 0
                } else if s.value >= 0x20 {
                    put(s)
                }
            case .csi(let params, let final):
                switch final {
                case "m": state.apply(sgr: params)
                case "C": col += max(1, params.first ?? 1)
                case "H", "f":
                    row = max(1, params.first ?? 1) - 1
                    col = max(1, params.count > 1 ? params[1] : 1) - 1
                case "b":
                    if let g = last { for _ in 0..<min(max(1, params.first ?? 1), 10_000) { put(g) } }
                default: break
                }
            }
        }
    }
}
