import Apollonian
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a long `apollonian stats` run needs from the terminal: Ctrl-C (SIGINT, SIGTERM)
/// stops it, and a progress line on standard error when that is a terminal.
final class ApollonianProgress: @unchecked Sendable {
    private static let interrupted = Atomic<Bool>(false)
    private let onTerminal = isatty(2) == 1
    private let start = Date()
    private var lastShown = Date.distantPast
    private var shown = false

    /// Catches SIGINT and SIGTERM until `finish`.
    init() {
        Self.interrupted.store(false, ordering: .sequentiallyConsistent)
        for s in [SIGINT, SIGTERM] {
            signal(s) { _ in ApollonianProgress.interrupted.store(true, ordering: .sequentiallyConsistent) }
        }
    }

    /// True once Ctrl-C (or SIGTERM) arrived.
    var isCancelled: Bool { Self.interrupted.load(ordering: .sequentiallyConsistent) }

    /// Shows `p` at most five times a second (called one at a time by the generator).
    func report(_ p: PackingProgress) {
        guard onTerminal else { return }
        let now = Date()
        guard now.timeIntervalSince(lastShown) >= 0.2 else { return }
        lastShown = now
        shown = true
        let rate = Double(p.spheres) / max(now.timeIntervalSince(start), 1e-3)
        FileHandle.standardError.write(
            Data("\r\u{1B}[Kcounting: \(p.spheres) spheres (\(Int(rate / 1e6)) million/s), Ctrl-C stops".utf8))
    }

    /// Clears the progress line and puts the signals back.
    func finish() {
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        for s in [SIGINT, SIGTERM] { signal(s, SIG_DFL) }
    }
}
