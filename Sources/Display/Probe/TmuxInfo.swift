/// What tmux says about the pane Orbit runs in and the terminal outside it, from
/// `tmux display-message -p` with `TmuxInfo.format`. Inside tmux the outer terminal's
/// answers to graphics queries do not come back to the program, so tmux itself is asked.
public struct TmuxInfo: Equatable, Sendable {
    /// The outer terminal's type (`client_termname`), e.g. `xterm-kitty`.
    public var clientTerm: String
    /// `allow-passthrough` is `on` or `all`: `ESC P tmux; ... ESC \` reaches the outer terminal.
    public var passthrough: Bool
    /// The pane's top row and left column on the outer terminal's screen (0-based).
    public var paneTop: Int
    public var paneLeft: Int
    /// tmux draws RGB colours on the outer terminal (`RGB` among `client_termfeatures`,
    /// tmux 3.2 and later): tmux found direct colour there by the terminal's answers (xterm,
    /// kitty, iTerm2, foot, ...) or by `terminal-features`. A pane's truecolor then reaches
    /// the screen; without it tmux maps every RGB colour to its nearest of 256.
    public var clientRGB: Bool

    /// The format asked of `tmux display-message -p`. The features come last: with no client
    /// attached, or before tmux 3.2, they are empty.
    public static let format = "#{client_termname} #{allow-passthrough} #{pane_top} #{pane_left} #{client_termfeatures}"

    /// Info from explicit values.
    public init(clientTerm: String, passthrough: Bool, paneTop: Int = 0, paneLeft: Int = 0, clientRGB: Bool = false) {
        self.clientTerm = clientTerm
        self.passthrough = passthrough
        self.paneTop = paneTop
        self.paneLeft = paneLeft
        self.clientRGB = clientRGB
    }

    /// Parses the output of `format` (`xterm-kitty on 0 0 256,RGB,title`, the features
    /// maybe missing); nil when it is not that.
    public init?(displayOutput: String) {
        let words = displayOutput.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard words.count == 4 || words.count == 5, let top = Int(words[2]), let left = Int(words[3]) else {
            return nil
        }
        let features = words.count == 5 ? words[4].split(separator: ",") : []
        self.init(
            clientTerm: words[0], passthrough: words[1] == "on" || words[1] == "all", paneTop: top, paneLeft: left,
            clientRGB: features.contains("RGB"))
    }

    /// The outer terminal is kitty (by its terminal type).
    public var clientIsKitty: Bool { clientTerm == "xterm-kitty" || clientTerm.hasPrefix("kitty") }
}
