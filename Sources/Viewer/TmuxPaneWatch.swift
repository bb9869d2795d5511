import Foundation

/// Where the viewer's tmux pane is on the outer screen and whether it is shown, and how many
/// bytes tmux has written to each client of its session, asked of tmux (`display-message
/// -p`, `list-clients`) every `interval` seconds on a thread of its own.
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

    /// The format asked of `list-clients`: terminal name, tty, bytes written so far.
    static let clientFormat = "#{client_termname} #{client_tty} #{client_written}"

    /// The pane from tmux's answer to `format`; nil for anything else.
    static func parse(_ text: String) -> Pane? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 6 else { return nil }
        let n = words.compactMap { Int($0) }
        guard n.count == 6, n.allSatisfy({ $0 >= 0 }) else { return nil }
        let visible = n[0] == 1 && n[1] > 0 && (n[2] == 0 || n[3] == 1)
        return Pane(visible: visible, top: n[4], left: n[5])
    }

    /// What tmux said at one look: the pane, and the session's clients with the bytes
    /// written to each so far (`clients(_:)`).
    struct Heard: Equatable {
        var pane: Pane
        var clients: [Client]
        /// Counts the looks: one more at each answer.
        var serial: Int
        /// No client was written to since the look before (tmux is done drawing).
        var quiet: Bool
    }

    private let condition = NSCondition()
    private var answer: Heard?
    private var stopped = false
    /// One tmux command line asking both: the pane (`format`), then `list-clients`.
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
        clientsArguments = clients + ["-F", Self.clientFormat]
        // Both questions in one tmux command line (`;` separates commands).
        arguments = display + [Self.format, ";"] + clientsArguments.dropFirst()
        self.interval = interval
    }

    /// One client in tmux's answer to `list-clients -F "#{client_termname} #{client_tty}
    /// #{client_written}"`: its tty and the bytes tmux has written to it so far.
    struct Client: Equatable {
        var tty: String
        var written: Int
    }

    /// The clients in tmux's answer to `list-clients`, leaving out clients that are
    /// multiplexers themselves (`tmux*`, `screen*`: they would show a kitty command as text
    /// or take it as a title) and anything not under /dev/.
    static func clients(_ text: String) -> [Client] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 3, words[1].hasPrefix("/dev/"), !words[1].contains(".."),
                let written = Int(words[2]), written >= 0
            else { return nil }
            let name = words[0]
            guard !name.hasPrefix("tmux"), !name.hasPrefix("screen") else { return nil }
            return Client(tty: String(words[1]), written: written)
        }
    }

    /// Writes `bytes` straight to the terminal of each client attached to the pane's session
    /// (`clients`), past tmux: tmux 3.3 drops what a hidden pane passes through, so the
    /// deletion of a picture whose window was left can reach the outer terminal only this
    /// way. A client's tty is written only once tmux is done with it: the bytes tmux wrote
    /// to it (`client_written`) unchanged since the last look, and nothing of them left
    /// in the tty's queue (`TIOCOUTQ`), so the bytes cannot land inside one of tmux's
    /// sequences (a picture's frames are long ones). Looks every 0.15 s for at most
    /// `seconds`; a client still busy then, a tty that is not the user's or is full, is
    /// passed over.
    func writePastTmux(_ bytes: [UInt8], seconds: Double = 3) {
        guard !bytes.isEmpty else { return }
        let deadline = Date(timeIntervalSinceNow: seconds)
        var seen: [String: Int] = [:]
        var done: Set<String> = []
        while Date() < deadline {
            let result = ExternalCommand.run(clientsArguments, seconds: Deadline.externalCommand)
            let clients = Self.clients(String(decoding: result.output, as: UTF8.self))
            for client in clients where !done.contains(client.tty) && seen[client.tty] == client.written {
                if Self.writeIfIdle(bytes, to: client.tty) { done.insert(client.tty) }
            }
            for client in clients { seen[client.tty] = client.written }
            // Every client written (or none attached): done.
            if clients.allSatisfy({ done.contains($0.tty) }) { return }
            Thread.sleep(forTimeInterval: 0.15)
        }
    }

    /// Writes `bytes` to `tty` in one non-blocking write when its output queue is empty;
    /// true when they went (or the tty cannot be opened: nothing more to try).
    private static func writeIfIdle(_ bytes: [UInt8], to tty: String) -> Bool {
        let fd = open(tty, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var queued: Int32 = 0
        guard ioctl(fd, UInt(TIOCOUTQ), &queued) == 0, queued == 0 else { return false }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return true
    }

    /// Starts asking on a thread of its own.
    func start() {
        let thread = Thread { [self] in
            while true {
                let result = ExternalCommand.run(arguments, seconds: Deadline.externalCommand)
                let text = String(decoding: result.output, as: UTF8.self)
                let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                if let first = lines.first, let pane = Self.parse(String(first)) {
                    heard(pane, clients: lines.count > 1 ? Self.clients(String(lines[1])) : [])
                }
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

    /// Takes `pane` and `clients` as tmux's latest answer.
    func heard(_ pane: Pane, clients: [Client] = []) {
        condition.lock()
        let quiet = answer.map { $0.clients == clients } ?? false
        answer = Heard(pane: pane, clients: clients, serial: (answer?.serial ?? 0) + 1, quiet: quiet)
        condition.unlock()
    }

    /// The pane as last described (nil before the first answer).
    var latest: Pane? { latestHeard?.pane }

    /// The last answer whole (nil before the first).
    var latestHeard: Heard? {
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
