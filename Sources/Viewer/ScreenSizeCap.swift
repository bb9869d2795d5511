import CNcurses

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the screen ncurses works with at most `ViewerSession.maximumPicture` cells.
///
/// ncurses keeps three cell arrays the size of the terminal (stdscr, curscr, newscr, about
/// 28 bytes a cell each): a 5000x2500 window cost over 1 GB before a single frame. ncurses
/// takes `LINES` and `COLUMNS` from the environment over the kernel's size, at `newterm`
/// and at every resize it handles inside `wgetch`; so before each of those this sets them
/// to the capped size while the window is larger, and removes them once it is not. The
/// viewer then uses the top-left 2000x1000 cells of a larger window. The environment
/// changes only when the capped size does (never while the window fits).
struct ScreenSizeCap {
    /// The size last put in the environment, nil while the window fits.
    private var applied: (columns: Int, rows: Int)?

    /// Sets or removes `LINES`/`COLUMNS` for the window on `fd` as it is now.
    mutating func apply(fd: Int32 = 1) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(fd, &rows, &columns) != 0 else { return }
        let cap = ViewerSession.maximumPicture
        let wanted: (columns: Int, rows: Int)? =
            Int(columns) > cap.columns || Int(rows) > cap.rows
            ? (min(Int(columns), cap.columns), min(Int(rows), cap.rows)) : nil
        if wanted?.columns == applied?.columns && wanted?.rows == applied?.rows { return }
        if let w = wanted {
            setenv("COLUMNS", String(w.columns), 1)
            setenv("LINES", String(w.rows), 1)
        } else {
            unsetenv("COLUMNS")
            unsetenv("LINES")
        }
        applied = wanted
    }
}
