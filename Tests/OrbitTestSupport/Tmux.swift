import Foundation

/// One private tmux server (its own socket, named after the test process) with one window
/// running a command, for driving `orbit` as a person would: `send`/`type` for keys,
/// `lines`/`screen` for what the terminal shows, `display` for pane state (alternate
/// screen, cursor, mouse). Status line off, TERM `screen-256color`, no Esc delay, panes
/// stay after their command exits. The server is killed when the value is released.
///
/// Tests wait for what they need with `waitForLines`/`waitForScreen`/`waitFor` (deadlines,
/// the last screen in the error), never for a fixed time.
public final class Tmux {
    /// The server's socket name (`orbit-tmux-PID-RANDOM`, under tmux's socket folder).
    public let socket: String
    /// A private folder for the configuration and the caller's files.
    public let scratch: Scratch
    /// The window's current size in cells.
    public private(set) var columns: Int
    public private(set) var rows: Int
    /// The server's socket file, removed with the server.
    private var socketPath = ""

    private static let socketPrefix = "orbit-tmux-"

    /// Starts `command` (run by /bin/sh) in a `columns` x `rows` window, with `environment`
    /// added to the server's.
    public init(columns: Int = 80, rows: Int = 24, command: String, environment: [String: String] = [:]) throws {
        guard Tmux.executable != nil else { throw HarnessError("tmux is not installed (make test-deps installs it)") }
        Tmux.removeStaleServers()
        scratch = try Scratch("orbit-tmux")
        socket = "\(Tmux.socketPrefix)\(getpid())-\(UUID().uuidString.prefix(8))"
        self.columns = columns
        self.rows = rows
        let conf = try scratch.write(
            "tmux.conf",
            """
            set -g status off
            set -g remain-on-exit on
            set -g history-limit 2000
            set -g escape-time 0
            set -g default-terminal screen-256color

            """)
        var args = ["-f", conf, "-u", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        for (k, v) in environment.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(k)=\(v)"] }
        args.append(command)
        try run(args)
        socketPath = try display("#{socket_path}")
    }

    /// A window running a plain bash (no rc files, `PATH=/usr/bin:/bin`, `LANG=C.UTF-8`,
    /// prompt `ready$ `), once the prompt shows: type commands into it with `type`.
    public static func shell(columns: Int = 120, rows: Int = 40) throws -> Tmux {
        let tmux = try Tmux(
            columns: columns, rows: rows,
            command:
                "env -i PATH=/usr/bin:/bin HOME=/tmp TERM=screen-256color LANG=C.UTF-8 PS1='ready$ "
                + "' bash --norc --noprofile"
        )
        try tmux.waitFor("ready$", timeout: 60)
        return tmux
    }

    /// The tmux executable found in PATH.
    public static let executable: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }()

    /// Stops servers left behind by earlier test processes that died (their socket names
    /// carry the dead process's id), so a crash does not leave shells running.
    static func removeStaleServers() {
        let dir = "/tmp/tmux-\(getuid())"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(socketPrefix) {
            guard let pid = Int32(name.dropFirst(socketPrefix.count).split(separator: "-").first ?? ""),
                pid != getpid()
            else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            _ = try? Spawn.run([executable ?? "tmux", "-L", name, "kill-server"], timeout: 10)
            unlink("\(dir)/\(name)")
        }
    }

    /// Runs a tmux command on this server (`["resize-window", "-x", "80"]`); returns its
    /// standard output, or throws with its standard error.
    @discardableResult
    public func run(_ args: [String]) throws -> String {
        let result = try Spawn.run([Tmux.executable ?? "tmux", "-L", socket] + args, timeout: 60)
        guard result.status == 0 else {
            throw HarnessError(
                "tmux \(args.first ?? "") failed (\(result.status)): "
                    + "\(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
            )
        }
        return result.stdout
    }

    /// The visible screen as text, one line per row (trailing spaces trimmed by tmux).
    public func screen() throws -> String { try run(["capture-pane", "-p", "-t", "0"]) }

    /// The visible screen, one string per row; with `escapes`, colours and attributes are
    /// kept as SGR sequences (a spinning picture in half blocks changes only colours).
    public func lines(escapes: Bool = false) throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : []))
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A pane format such as `#{alternate_on}`.
    public func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends tmux key names (`Left`, `C-z`, `q`) or, with `literal`, text.
    public func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    /// Types `line` and Enter.
    public func type(_ line: String) throws {
        try send(line, literal: true)
        try send("Enter")
    }

    /// Resizes the window.
    public func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
        self.columns = columns
        self.rows = rows
    }

    /// Waits until the screen's rows satisfy `condition`; returns them, or throws naming
    /// what was awaited with the last screen seen.
    @discardableResult
    public func waitForLines(
        _ what: String, timeout: Double = 30, escapes: Bool = false,
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        var last: [String] = []
        do {
            return try Wait.until(what, timeout: timeout) { () -> [String]? in
                last = try lines(escapes: escapes)
                return condition(last) ? last : nil
            }
        } catch {
            throw HarnessError("\(error); screen was:\n\(last.joined(separator: "\n"))")
        }
    }

    /// Waits until the screen text satisfies `condition`; returns that screen.
    @discardableResult
    public func waitForScreen(_ what: String, timeout: Double = 30, _ condition: (String) -> Bool) throws -> String {
        try waitForLines(what, timeout: timeout) { condition($0.joined(separator: "\n") + "\n") }
            .joined(separator: "\n") + "\n"
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 30) throws -> String {
        try waitForScreen("'\(text)' on screen", timeout: timeout) { $0.contains(text) }
    }

    /// Condition for `waitForLines`: some row starts with `text` (output, not the typed
    /// command line).
    public static func line(startingWith text: String) -> ([String]) -> Bool {
        { screen in screen.contains { $0.hasPrefix(text) } }
    }

    /// Condition for `waitForLines`: some row contains `text`.
    public static func contains(_ text: String) -> ([String]) -> Bool {
        { screen in screen.contains { $0.contains(text) } }
    }

    /// The pid of the process running in the pane (the command or shell it started).
    public func panePID() throws -> pid_t {
        guard let pid = pid_t(try display("#{pane_pid}")) else { throw HarnessError("no pane pid") }
        return pid
    }

    /// Pids of the direct children of `pid`.
    public static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Waits for the first process below the pane's process whose command name is `name`.
    public func process(named name: String) throws -> pid_t {
        let top = try panePID()
        return try Wait.until("a process named \(name) in the pane") { () -> pid_t? in
            var queue = [top]
            while let p = queue.popLast() {
                let comm = (try? String(contentsOfFile: "/proc/\(p)/comm", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if comm == name { return p }
                queue += Tmux.children(of: p)
            }
            return nil
        }
    }

    deinit {
        _ = try? Spawn.run([Tmux.executable ?? "tmux", "-L", socket, "kill-server"], timeout: 10)
        if socketPath.hasSuffix("/" + socket) { try? FileManager.default.removeItem(atPath: socketPath) }
    }
}
