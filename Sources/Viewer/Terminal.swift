import CNcurses
import Display
import Escapes
import Gestures

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal while the viewer runs: ncurses set up for input, terminfo and the screen
/// modes; drawing goes through `output` (the viewer's own writer).
///
/// Set-up (docs/TERMINAL.md): setlocale, newterm (not initscr, which exits on an unknown
/// terminal), cbreak, noecho, keypad, curs_set(0), typeahead(-1), mouse with motion
/// reports, then the `endwin(); refresh()` cycle that makes ncurses 6.4
/// batch its writes. `close()` undoes all of it and is safe to call more than once.
final class Terminal {
    /// Why the terminal could not be opened.
    struct OpenError: Error {
        let message: String
    }

    /// Frame output to standard output.
    let output = TerminalOutput(fd: 1)
    /// True when the locale's character set is UTF-8.
    let utf8: Bool
    private var screen: OpaquePointer?
    private(set) var isOpen = false
    /// The start-up probe's DA1 sentinel has not come back yet: its answers may still
    /// arrive, and are waited for before the viewer leaves.
    var probePending = false
    /// Reads keys, mouse reports and answers from the input; keeps its place across reads.
    private var decoder = InputDecoder()
    /// Input decoded and not yet handed out.
    private var queued: [TerminalInput] = []
    /// Standard input reached its end (the terminal hung up).
    private var inputClosed = false
    /// True when terminfo has `smcup` (an alternate screen that takes the picture away on
    /// exit); without it (`TERM=linux`, `vt100`) `close()` erases what was drawn.
    private(set) var hasAlternateScreen = true

    private init(screen: OpaquePointer, utf8: Bool) {
        self.screen = screen
        self.utf8 = utf8
    }

    /// Opens the terminal on standard input and output.
    static func open() throws(OpenError) -> Terminal {
        guard isatty(1) == 1 else {
            throw OpenError(
                message: "standard output is not a terminal; the viewer needs one (try 'orbit render' for text output)")
        }
        guard isatty(0) == 1 else {
            throw OpenError(message: "standard input is not a terminal; the viewer reads keys from it")
        }
        let termName = getenv("TERM").map { String(cString: $0) } ?? ""
        if termName.isEmpty || termName == "dumb" || termName == "unknown" {
            throw OpenError(
                message:
                    "TERM is \(termName.isEmpty ? "not set" : "'\(termName)'"); the viewer needs a "
                    + "terminal that can move the cursor, such as xterm-256color"
            )
        }
        _ = cn_set_locale()
        let utf8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        Signals.install()
        ScreenSizeCap.apply()
        guard let screen = cn_newterm() else {
            Signals.restore()
            throw OpenError(message: "unknown terminal type '\(termName)' (TERM); try TERM=xterm-256color")
        }
        let t = Terminal(screen: screen, utf8: utf8)
        t.isOpen = true
        guard cn_has_cursor_addressing() != 0 else {
            t.close()
            throw OpenError(
                message: "terminal type '\(termName)' cannot move the cursor; the viewer needs one that can")
        }
        t.hasAlternateScreen = Self.hasCapability("smcup")
        t.configure()
        // Keys typed while the scene was made come first.
        let now = cn_monotonic_seconds()
        t.enqueue(t.decoder.feed(LoadingKeys.takeTyped(), at: now), at: now)
        return t
    }

    private func configure() {
        let w = cn_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(w, true)
        curs_set(0)
        typeahead(-1)
        leaveok(w, true)
        mouseinterval(0)
        _ = mousemask(cn_mouse_mask_viewer(), nil)
        wrefresh(w)
        // ncurses 6.4 writes once per cursor jump until its first endwin/refresh cycle.
        endwin()
        wrefresh(w)
        output.write(ANSI.mouseOn + ANSI.hideCursor)
    }

    /// True when terminfo has the string capability `name` for the current terminal.
    private static func hasCapability(_ name: String) -> Bool {
        guard let value = tigetstr(name) else { return false }
        return Int(bitPattern: value) != -1 && value.pointee != 0
    }

    /// Terminal size in cells (columns, rows), at least 1 x 1.
    var size: (columns: Int, rows: Int) {
        (max(1, Int(cn_cols())), max(1, Int(cn_lines())))
    }

    /// terminfo `colors`, or -1.
    var terminfoColors: Int { Int(cn_terminfo_colors()) }

    /// Waits up to `timeoutMs` (0: do not wait) for input; nil when none came, or when a
    /// signal arrived (the caller looks at `Signals`). Bytes are read from standard input
    /// by `InputDecoder`, the one reader of terminal input (ncurses reads no keys); a
    /// window-size change (SIGWINCH) is `.resize`, applied within `SizeCap`.
    func read(timeoutMs: Int32) -> TerminalInput? {
        let end = cn_monotonic_seconds() + Double(max(0, timeoutMs)) / 1000
        while true {
            if !queued.isEmpty { return queued.removeFirst() }
            if Signals.takeResize() {
                applyWindowSize()
                return .resize
            }
            let now = cn_monotonic_seconds()
            if readAvailable(at: now) { continue }
            enqueue(decoder.expire(at: now), at: now)
            if !queued.isEmpty { continue }
            let wakeAt = min(end, decoder.deadline ?? end)
            if wakeAt <= now { return nil }
            if waitForInput(milliseconds: Int32(((wakeAt - now) * 1000).rounded(.up))) == .signal {
                Signals.drainWake()
                if Signals.hasPending { return nil }
            }
        }
    }

