#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files a command is writing (`AtomicFile`'s hidden `.orbit-XXXXXX`),
/// kept where a signal handler can reach them: `removeOnSignals` makes SIGTERM, SIGHUP and
/// SIGINT delete them (with `unlink(2)`, async-signal-safe) before the signal ends the
/// process as it would have, so an interrupted recording leaves nothing behind.
///
/// At most `slots` files are tracked at once (a command writes one or two); a file past
/// that is still removed by `AtomicFile` on every other path.
public enum TemporaryFileSweep {
    /// Files tracked at once.
    public static let slots = 16

    /// Paths as C strings (nil: a free slot), prepared outside any handler.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slots)
        p.initialize(repeating: nil, count: slots)
        return p
    }()

    /// Tracks `path`; the slot to give back to `forget`, or -1 when none is free.
    public static func track(_ path: String) -> Int {
        for i in 0..<slots where paths[i] == nil {
            paths[i] = strdup(path)
            return i
        }
        return -1
    }

    /// Stops tracking the file of `slot` (after it was renamed or removed).
    public static func forget(_ slot: Int) {
        guard slot >= 0 && slot < slots, let p = paths[slot] else { return }
        paths[slot] = nil
        free(p)
    }

    /// Paths tracked now (for tests).
    public static var tracked: [String] {
        (0..<slots).compactMap { paths[$0].map { String(cString: $0) } }
    }

    /// Makes `signals` (default SIGTERM, SIGHUP, SIGINT) remove the tracked files, then end
    /// the process with the signal's default action. For commands that do not catch these
    /// signals themselves (the viewer does, and leaves through its own exit).
    public static func removeOnSignals(_ signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signo in
            for i in 0..<TemporaryFileSweep.slots {
                if let p = TemporaryFileSweep.paths[i] { unlink(p) }
            }
            signal(signo, SIG_DFL)
            raise(signo)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for s in signals { sigaction(s, &action, nil) }
    }
}
