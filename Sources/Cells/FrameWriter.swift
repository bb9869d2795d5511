import Escapes

/// The diffing ANSI writer for the image region (docs/TERMINAL.md): turns each new `CellGrid`
/// into the bytes that update the screen from the previous one.
///
/// Only changed cells are sent. Cursor moves use CUP (`ESC[r;cH`) or, within a row, `ESC[nC`
/// (or rewriting the skipped cells when that is shorter); colours are tracked so that an
/// unchanged foreground or background is not repeated, and when both change one combined
/// `ESC[38;...;48;...m` is sent (semicolons). 256 colours are `38;5;n`, truecolor
/// `38;2;r;g;b`, the 16 ANSI colours 30-37/90-97. Each frame with changes is wrapped in
/// `ESC[?2026h` ... `ESC[?2026l` (synchronized output) and ends with the default colours; a
/// frame without changes produces no bytes at all. The caller writes each frame's buffer with
/// one write(2).
///
/// The writer assumes at the start of each frame that the cursor position is unknown and
/// the colours are the defaults (as the previous frame left them).
public struct FrameWriter: Sendable {
    /// Screen row of the grid's top row, 0-based (e.g. 1 to leave a HUD line above).
    /// Changing it forces a full repaint.
    public var originRow: Int { didSet { invalidate() } }
    /// Screen column of the grid's left column, 0-based. Changing it forces a full repaint.
    public var originColumn: Int { didSet { invalidate() } }
    /// Whether frames are wrapped in synchronized-output mode 2026 (default true).
    public var synchronized: Bool = true

    var lastCells: [Cell] = []
    var lastColumns = 0
    var lastRows = 0
    var valid = false

    /// A writer for a grid whose top-left cell sits at screen row `originRow`, column
    /// `originColumn` (0-based; default the top-left corner of the screen).
    public init(originRow: Int = 0, originColumn: Int = 0) {
        self.originRow = max(0, originRow)
        self.originColumn = max(0, originColumn)
    }

    /// Forgets what the screen shows: the next frame repaints every cell (after a resize,
    /// a clear, or anything else drawing over the image region).
    public mutating func invalidate() { valid = false }

    /// The bytes that bring the screen from the previous frame to `grid` (a new array).
    public mutating func frame(_ grid: CellGrid) -> [UInt8] {
        var bytes: [UInt8] = []
        write(grid, into: &bytes)
        return bytes
    }

    /// Replaces the contents of `bytes` with the update from the previous frame to `grid`,
    /// reusing `bytes`' storage (no allocation once it has grown to a frame's size). A grid
    /// whose `cells` count is not `columns * rows` produces no bytes.
    public mutating func write(_ grid: CellGrid, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        let columns = grid.columns
        let rows = grid.rows
        // `cells` is public: a grid whose cell count disagrees with its size is not drawn.
        guard grid.cells.count == columns * rows else { return }
        let full = !valid || columns != lastColumns || rows != lastRows
        if lastCells.count != grid.cells.count {
            lastCells = [Cell](repeating: .blank, count: grid.cells.count)
        }
        var started = false
        var fg = CellColor.default
        var bg = CellColor.default
        var cursorRow = -1
        var cursorColumn = -1
        grid.cells.withUnsafeBufferPointer { cells in
            lastCells.withUnsafeMutableBufferPointer { last in
                for r in 0..<rows {
                    for c in 0..<columns {
                        let i = r * columns + c
                        let cell = cells[i]
                        if !full && cell == last[i] { continue }
                        if !started {
                            started = true
                            if synchronized { bytes.append(contentsOf: ANSI.syncBeginBytes) }
                        }
                        // Move the cursor: skip forward on the same row, else CUP.
                        if cursorRow == r && cursorColumn >= 0 && cursorColumn <= c {
                            let gap = c - cursorColumn
                            if gap > 0 {
                                let moveCost = ANSI.forwardLength(gap)
                                var rewriteCost = 0
                                for k in cursorColumn..<c {
                                    let skipped = cells[r * columns + k]
                                    if skipped.fg != fg || skipped.bg != bg {
                                        rewriteCost = Int.max
                                        break
                                    }
                                    rewriteCost += ANSI.utf8Length(skipped.glyph)
                                }
                                if rewriteCost < moveCost {
                                    for k in cursorColumn..<c {
                                        ANSI.appendGlyph(cells[r * columns + k].glyph, to: &bytes)
                                    }
                                } else {
                                    ANSI.appendForward(gap, to: &bytes)
                                }
                            }
                        } else {
                            ANSI.appendMove(row: originRow + r, column: originColumn + c, to: &bytes)
                        }
                        ANSI.appendTransition(from: fg, bg, to: cell.fg, cell.bg, bytes: &bytes)
                        fg = cell.fg
                        bg = cell.bg
                        ANSI.appendGlyph(cell.glyph, to: &bytes)
                        last[i] = cell
                        // After the last column the cursor may sit in the pending-wrap state.
                        if c + 1 < columns {
                            cursorRow = r
                            cursorColumn = c + 1
                        } else {
                            cursorRow = -1
                        }
                    }
                }
            }
        }
        if started {
            if fg != .default || bg != .default { bytes.append(contentsOf: ANSI.resetBytes) }
            if synchronized { bytes.append(contentsOf: ANSI.syncEndBytes) }
        }
        lastColumns = columns
        lastRows = rows
        valid = true
    }
}
