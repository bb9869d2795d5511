/// The one cap on every size that comes from outside Orbit: the window (kernel, resizes),
/// exported `LINES`/`COLUMNS`, the terminal's answers, and the options. A size is capped
/// here before anything is allocated for it; past the cap the picture is scaled down (a
/// window uses its top-left part) or the option is refused with one line.
/// docs/RELIABILITY.md, "Limits", lists each use.
public enum SizeCap {
    /// Most columns of a picture in cells (`--size`, the viewer's window).
    public static let columns = 2000
    /// Most rows of a picture in cells.
    public static let rows = 1000

    /// Most pixels a graphics output (kitty, sixel) renders a picture at: 4000 x 4000, the
    /// pixels of the largest cell frame (`--size 2000x1000 --glyphs braille`). A larger cell
    /// area (`--cell-size 1000x1000`, a terminal that says its cells are that large) is
    /// rendered at fewer pixels and scaled up by the terminal.
    public static let graphicsPixels = 4000 * 4000

    /// `width` x `height` pixels scaled down (same shape) to at most `graphicsPixels`.
    public static func graphics(width: Int, height: Int) -> (width: Int, height: Int) {
        let w = max(1, width)
        let h = max(1, height)
        let area = Double(w) * Double(h)
        guard area > Double(graphicsPixels) else { return (w, h) }
        let f = (Double(graphicsPixels) / area).squareRoot()
        return (
            max(1, min(w, Int((Double(w) * f).rounded(.down)))), max(1, min(h, Int((Double(h) * f).rounded(.down))))
        )
    }

    /// `columns` x `rows` brought within 1...`SizeCap.columns` x 1...`SizeCap.rows`.
    public static func cells(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (min(max(columns, 1), Self.columns), min(max(rows, 1), Self.rows))
    }
}
