import Escapes

extension CellGrid {
    /// The grid as text for `orbit render`: exactly `rows` strings of `columns` cells each.
    ///
    /// - Parameter colors: when true, SGR colour sequences precede each change of colour
    ///   (every line starts from the default colours) and every line ends with `ESC[0m`;
    ///   when false the strings hold glyphs only.
    public func textLines(colors: Bool) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        var bytes: [UInt8] = []
        for r in 0..<rows {
            bytes.removeAll(keepingCapacity: true)
            var fg = CellColor.default
            var bg = CellColor.default
            for c in 0..<columns {
                let cell = cell(at: r * columns + c)
                if colors {
                    ANSI.appendTransition(from: fg, bg, to: cell.fg, cell.bg, bytes: &bytes)
                    fg = cell.fg
                    bg = cell.bg
                }
                ANSI.appendGlyph(cell.glyph, to: &bytes)
            }
            if colors { bytes.append(contentsOf: ANSI.resetBytes) }
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        return lines
    }
}
