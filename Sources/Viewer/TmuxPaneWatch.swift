import Foundation

/// Where the viewer's tmux pane is on the outer screen and whether it is shown, asked of
/// tmux (`display-message -p`) every `interval` seconds on a thread of its own.
///
/// Kitty pictures placed at the pane's offset (`GraphicsPlacement.tmux`, where Unicode
/// placeholders cannot be used) live on the outer terminal, not in tmux: when another window
/// is selected, or the pane moves (a split above or to the left, a layout change), tmux
/// redraws its text but the picture stays. The session takes the picture away while the
/// pane is hidden and places it again where the pane is (`ViewerSession.pollPane`).
final class TmuxPaneWatch: @unchecked Sendable {
    /// The pane as tmux last described it.
    struct Pane: Equatable {
        /// The pane is on the screen of an attached client: its window is the session's
        /// current one and, in a zoomed window, it is the zoomed pane.
        var visible: Bool
        /// The pane's top row and left column on the outer screen (0-based).
        var top: Int
        var left: Int
    }

    /// The format asked of tmux: window active, clients attached to the session, window
    /// zoomed, pane active, pane top, pane left.
    static let format =
        "#{window_active} #{session_attached} #{window_zoomed_flag} #{pane_active} #{pane_top} #{pane_left}"

    /// The pane from tmux's answer to `format`; nil for anything else.
    static func parse(_ text: String) -> Pane? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 6 else { return nil }
        let n = words.compactMap { Int($0) }
        guard n.count == 6, n.allSatisfy({ $0 >= 0 }) else { return nil }
        let visible = n[0] == 1 && n[1] > 0 && (n[2] == 0 || n[3] == 1)
        return Pane(visible: visible, top: n[4], left: n[5])
    }

    private let condition = NSCondition()
    private var answer: Pane?
    private var stopped = false
    private let arguments: [String]
    /// `tmux list-clients` for the pane's session: each client's terminal name and tty.
    private let clientsArguments: [String]
    /// Seconds between questions (default 0.25).
    let interval: Double

    /// A watch of the pane `TMUX_PANE` names in `environment` (tmux's current pane without
    /// it); not started.
    init(environment: [String: String], interval: Double = 0.25) {
        var display = ["tmux", "display-message", "-p"]
        var clients = ["tmux", "list-clients"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty {
            display += ["-t", pane]
            clients += ["-t", pane]
        }
        arguments = display + [Self.format]
        clientsArguments = clients + ["-F", "#{client_termname} #{client_tty}"]
        self.interval = interval
    }

    /// The ttys in tmux's answer to `list-clients -F "#{client_termname} #{client_tty}"`,
    /// leaving out clients that are multiplexers themselves (`tmux*`, `screen*`: they would
    /// show a kitty command as text or take it as a title) and anything not under /dev/.
    static func clientTTYs(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2, words[1].hasPrefix("/dev/"), !words[1].contains("..") else { return nil }
            let name = words[0]
            guard !name.hasPrefix("tmux"), !name.hasPrefix("screen") else { return nil }
            return String(words[1])
        }
    }

    /// Writes `bytes` straight to the terminal of each client attached to the pane's session
    /// (`clientTTYs`), past tmux: tmux 3.3 drops what a hidden pane passes through, so the
    /// deletion of a picture whose window was left can reach the outer terminal only this
    /// way. Each tty is opened without blocking and written once; one that is not the
    /// user's, or is full, is passed over. Waits for tmux's answer (at most
    /// `Deadline.externalCommand`).
    func writePastTmux(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let result = ExternalCommand.run(clientsArguments, seconds: Deadline.externalCommand)
        for tty in Self.clientTTYs(String(decoding: result.output, as: UTF8.self)) {
            let fd = open(tty, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            // One write: the terminal takes it whole between two of tmux's writes.
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    /// Starts asking on a thread of its own.
    func start() {
        let thread = Thread { [self] in
            while true {
                let result = ExternalCommand.run(arguments, seconds: Deadline.externalCommand)
                if let pane = Self.parse(String(decoding: result.output, as: UTF8.self)) { heard(pane) }
                condition.lock()
                if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
                let done = stopped
                condition.unlock()
                if done { return }
            }
        }
        thread.name = "orbit.tmux-pane"
        thread.start()
    }

    /// Takes `pane` as tmux's latest answer.
    func heard(_ pane: Pane) {
        condition.lock()
        answer = pane
        condition.unlock()
    }

    /// The last answer (nil before the first).
    var latest: Pane? {
        condition.lock()
        defer { condition.unlock() }
        return answer
    }

    /// Stops asking (a question under way is finished, within `Deadline.externalCommand`).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
