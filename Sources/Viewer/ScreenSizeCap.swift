import CNcurses
import Display

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the screen ncurses works with within `SizeCap` (2000x1000 cells).
///
/// ncurses keeps three cell arrays the size of the terminal (stdscr, curscr, newscr, about
/// 28 bytes a cell each): a 5000x2500 window cost over 1 GB before a single frame, and a
/// resize to 32768x100 crashed inside it. ncurses takes `LINES` and `COLUMNS` from the
/// environment over the kernel's size (at `newterm`, and when it refreshes after `endwin`),
/// so they are always set to the capped window size, whatever was exported (an exported
/// 10000x10000 on an 80x24 window is not believed); resizes are applied by the viewer
/// itself (`resizeterm` with the capped size on SIGWINCH), never by ncurses on its own.
/// The viewer then uses the top-left 2000x1000 cells of a larger window.
enum ScreenSizeCap {
    /// The window's size in cells from the kernel (`TIOCGWINSZ` on `fd`) within `SizeCap`;
    /// without one, the exported `COLUMNS`/`LINES` within `SizeCap`; nil when neither says.
    static func size(fd: Int32 = 1) -> (columns: Int, rows: Int)? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if cn_window_size(fd, &rows, &columns) != 0 { return SizeCap.cells(columns: Int(columns), rows: Int(rows)) }
        guard let c = environmentNumber("COLUMNS"), let r = environmentNumber("LINES") else { return nil }
        return SizeCap.cells(columns: c, rows: r)
    }

    /// Puts the capped size (`size`) in `LINES`/`COLUMNS`, or removes values that are not
    /// whole positive numbers; returns the size.
    @discardableResult
    static func apply(fd: Int32 = 1) -> (columns: Int, rows: Int)? {
        guard let s = size(fd: fd) else {
            unsetenv("COLUMNS")
            unsetenv("LINES")
            return nil
        }
        if environmentNumber("COLUMNS") != s.columns { setenv("COLUMNS", String(s.columns), 1) }
        if environmentNumber("LINES") != s.rows { setenv("LINES", String(s.rows), 1) }
        return s
    }

    private static func environmentNumber(_ name: String) -> Int? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        guard text.count <= 9, let n = Int(text), n > 0 else { return nil }
        return n
    }
}
