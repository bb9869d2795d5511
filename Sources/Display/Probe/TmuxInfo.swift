/// What tmux says about the pane Orbit runs in and the terminal outside it, from
/// `tmux display-message -p` with `TmuxInfo.format`. Inside tmux the outer terminal's
/// answers to graphics queries do not come back to the program, so tmux itself is asked.
public struct TmuxInfo: Equatable, Sendable {
    /// The outer terminal's type (`client_termname`), e.g. `xterm-kitty`.
    public var clientTerm: String
    /// `allow-passthrough` is `on` or `all` (tmux 3.3a prints `on` as `1`): `ESC P tmux; ... ESC \`
    /// reaches the outer terminal.
    public var passthrough: Bool
    /// The pane's top row and left column on the outer terminal's screen (0-based).
    public var paneTop: Int
    public var paneLeft: Int
    /// tmux draws RGB colours on the outer terminal: the client's terminal has `setrgbf`,
    /// which tmux gives it for `RGB` among its features (tmux 3.2 and later: found from the
    /// terminal's answers, xterm's for one, or set by `terminal-features`) or for the `Tc` or
    /// `RGB` flag of its terminfo entry (kitty's). A pane's truecolor then reaches the screen;
    /// without it tmux maps every RGB colour to its nearest of 256.
    public var clientRGB: Bool
    /// The outer terminal's own name and version, as it answered tmux's XTVERSION
    /// (`client_termtype`, e.g. `kitty(0.35.2)`); empty when tmux does not know it.
    public var clientType = ""

    /// The format asked of `tmux display-message -p`. The client's tty and features come
    /// last: with no client attached they are empty, and so are the features before tmux 3.2.
    public static let format =
        "#{client_termname} #{allow-passthrough} #{pane_top} #{pane_left} #{client_tty} #{client_termfeatures}"

    /// The command after `display-message`: tmux's list of its clients' terminals and their
    /// capabilities (`show-messages -T`, as in `tmux info`), where `setrgbf` is.
    public static let terminalsCommand = ["show-messages", "-T"]

    /// A second `display-message -p` format: the client's terminal type on its own line,
    /// after `clientTypeMarker` (it may be empty, or hold spaces).
    public static let clientTypeFormat = clientTypeMarker + "#{client_termtype}"
    static let clientTypeMarker = "client_termtype="

    /// Info from explicit values.
    public init(clientTerm: String, passthrough: Bool, paneTop: Int = 0, paneLeft: Int = 0, clientRGB: Bool = false) {
        self.clientTerm = clientTerm
        self.passthrough = passthrough
        self.paneTop = paneTop
        self.paneLeft = paneLeft
        self.clientRGB = clientRGB
    }

    /// Parses the output of `format` on the first line (`xterm-kitty on 0 0 /dev/pts/1
    /// 256,RGB,title`, the tty and features maybe missing), then a line of
    /// `clientTypeFormat` if any, then the output of `terminalsCommand` if any
    /// (`Terminal 0: xterm-kitty for /dev/pts/1, flags=...` and a capability a line, such as
    /// ` 208: setrgbf: (string) ...` or ` 208: setrgbf: [missing]`); nil when the first line
    /// is not that.
    public init?(displayOutput: String) {
        let lines = displayOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let words = (lines.first ?? "").split(separator: " ").map(String.init)
        guard (4...6).contains(words.count), let top = Int(words[2]), let left = Int(words[3]) else { return nil }
        let tty = words.dropFirst(4).first { $0.hasPrefix("/") }
        let features = words.dropFirst(4).first { !$0.hasPrefix("/") }?.split(separator: ",") ?? []
        self.init(
            clientTerm: words[0], passthrough: ["on", "all", "1"].contains(words[1]), paneTop: top, paneLeft: left,
            clientRGB: features.contains("RGB") || Self.terminal(of: tty, in: lines.dropFirst(), has: "setrgbf"))
        if let line = lines.dropFirst().first(where: { $0.hasPrefix(Self.clientTypeMarker) }) {
            clientType = String(line.dropFirst(Self.clientTypeMarker.count))
        }
    }

    /// Whether the terminal of the client on `tty`, in `show-messages -T` lines, has the
    /// string capability `name`.
    static func terminal(of tty: String?, in lines: ArraySlice<Substring>, has name: String) -> Bool {
        guard let tty else { return false }
        var inBlock = false
        for line in lines {
            if line.hasPrefix("Terminal ") {
                inBlock = line.contains(" for \(tty),")
            } else if inBlock, line.contains(" \(name): (string) ") {
                return true
            }
        }
        return false
    }

    /// The outer terminal is kitty (by its terminal type).
    public var clientIsKitty: Bool { clientTerm == "xterm-kitty" || clientTerm.hasPrefix("kitty") }
}
