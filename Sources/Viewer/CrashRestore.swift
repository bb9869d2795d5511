#if canImport(Glibc)
    import Glibc
#endif

/// Restores the terminal from inside a crash signal's handler, with async-signal-safe
/// calls only (write(2), tcsetattr(3), sigaction(2)): everything it needs is prepared by
/// `install`. A fault then goes on to the handler that was there before (the Swift
/// runtime's backtracer), reported as usual on the main screen with the terminal's modes
/// back; a crash signal sent by a process ends it with the default action.
enum CrashRestore {
    /// The bytes that undo the viewer's screen modes: end synchronized output, mouse
    /// reports off, attributes off, cursor shown, keypad off, main screen.
    static let sequence = "\u{1B}[?2026l\u{1B}[?1002l\u{1B}[0m\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[?1049l"

    /// Prepared by `install`, read by the handler (never freed: a handler may run late).
    nonisolated(unsafe) private static var bytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var byteCount = 0
    /// Terminal modes of standard input before the viewer changed them.
    nonisolated(unsafe) private static var modes: UnsafeMutablePointer<termios>?
    /// The actions in place before `install`, by signal number.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    nonisolated(unsafe) private static var installed: [Int32] = []

    /// Saves the terminal's modes and the current actions of `signals`, then catches them.
    static func install(_ signals: [Int32]) {
        if bytes == nil {
            let utf8 = Array(sequence.utf8)
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: utf8.count)
            p.initialize(from: utf8, count: utf8.count)
            bytes = p
            byteCount = utf8.count
            modes = .allocate(capacity: 1)
            previous = .allocate(capacity: 65)
            previous?.initialize(repeating: sigaction(), count: 65)
        }
        guard let modes, let previous else { return }
        modes.initialize(to: termios())
        if tcgetattr(0, modes) != 0 { modes.pointee = termios() }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { s, info, _ in
            CrashRestore.handle(s, sentByProcess: (info?.pointee.si_code ?? 0) <= 0)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_NODEFER | SA_SIGINFO
        for s in signals where s > 0 && s < 65 {
            sigaction(s, &action, previous + Int(s))
        }
        installed = signals
    }

    /// Puts back the terminal's line modes saved by `install` (echo, canonical input),
    /// writing nothing: for a terminal that no longer takes output.
    static func restoreLineModes() {
        if let modes, modes.pointee.c_cflag != 0 { tcsetattr(0, TCSANOW, modes) }
    }

    /// Puts back the actions saved by `install`.
    static func uninstall() {
        guard let previous else { return }
        for s in installed where s > 0 && s < 65 { sigaction(s, previous + Int(s), nil) }
        installed = []
    }

    /// The handler: terminal back, then the signal goes on. A fault (sent by the kernel)
    /// gets the previous action back (the runtime's crash report) and repeats by itself
    /// when the handler returns; a signal sent by a process (kill(2), abort(3)) would not
    /// repeat, and the runtime's handler would return into the program, so it ends the
    /// process with the default action.
    private static func handle(_ signo: Int32, sentByProcess: Bool) {
        if let bytes { _ = write(1, bytes, byteCount) }
        if let modes, modes.pointee.c_cflag != 0 { tcsetattr(0, TCSANOW, modes) }
        if !sentByProcess, let previous, signo > 0 && signo < 65 {
            sigaction(signo, previous + Int(signo), nil)
            return
        }
        signal(signo, SIG_DFL)
        raise(signo)
    }
}