    /// Reads what standard input holds now and lets sequences past their time end (a lone
    /// Esc), without waiting; returns the input queued for `read`, which keeps it.
    func pendingInput() -> [TerminalInput] {
        let now = cn_monotonic_seconds()
        _ = readAvailable(at: now)
        enqueue(decoder.expire(at: now), at: now)
        return queued
    }

    private enum Wake { case input, signal, timeout }

    /// Waits for input on standard input or a signal (`Signals.wakeFD`).
    private func waitForInput(milliseconds: Int32) -> Wake {
        var fds = [
            pollfd(fd: inputClosed ? -1 : 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: Signals.wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        let r = poll(&fds, 2, milliseconds)
        if r < 0 { return errno == EINTR ? .signal : .timeout }
        if fds[1].revents != 0 { return .signal }
        return r > 0 ? .input : .timeout
    }

    /// Reads what standard input holds now (at most 64 KB) into the decoder; true when
    /// something was read.
    private func readAvailable(at now: Double) -> Bool {
        guard !inputClosed else { return false }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while total < 65536 {
            var p = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 0) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 {
                // The terminal hung up: SIGHUP follows (or the output fails).
                inputClosed = true
                break
            }
            total += n
            enqueue(decoder.feed(Array(buffer[0..<n]), at: now), at: now)
        }
        return total > 0
    }

    /// Queues decoded events as the loop's input.
    func enqueue(_ events: [InputDecoder.Event], at now: Double) {
        for event in events {
            switch event {
            case .byte(let b): queued.append(.key(Int32(b)))
            case .escape: queued.append(.key(27))
            case .arrow(let a):
                let code: Int32
                switch a {
                case .left: code = KEY_LEFT
                case .right: code = KEY_RIGHT
                case .up: code = KEY_UP
                case .down: code = KEY_DOWN
                }
                queued.append(.key(code))
            case .mouse(let kind, let column, let row):
                queued.append(.mouse(MouseEvent(kind, column: column, row: row, time: now)))
            case .reply(.statusOK):
                // Answers come in order: a status answer follows the probe's.
                probePending = false
                queued.append(.statusReply)
            case .reply(let reply):
                if case .deviceAttributes = reply { probePending = false }
                queued.append(.reply(reply))
            }
        }
    }

    /// Takes over the probe's decoder (it may be inside a sequence) and the input it read
    /// that was not an answer.
    func adopt(_ decoder: InputDecoder, typed: [InputDecoder.Event]) {
        self.decoder = decoder
        enqueue(typed, at: cn_monotonic_seconds())
    }

    /// Gives ncurses the window's size within `SizeCap` (through `LINES`/`COLUMNS` for its
    /// own refreshes, and `resizeterm` when it changed).
    private func applyWindowSize() {
        guard let s = ScreenSizeCap.apply(fd: output.fd) else { return }
        if s.columns != Int(cn_cols()) || s.rows != Int(cn_lines()) { resizeterm(Int32(s.rows), Int32(s.columns)) }
    }

    /// Discards input the terminal sent that has not been read (on quit and suspend, so a
    /// late status answer does not reach the shell).
    func flushInput() {
        guard isOpen else { return }
        queued.removeAll()
        decoder = InputDecoder()
        _ = cn_flush_input(0)
    }

    /// After a resize or a resume: ncurses clears the screen and re-reads its size.
    func reset() {
        guard isOpen else { return }
        applyWindowSize()
        let w = cn_stdscr()
        clearok(w, true)
        wrefresh(w)
        output.write(ANSI.mouseOn + ANSI.hideCursor)
    }

    /// Ctrl-Z: restores the terminal, stops the process, and on SIGCONT takes the
    /// terminal back (the caller repaints everything).
    func suspend() {
        guard isOpen else { return }
        output.write(ANSI.syncEnd + ANSI.mouseOff + ANSI.reset + ANSI.showCursor)
        endwin()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Stopped here until SIGCONT.
        Signals.catchSignal(SIGTSTP)
        reset()
    }

    /// Leaves the alternate screen (or, on a terminal without one, erases the picture and
    /// HUD and puts the cursor home, so the shell prompt does not write over them), shows
    /// the cursor, turns echo and the mouse back off and puts back the default signal
    /// actions. Safe to call twice.
    func close() {
        guard isOpen else { return }
        isOpen = false
        output.isLeaving = true
        output.write(ANSI.syncEnd + ANSI.mouseOff + ANSI.reset + ANSI.showCursor)
        if output.isStalled {
            // The terminal takes no bytes: ncurses' exit would retry its writes for ever.
            // Only the line modes go back (no output needed); the screen modes cannot.
            CrashRestore.restoreLineModes()
            screen = nil
            Signals.restore()
            return
        }
        _ = mousemask(0, nil)
        curs_set(1)
        endwin()
        if !hasAlternateScreen { output.write(ANSI.reset + ANSI.eraseScreen + ANSI.move(row: 0, column: 0)) }
        if let s = screen { delscreen(s) }
        screen = nil
        Signals.restore()
    }
}
