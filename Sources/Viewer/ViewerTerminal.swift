/// What the viewer loop needs of a terminal: its size, input, and a place for frame bytes.
/// `Terminal` (ncurses and standard output) is the real one; tests drive the loop with a
/// scripted one, without a terminal.
protocol ViewerTerminal: AnyObject {
    /// Size in cells (columns, rows), at least 1 x 1.
    var size: (columns: Int, rows: Int) { get }
    /// True when the locale's character set is UTF-8 (box drawing and blocks allowed).
    var utf8: Bool { get }
    /// The key codes of Left, Right, Up and Down.
    var arrowCodes: (left: Int32, right: Int32, up: Int32, down: Int32) { get }
    /// Waits up to `timeoutMs` (0: do not wait) for input; nil when none came.
    func read(timeoutMs: Int32) -> TerminalInput?
    /// Reads the input that has arrived, without waiting, and returns what waits to be read
    /// (all of it is still handed out by `read`). Asked while a frame is drawn
    /// (`FrameInterrupt`), possibly from another thread while the loop waits for the frame.
    func pendingInput() -> [TerminalInput]
    /// Writes a frame's bytes; false once the terminal is gone.
    @discardableResult func write(_ bytes: [UInt8]) -> Bool
    /// False once a write failed for good.
    var isAlive: Bool { get }
    /// True when the terminal has not yet taken earlier output: skip the next frame.
    func isBackedUp() -> Bool
    /// Bytes and write calls so far, for the output figures.
    var bytesWritten: Int { get }
    var writeCalls: Int { get }
    /// After a resize or a resume: the terminal re-reads its size and is cleared.
    func reset()
    /// Ctrl-Z: gives the terminal back, stops until resumed, takes it again.
    func suspend()
    /// Drops input not read yet.
    func flushInput()
    /// True while answers to the start-up probe may still arrive (its DA1 sentinel has not
    /// come back): the loop reads them before it leaves, so they never reach the shell.
    var probePending: Bool { get }
}

extension ViewerTerminal {
    /// A terminal that was not probed has no answers on the way.
    var probePending: Bool { false }

    /// No input looked at ahead by default.
    func pendingInput() -> [TerminalInput] { [] }
}

/// Where the viewer loop reads the time: seconds on a monotonic clock (any origin).
protocol ViewerClock: AnyObject {
    /// The time now, in seconds.
    func now() -> Double
}

/// What the next frame must draw, from least to most: nothing beyond what the motion
/// changes, the frame even when nothing moves, every cell of the picture (an overlay went
/// away), or a cleared screen and everything on it.
enum Repaint: Int, Comparable {
    /// Only what the motion changes (nothing when still).
    case none
    /// Something besides the motion changed (HUD, overlay): draw even when still.
    case frame
    /// Every cell of the picture: what covered part of it is gone.
    case fullImage
    /// Clear the screen and draw everything (start, resize, resume, redraw).
    case clear

    static func < (a: Repaint, b: Repaint) -> Bool { a.rawValue < b.rawValue }
}

/// Whether the screen can show the viewer.
enum ScreenPhase: Equatable {
    /// Frames are drawn.
    case drawing
    /// The screen is smaller than `ViewerSession.minimumSize`; a notice is shown instead.
    case tooSmall
}
