/// How a child process ended, with what it printed and its peak memory.
struct RunResult {
    /// Exit status, or 128 + signal number when a signal ended it.
    let status: Int32
    /// The signal that ended the process, if one did.
    let signal: Int32?
    let stdout: String
    let stderr: String
    /// Peak resident set size in KiB (`ru_maxrss` from wait4).
    let maxRSSKiB: Int
}
