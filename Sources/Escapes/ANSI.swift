/// The terminal escape sequences Orbit writes (ECMA-48 / xterm / DEC private modes), in
/// one place: the cell writer, the text form, the viewer's screen handling and the
/// graphics protocols all take their sequences from here.
///
/// Strings are for the few sequences written as text; the byte helpers in
/// `ANSI+Bytes.swift` build the hot per-cell sequences straight into a byte buffer.
public enum ANSI {
    /// ESC (0x1B).
    public static let esc: UInt8 = 0x1B
    /// `[` (0x5B), the second byte of a CSI.
    public static let bracket: UInt8 = 0x5B

    /// Cursor to `row`, `column` (0-based): CUP `ESC [ row+1 ; column+1 H`.
    public static func move(row: Int, column: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }
    /// All attributes off: SGR 0.
    public static let reset = "\u{1B}[0m"
    /// Reverse video: SGR 7.
    public static let reverse = "\u{1B}[7m"
    /// Bold: SGR 1.
    public static let bold = "\u{1B}[1m"
    /// Erase the whole screen: ED 2.
    public static let eraseScreen = "\u{1B}[2J"
    /// Begin / end synchronized output (DEC private mode 2026): the terminal shows the
    /// frame between them at once.
    public static let syncBegin = "\u{1B}[?2026h"
    public static let syncEnd = "\u{1B}[?2026l"
    /// Mouse: report motion while a button is held (1002). The coordinate encoding stays
    /// whatever ncurses chose from terminfo (`XM`, `kmous`), so ncurses can parse it.
    public static let mouseOn = "\u{1B}[?1002h"
    public static let mouseOff = "\u{1B}[?1002l"
    /// Hide / show the cursor (DECTCEM).
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// Device Status Report query; a VT100-compatible terminal answers `statusReply`.
    public static let statusQuery = "\u{1B}[5n"
    /// The answer to `statusQuery`: terminal OK.
    public static let statusReply = "\u{1B}[0n"

    /// `reset` as bytes.
    public static let resetBytes: [UInt8] = Array(reset.utf8)
    /// `syncBegin` / `syncEnd` as bytes.
    public static let syncBeginBytes: [UInt8] = Array(syncBegin.utf8)
    public static let syncEndBytes: [UInt8] = Array(syncEnd.utf8)
}
