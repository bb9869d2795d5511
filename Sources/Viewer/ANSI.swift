/// The few escape sequences the viewer writes itself (ECMA-48 / xterm).
enum ANSI {
    /// Cursor to `row`, `column` (0-based).
    static func move(row: Int, column: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }
    /// All attributes off.
    static let reset = "\u{1B}[0m"
    /// Reverse video.
    static let reverse = "\u{1B}[7m"
    /// Bold.
    static let bold = "\u{1B}[1m"
    /// Erase from the cursor to the end of the line.
    static let eraseLine = "\u{1B}[K"
    /// Erase the whole screen.
    static let eraseScreen = "\u{1B}[2J"
    /// Begin / end synchronized output (the terminal shows the frame at once).
    static let syncBegin = "\u{1B}[?2026h"
    static let syncEnd = "\u{1B}[?2026l"
    /// Mouse: report motion while a button is held (1002). The coordinate encoding stays
    /// whatever ncurses chose from terminfo (`XM`, `kmous`), so ncurses can parse it.
    static let mouseOn = "\u{1B}[?1002h"
    static let mouseOff = "\u{1B}[?1002l"
    /// Hide / show the cursor.
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    /// Device Status Report query; a VT100-compatible terminal answers `statusReply`.
    static let statusQuery = "\u{1B}[5n"
    /// The answer to `statusQuery`: terminal OK.
    static let statusReply = "\u{1B}[0n"
}
