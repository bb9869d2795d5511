import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Signals arrive in a C handler that only sets a bit; the run loop reads and clears the
/// bits between frames, where it is safe to restore the terminal.
///
/// Every signal whose default action ends the process is caught, so none leaves the
/// alternate screen, a hidden cursor, mouse reports or raw mode behind: the ones sent by
/// another process (`ending`) end the run loop, which restores the terminal and exits
/// with 128 + the signal number; the crash signals (`crashes`) restore the terminal from
/// the handler itself (`CrashRestore`) and then go on to the previous handler (the Swift
/// runtime's backtracer) or the default action.
enum Signals {
    /// Bit `1 << signo` for each signal caught and not yet handled.
    private static let pending = Atomic<UInt64>(0)

    /// Signals that end the viewer (their default action ends the process): the viewer
    /// restores the terminal and exits with 128 + the number. SIGQUIT is among them, so
    /// it never reaches the backtracer's crash report.
    static let ending: [Int32] = [
        SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
        SIGIO, SIGPWR, SIGXCPU, SIGXFSZ, SIGSTKFLT,
    ]

    /// Synchronous faults and aborts: the terminal is restored in the handler.
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// The signals the viewer handles itself. SIGWINCH stays with ncurses (KEY_RESIZE).
    static let handled: [Int32] = [SIGINT, SIGTSTP, SIGCONT] + ending

    /// Installs the handlers (before ncurses starts, so ncurses leaves these signals
    /// alone) and ignores SIGPIPE so a closed output gives an error, not death.
    static func install() {
        CrashRestore.install(crashes)
        for s in handled { catchSignal(s) }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (a signal mask is inherited);
        // blocked, Ctrl-C and SIGTERM would wait forever.
        var set = sigset_t()
        sigemptyset(&set)
        for s in handled + [SIGWINCH] { sigaddset(&set, s) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Puts back the default actions.
    static func restore() {
        for s in handled { signal(s, SIG_DFL) }
        signal(SIGPIPE, SIG_DFL)
        CrashRestore.uninstall()
    }

    /// Catches `signo` with the flag-setting handler.
    static func catchSignal(_ signo: Int32) {
        signal(signo) { s in
            if s >= 0 && s < 64 {
                _ = Signals.pending.bitwiseOr(UInt64(1) << UInt64(s), ordering: .sequentiallyConsistent)
            }
        }
    }

    /// The signals caught since the last call, as signal numbers, and clears them.
    static func take() -> [Int32] {
        let bits = pending.exchange(0, ordering: .sequentiallyConsistent)
        if bits == 0 { return [] }
        return (0..<64).filter { bits & (UInt64(1) << UInt64($0)) != 0 }.map(Int32.init)
    }
}
