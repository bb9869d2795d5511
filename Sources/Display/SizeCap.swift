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

    /// `columns` x `rows` brought within 1...`SizeCap.columns` x 1...`SizeCap.rows`.
    public static func cells(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (min(max(columns, 1), Self.columns), min(max(rows, 1), Self.rows))
    }
}
