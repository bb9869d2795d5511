/// A terminal screen of cells that follows what a terminal is sent, frame after frame: text
/// at the cursor, CR and LF, SGR colours, cursor moves (`H`, `f`, `A`, `B`, `C`, `D`, `G`,
/// `d`), erasing (`J`, `K`, `X`) and repeats (`b`); graphics (kitty APC, sixel DCS) and
/// other strings are skipped. Recordings of the viewer draw it (`CellGrid.rendered`) as the
/// terminal showed it.
public struct CellScreen {
    /// The cells as the terminal shows them now.
    public private(set) var grid: CellGrid
    private var pen = ANSIReader.Pen()
    private var column = 0
    private var row = 0
    /// True when the last bytes ended inside a string (a kitty image sent in parts over
    /// several frames): the next bytes continue it up to its terminator.
    private var inString = false

    /// A blank screen of `columns` x `rows` cells (each at least 1).
    public init(columns: Int, rows: Int) {
        grid = CellGrid(columns: max(1, columns), rows: max(1, rows))
    }

    /// Follows `bytes` (UTF-8 terminal output).
    public mutating func apply(_ bytes: [UInt8]) {
        var start = 0
        if inString {
            guard let end = Self.stringEnd(bytes, from: 0) else { return }
            start = end
            inString = false
        }
        inString = Self.endsInString(bytes, from: start)
        var reader = ANSIReader(scalars: Array(String(decoding: bytes[start...], as: UTF8.self).unicodeScalars))
        var last: Unicode.Scalar?
        while let token = reader.next() {
            switch token {
            case .text(let s):
                switch s {
                case "\n": row = min(row + 1, grid.rows - 1)
                case "\r": column = 0
                case "\u{08}": column = max(0, column - 1)
                default:
                    if s.value >= 0x20 {
                        put(s)
                        last = s
                    }
                }
            case .csi(let p, let final):
                let n = max(1, p.first ?? 1)
                switch final {
                case "m": pen.apply(sgr: p)
                case "H", "f":
                    row = min(max(1, p.first ?? 1), grid.rows) - 1
                    column = min(max(1, p.count > 1 ? p[1] : 1), grid.columns) - 1
                case "A": row = max(0, row - n)
                case "B": row = min(grid.rows - 1, row + n)
                case "C": column = min(grid.columns, column + n)
                case "D": column = max(0, column - n)
                case "G": column = min(max(1, p.first ?? 1), grid.columns) - 1
                case "d": row = min(max(1, p.first ?? 1), grid.rows) - 1
                case "J": erase(screen: p.first ?? 0)
                case "K": erase(line: p.first ?? 0)
                case "X": clear(row: row, from: column, to: min(grid.columns, column + n))
                case "b": if let g = last { for _ in 0..<min(n, grid.columns * grid.rows) { put(g) } }
                default: break
                }
            }
        }
    }

    /// The index after the terminator (BEL or `ESC \`) of a string running from `start`,
    /// or nil when `bytes` end first.
    static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x07 { return i + 1 }
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5C { return i + 2 }
            i += 1
        }
        return nil
    }

    /// True when `bytes` (from `start`) end inside an OSC, DCS, APC or PM string.
    static func endsInString(_ bytes: [UInt8], from start: Int) -> Bool {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, [0x5D, 0x50, 0x5F, 0x5E].contains(bytes[i + 1]) {
                guard let end = stringEnd(bytes, from: i + 2) else { return true }
                i = end
            } else {
                i += 1
            }
        }
        return false
    }

    /// What erasing leaves: a space on the pen's background.
    private var blank: Cell { Cell(glyph: " ", fg: .default, bg: pen.reverse ? pen.fg : pen.bg) }

    private mutating func put(_ glyph: Unicode.Scalar) {
        if column >= 0, column < grid.columns, row >= 0, row < grid.rows {
            let (fg, bg) = pen.reverse ? (pen.bg, pen.fg) : (pen.fg, pen.bg)
            grid[column, row] = Cell(glyph: glyph, fg: fg, bg: bg)
        }
        column += 1
    }

    private mutating func clear(row r: Int, from start: Int, to end: Int) {
        guard r >= 0, r < grid.rows, start < end else { return }
        let cell = blank
        for c in max(0, start)..<min(end, grid.columns) { grid[c, r] = cell }
    }

    /// `J`: 0 below the cursor, 1 above it, 2 (or 3) the whole screen.
    private mutating func erase(screen mode: Int) {
        switch mode {
        case 0:
            clear(row: row, from: column, to: grid.columns)
            for r in (row + 1)..<max(row + 1, grid.rows) { clear(row: r, from: 0, to: grid.columns) }
        case 1:
            for r in 0..<row { clear(row: r, from: 0, to: grid.columns) }
            clear(row: row, from: 0, to: column + 1)
        default:
            for r in 0..<grid.rows { clear(row: r, from: 0, to: grid.columns) }
        }
    }

    /// `K`: 0 to the end of the line, 1 to its start, 2 the whole line.
    private mutating func erase(line mode: Int) {
        switch mode {
        case 0: clear(row: row, from: column, to: grid.columns)
        case 1: clear(row: row, from: 0, to: column + 1)
        default: clear(row: row, from: 0, to: grid.columns)
        }
    }
}
