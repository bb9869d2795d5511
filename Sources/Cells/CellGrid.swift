/// A rectangle of character cells, row-major from the top-left: what a frame looks like in
/// the terminal.
public struct CellGrid: Hashable, Sendable {
    /// Width in cells (at least 1).
    public let columns: Int
    /// Height in cells (at least 1).
    public let rows: Int
    /// `columns * rows` cells, row-major from the top-left.
    public var cells: [Cell]

    /// A grid of `columns` x `rows` cells (each clamped to at least 1), all `fill`.
    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = [Cell](repeating: fill, count: self.columns * self.rows)
    }

    /// The cell at `column` (0-based, from the left) and `row` (0-based, from the top).
    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The glyphs of one row as a string (no colours); empty for a row outside the grid.
    public func text(row: Int) -> String {
        var s = String.UnicodeScalarView()
        guard row >= 0, row < rows else { return "" }
        for c in 0..<columns where row * columns + c < cells.count { s.append(cells[row * columns + c].glyph) }
        return String(s)
    }

    /// The cell at linear index `i`, or a blank when `cells` is shorter than the grid (it is
    /// public and could have been replaced).
    @inline(__always)
    func cell(at i: Int) -> Cell { i < cells.count ? cells[i] : .blank }
}
