import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Signals arrive in a C handler that only sets a bit and writes a byte to a pipe (`wakeFD`,
/// which wakes any wait on input at once); the run loop reads and clears the bits between
/// frames, where it is safe to restore the terminal.
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

    /// The signals the viewer handles itself. SIGWINCH too: the terminal re-reads its size
    /// itself (`Terminal.read`, capped by `SizeCap`), so ncurses never resizes on its own.
    static let handled: [Int32] = [SIGINT, SIGTSTP, SIGCONT, SIGWINCH] + ending

    /// The write end of the wake-up pipe (-1 before `install`); the handler writes to it.
    private static let wakeWrite = Atomic<Int32>(-1)
    /// The read end of the wake-up pipe: readable once a signal has arrived since the last
    /// `drainWake()`; -1 before `install`.
    nonisolated(unsafe) private(set) static var wakeFD: Int32 = -1

    /// Installs the handlers (before ncurses starts, so ncurses leaves these signals
    /// alone) and ignores SIGPIPE so a closed output gives an error, not death.
    static func install() {
        if wakeFD < 0 {
            if let ends = ExternalCommand.makePipe(nonBlocking: true) {
                wakeFD = ends.read
                wakeWrite.store(ends.write, ordering: .sequentiallyConsistent)
            }
        }
        CrashRestore.install(crashes)
        for s in handled { catchSignal(s) }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (a signal mask is inherited);
        // blocked, Ctrl-C and SIGTERM would wait forever.
        var set = sigset_t()
        sigemptyset(&set)
        for s in handled { sigaddset(&set, s) }
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
            let fd = Signals.wakeWrite.load(ordering: .sequentiallyConsistent)
            if fd >= 0 {
                var byte: UInt8 = 1
                let saved = errno
                _ = write(fd, &byte, 1)
                errno = saved
            }
        }
    }

    /// The signals caught since the last call, as signal numbers, and clears them
    /// (SIGWINCH apart: `takeResize`).
    static func take() -> [Int32] {
        let keep = UInt64(1) << UInt64(SIGWINCH)
        let bits = pending.bitwiseAnd(keep, ordering: .sequentiallyConsistent).oldValue & ~keep
        if bits == 0 { return [] }
        return (0..<64).filter { bits & (UInt64(1) << UInt64($0)) != 0 }.map(Int32.init)
    }

    /// True when the window changed size (SIGWINCH) since the last call; clears it.
    static func takeResize() -> Bool {
        let bit = UInt64(1) << UInt64(SIGWINCH)
        return pending.bitwiseAnd(~bit, ordering: .sequentiallyConsistent).oldValue & bit != 0
    }

    /// True when a signal other than SIGWINCH is waiting for `take`.
    static var hasPending: Bool {
        pending.load(ordering: .sequentiallyConsistent) & ~(UInt64(1) << UInt64(SIGWINCH)) != 0
    }

    /// Empties the wake-up pipe (after a wait it ended).
    static func drainWake() {
        guard wakeFD >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(wakeFD, $0.baseAddress, $0.count) }) > 0 {}
    }
}
