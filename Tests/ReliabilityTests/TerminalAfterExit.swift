import OrbitTestSupport

/// What a terminal looks like after orbit has exited.
struct TerminalAfterExit {
    /// orbit's exit status as the shell saw it.
    let status: Int32?
    /// The pane's visible text.
    let screen: String
    /// Words of `stty -a` (`echo` or `-echo`, `icanon` or `-icanon`, ...).
    let sttyFlags: Set<String>
    let alternateScreen: Bool
    let cursorVisible: Bool
    let mouseReporting: Bool

    /// True when the terminal is as a shell needs it: main screen, cursor shown, mouse
    /// reports off, echo and canonical line editing on, CR/NL translation on.
    var isRestored: Bool {
        !alternateScreen && cursorVisible && !mouseReporting
            && sttyFlags.contains("echo") && sttyFlags.contains("icanon") && sttyFlags.contains("icrnl")
            && sttyFlags.contains("onlcr") && sttyFlags.contains("isig")
    }

    /// Words that would show a crash report from the Swift runtime or the shell.
    var showsCrash: Bool {
        ["Fatal error", "Segmentation fault", "Illegal instruction", "Aborted", "Stack dump", "core dumped"]
            .contains { screen.contains($0) }
    }
}
