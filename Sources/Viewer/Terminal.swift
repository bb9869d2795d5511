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
/// reports, a short Esc delay, then the `endwin(); refresh()` cycle that makes ncurses 6.4
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
    /// Bounds ncurses' own screen copies on a huge window.
    private var sizeCap: ScreenSizeCap
    /// The start-up probe's DA1 sentinel has not come back yet: its answers may still
    /// arrive, and are waited for before the viewer leaves.
    var probePending = false
    /// Recognises answers among the input; keeps its place across reads.
    private var replyParser = ReplyParser()
    /// True when terminfo has `smcup` (an alternate screen that takes the picture away on
    /// exit); without it (`TERM=linux`, `vt100`) `close()` erases what was drawn.
    private(set) var hasAlternateScreen = true

    private init(screen: OpaquePointer, utf8: Bool, sizeCap: ScreenSizeCap) {
        self.screen = screen
        self.utf8 = utf8
        self.sizeCap = sizeCap
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
        var sizeCap = ScreenSizeCap()
        sizeCap.apply()
        guard let screen = cn_newterm() else {
            Signals.restore()
            throw OpenError(message: "unknown terminal type '\(termName)' (TERM); try TERM=xterm-256color")
        }
        let t = Terminal(screen: screen, utf8: utf8, sizeCap: sizeCap)
        t.isOpen = true
        guard cn_has_cursor_addressing() != 0 else {
            t.close()
            throw OpenError(
                message: "terminal type '\(termName)' cannot move the cursor; the viewer needs one that can")
        }
        t.hasAlternateScreen = Self.hasCapability("smcup")
        t.configure()
        return t
    }

    private func configure() {
        let w = cn_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(w, true)
        curs_set(0)
        set_escdelay(25)
        typeahead(-1)
        leaveok(w, true)
        mouseinterval(0)
        // The answer to the per-frame status query (FrameAcknowledger) is one key, so its
        // Esc never reads as the quit key.
        _ = cn_define_status_reply_key()
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

    /// Waits up to `timeoutMs` (0: do not wait) for input.
    func read(timeoutMs: Int32) -> TerminalInput? {
        let w = cn_stdscr()
        wtimeout(w, max(0, timeoutMs))
        // A resize is handled inside wgetch: the capped size must be in place before.
        sizeCap.apply()
        let c = wgetch(w)
        if c == cn_err() { return nil }
        if c == cn_key_resize() { return .resize }
        if replyParser.isInsideReply {
            // The rest of an answer that began in an earlier read.
            ungetch(c)
            return readReply(startingWithEscape: false).map { .reply($0) }
        }
        if c == 27 {
            if let reply = readReply(startingWithEscape: true) { return .reply(reply) }
            if replyParser.isInsideReply { return nil }
        }
        if c == cn_key_mouse() {
            var ev = MEVENT()
            guard getmouse(&ev) == OK else { return nil }
            return Self.mouse(ev)
        }
        let input = Self.key(c)
        // Answers come in order: a status answer follows the probe's.
        if input == .statusReply { probePending = false }
        return input
    }

    /// After an Esc from ncurses (or with an answer begun earlier): reads on while the
    /// bytes form an answer to a query (`ReplyParser`; an answer may take up to 100 ms to
    /// arrive whole). Returns the answer; nil when the rest has not come yet (the parser
    /// keeps its place and the next read goes on with it) or when the bytes are keys (they
    /// go back to ncurses, and the Esc is a key: Esc itself, or Alt+key).
    private func readReply(startingWithEscape: Bool) -> TerminalReply? {
        let w = cn_stdscr()
        var taken: [Int32] = []
        if startingWithEscape { _ = replyParser.feed([0x1B]) }
        let limit = cn_monotonic_seconds() + 0.1
        while replyParser.isInsideSequence {
            let left = replyParser.isInsideReply ? max(0, limit - cn_monotonic_seconds()) : 0
            wtimeout(w, Int32(left * 1000))
            let c = wgetch(w)
            if c == cn_err() {
                // An answer cut off mid-way is finished by later reads; a key is a key.
                if replyParser.isInsideReply { return nil }
                break
            }
            if c < 0 || c > 255 {
                ungetch(c)
                break
            }
            taken.append(c)
            for event in replyParser.feed([UInt8(c)]) {
                if case .reply(let reply) = event {
                    if case .deviceAttributes = reply { probePending = false }
                    return reply
                }
            }
        }
        _ = replyParser.finish()
        // Not an answer: the bytes go back to ncurses, last first.
        for c in taken.reversed() { ungetch(c) }
        return nil
    }

    /// Hands `bytes` (keys typed while the probe read the terminal) back to ncurses.
    func unread(_ bytes: [UInt8]) {
        for b in bytes.reversed() { ungetch(Int32(b)) }
    }

    /// The key code ncurses returns for the status answer `ESC[0n`.
    static var statusReplyKey: Int32 { cn_status_reply_key() }

    /// Key code `c` from ncurses as input: the status answer, or a key.
    static func key(_ c: Int32) -> TerminalInput {
        c == cn_status_reply_key() ? .statusReply : .key(c)
    }

    /// Discards input the terminal sent that has not been read (on quit and suspend, so a
    /// late status answer does not reach the shell).
    func flushInput() {
        guard isOpen else { return }
        flushinp()
        _ = cn_flush_input(0)
    }

    private static func mouse(_ ev: MEVENT) -> TerminalInput? {
        let now = cn_monotonic_seconds()
        let b = ev.bstate
        let kind: MouseEvent.Kind
        if b & cn_button4_pressed() != 0 {
            kind = .scrollUp
        } else if b & cn_button5_pressed() != 0 {
            kind = .scrollDown
        } else if b & cn_button1_pressed() != 0 {
            kind = .pressed
        } else if b & cn_button1_released() != 0 {
            kind = .released
        } else if b & cn_report_mouse_position() != 0 {
            kind = .moved
        } else {
            return nil
        }
        return .mouse(MouseEvent(kind, column: Int(ev.x), row: Int(ev.y), time: now))
    }

    /// After a resize or a resume: ncurses clears the screen and re-reads its size.
    func reset() {
        guard isOpen else { return }
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
        output.write(ANSI.syncEnd + ANSI.mouseOff + ANSI.reset + ANSI.showCursor)
        _ = mousemask(0, nil)
        curs_set(1)
        endwin()
        if !hasAlternateScreen { output.write(ANSI.reset + ANSI.eraseScreen + ANSI.move(row: 0, column: 0)) }
        if let s = screen { delscreen(s) }
        screen = nil
        Signals.restore()
    }
}
