import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Keys while the viewer's scene is made, before its terminal opens (a deep Apollonian
/// zoom, a large model): `q` quits at once (exit 0) and Ctrl-C, SIGTERM and SIGHUP end
/// the process, each with the terminal's line modes as they were. Any other byte typed is
/// kept and handed to the viewer when it opens (`takeTyped`), so nothing typed ahead is lost.
///
/// The terminal is put in non-canonical mode without echo (signals still on) for the
/// time of `watch`, and a thread reads standard input with a 0.1 s poll.
public enum LoadingKeys {
    /// Bytes typed during the load that were not `q` (at most 64 KB kept).
    private static let typed = Mutex<[UInt8]>([])
    /// Line modes before `watch` (read by the signal handler; never freed).
    nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = .allocate(capacity: 1)
    private static let stop = Atomic<Bool>(false)

    /// Runs `body` (the load) with `q` and the ending signals acted on; `body`'s result.
    public static func watch<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard isatty(0) == 1, tcgetattr(0, saved) == 0 else { return try body() }
        var raw = saved.pointee
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutablePointer(to: &raw.c_cc) {
            $0.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }
        var previous: [sigaction] = Array(repeating: sigaction(), count: 3)
        let signals = [SIGINT, SIGTERM, SIGHUP]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signo in
            tcsetattr(0, TCSANOW, LoadingKeys.saved)
            signal(signo, SIG_DFL)
            raise(signo)
        }
        sigemptyset(&action.sa_mask)
        for (i, s) in signals.enumerated() { sigaction(s, &action, &previous[i]) }
        tcsetattr(0, TCSANOW, &raw)
        stop.store(false, ordering: .sequentiallyConsistent)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            read()
            done.signal()
        }
        defer {
            stop.store(true, ordering: .sequentiallyConsistent)
            done.wait()
            tcsetattr(0, TCSANOW, saved)
            for (i, s) in signals.enumerated() { sigaction(s, &previous[i], nil) }
        }
        return try body()
    }

    /// What was typed during the load (not `q`), once.
    public static func takeTyped() -> [UInt8] {
        typed.withLock { bytes in
            defer { bytes = [] }
            return bytes
        }
    }

    private static func read() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stop.load(ordering: .sequentiallyConsistent) {
            var p = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
            let bytes = buffer[0..<n]
            // `q` alone (not inside an escape sequence, where it is a parameter byte).
            if bytes.contains(UInt8(ascii: "q")) && !bytes.contains(0x1B) {
                tcsetattr(0, TCSANOW, saved)
                exit(0)
            }
            typed.withLock { if $0.count + n <= 65536 { $0 += bytes } }
        }
    }
}
