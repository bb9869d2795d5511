/// The one policy for waiting on anything outside the process: every wait has a limit
/// here, in seconds, and a wait that reaches it gives up (the viewer goes on without the
/// answer). docs/RELIABILITY.md, "Limits", lists them.
enum Deadline {
    /// Longest wait for a helper program's answer (`tmux display-message`): tmux answers
    /// in milliseconds; a stopped server, or a socket that accepts and stays silent, never
    /// does. The program is killed when the time is up.
    static let externalCommand = 1.0
    /// Longest wait for the terminal's answers to the start-up questions: a terminal that
    /// answers at all answers DA1 within a round trip; one that never answers costs this.
    static let probe = 0.5
    /// Longest wait for a terminal that takes no output once a signal is waiting or the
    /// viewer is leaving: the frame (and the exit's restoring bytes) are then given up, so
    /// a terminal that stopped reading (XOFF, a frozen client) cannot hold SIGTERM off.
    static let stalledOutput = 1.0
    /// Most bytes kept of a helper program's output (the rest is read and dropped).
    static let externalOutputBytes = 256 * 1024
}
