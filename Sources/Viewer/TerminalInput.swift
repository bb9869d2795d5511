import Display
import Gestures

/// One thing read from the terminal.
enum TerminalInput: Equatable {
    /// A key: a character code (< 256) or an ncurses `KEY_*` code.
    case key(Int32)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The terminal changed size (KEY_RESIZE).
    case resize
    /// The terminal's `ESC[0n` answer to a status query (never a key).
    case statusReply
    /// Another answer to a query (the start-up probe's, late): never a key.
    case reply(TerminalReply)
}
