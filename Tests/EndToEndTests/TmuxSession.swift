import Foundation

/// A private tmux server with one window running a shell, for driving `orbit` like a
/// person would: keys in, screen captures out. Each session has its own socket, so
/// tests never touch the user's tmux.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket: String
    private let configURL: URL
    private(set) var columns: Int
    private(set) var rows: Int

    private static let counter = Counter()

    /// Where tmux is, or nil.
    static var tmuxPath: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Starts a server with a `columns` x `rows` window running a plain shell.
    init(columns: Int = 120, rows: Int = 40) throws {
        guard Self.tmuxPath != nil else {
            throw Failure(description: "tmux is not installed; `make test` installs it (apt-get install tmux)")
        }
        Self.removeStaleServers()
        socket = "orbit-e2e-\(getpid())-\(Self.counter.next())"
        configURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        try "set -g status off\nset -g default-terminal screen-256color\n".write(to: configURL, atomically: true, encoding: .utf8)
        self.columns = columns
        self.rows = rows
        try tmux(["-f", configURL.path, "-u", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                  "env", "-i", "PATH=/usr/bin:/bin", "HOME=/tmp", "TERM=screen-256color", "LANG=C.UTF-8",
                  "PS1=ready$ ", "bash", "--norc", "--noprofile"])
        _ = try waitFor("shell prompt", timeout: 10) { $0.contains("ready$") }
    }

    deinit {
        _ = try? tmux(["kill-server"])
        unlink("/tmp/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(at: configURL)
    }

    /// Stops servers left behind by earlier test processes that died (their socket names
    /// carry the dead process's id), so a crash does not leave shells running.
    static func removeStaleServers() {
        let dir = "/tmp/tmux-\(getuid())"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix("orbit-e2e-") {
            let parts = name.split(separator: "-")
            guard parts.count == 4, let pid = Int32(parts[2]), pid != getpid() else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            _ = try? Spawn.run(tmuxPath ?? "/usr/bin/tmux", ["-L", name, "kill-server"])
            unlink("\(dir)/\(name)")
        }
    }

    /// Runs tmux on this session's socket; returns standard output.
    @discardableResult
    func tmux(_ args: [String]) throws -> String {
        let r = try Spawn.run(Self.tmuxPath ?? "/usr/bin/tmux", ["-L", socket] + args)
        guard r.status == 0 else {
            throw Failure(description: "tmux \(args.prefix(3).joined(separator: " ")) failed with status \(r.status)")
        }
        return r.output
    }

    /// Types `text` and Enter into the shell.
    func run(_ command: String) throws {
        try tmux(["send-keys", "-l", command])
        try tmux(["send-keys", "Enter"])
    }

    /// Sends tmux key names (`Left`, `Space`, `C-c`, `q`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// The screen as text, one string per row; with `escapes`, colours and attributes are
    /// kept as SGR sequences (a spinning picture in half blocks changes only colours).
    func capture(escapes: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []))
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Resizes the window.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    /// Polls the screen until `condition` holds, up to `timeout` seconds; returns that
    /// screen or throws naming what was awaited, with the last screen.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 15, escapes: Bool = false,
                 _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        repeat {
            screen = try capture(escapes: escapes)
            if condition(screen.map { $0 }) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        throw Failure(description: "timed out after \(timeout) s waiting for \(what); screen:\n" + screen.joined(separator: "\n"))
    }

    /// Condition helper: some row starts with `text` (output, not the typed command).
    static func line(startingWith text: String) -> ([String]) -> Bool {
        { screen in screen.contains { $0.hasPrefix(text) } }
    }

    /// Condition helper: some row contains `text`.
    static func contains(_ text: String) -> ([String]) -> Bool {
        { screen in screen.contains { $0.contains(text) } }
    }
}
