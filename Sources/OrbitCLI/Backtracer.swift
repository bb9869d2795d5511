import Foundation

/// The Swift runtime's backtracer: on a crash in a terminal it stops at an interactive
/// prompt by default, which on the viewer's screen leaves the user in a dead program.
/// Its settings (`SWIFT_BACKTRACE`) are read once when the process starts.
public enum Backtracer {
    /// The `SWIFT_BACKTRACE` value with interactive mode off, or nil when `current`
    /// already says how to be interactive.
    static func setting(adding current: String?) -> String? {
        guard let current, !current.isEmpty else { return "interactive=no" }
        if current.contains("interactive") { return nil }
        return current + ",interactive=no"
    }

    /// When standard input and output are a terminal (the viewer's case) and
    /// `SWIFT_BACKTRACE` does not choose interactive mode, runs this executable again
    /// (execv(3), same arguments) with `interactive=no` added, so a crash prints its report
    /// and ends. Returns (and changes nothing) when the executable cannot be found again.
    public static func makeNonInteractive() {
        guard isatty(0) == 1, isatty(1) == 1 else { return }
        let current = ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"]
        guard let value = setting(adding: current) else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return }
        setenv("SWIFT_BACKTRACE", value, 1)
        execv(buffer, CommandLine.unsafeArgv)
        // Still here: exec failed; carry on as we are (only crash reports differ).
        if let current { setenv("SWIFT_BACKTRACE", current, 1) } else { unsetenv("SWIFT_BACKTRACE") }
    }
}
