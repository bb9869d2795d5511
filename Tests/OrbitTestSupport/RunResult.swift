/// How a child process ended, with what it printed and its peak memory.
public struct RunResult: Sendable {
    /// Exit status, or 128 + signal number when a signal ended it.
    public let status: Int32
    /// The signal that ended the process, if one did.
    public let signal: Int32?
    /// Standard output (empty when it went to a file the caller named).
    public let stdout: String
    /// Standard error.
    public let stderr: String
    /// Peak resident set size in KiB (`VmHWM` sampled while it ran; see `Spawn.wait`).
    public let maxRSSKiB: Int
}
