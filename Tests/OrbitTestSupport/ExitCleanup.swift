import Foundation

/// Files and folders removed when the test process exits: for fixtures written once per
/// process (in a `static let`), which nothing releases, so a run leaves nothing in `$TMPDIR`.
public enum ExitCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [String] = []
    nonisolated(unsafe) private static var registered = false

    /// Removes `path` (a file, or a folder and everything in it) at exit; returns it.
    @discardableResult
    public static func removeAtExit(_ path: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        paths.append(path)
        if !registered {
            registered = true
            atexit { ExitCleanup.removeAll() }
        }
        return path
    }

    private static func removeAll() {
        lock.lock()
        let all = paths
        paths = []
        lock.unlock()
        for p in all { try? FileManager.default.removeItem(atPath: p) }
    }
}
