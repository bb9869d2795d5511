import Foundation

/// One private tmux server (its own socket) with one window running a command, driven as
/// TERMINAL.md describes: status line off, `capture-pane` for the screen, `send-keys` for
/// input, `display -p` for pane state. The server is killed when the value is released.
final class Tmux {
    let socket: String
    let scratch: Scratch

    /// Starts `command` (run by /bin/sh) in a `columns` x `rows` window.
    init(columns: Int = 80, rows: Int = 24, command: String, environment: [String: String] = [:]) throws {
        guard Tmux.executable != nil else { throw HarnessError("tmux is not installed (make test-deps installs it)") }
        scratch = try Scratch("orbit-tmux")
        socket = "orbit-rel-\(getpid())-\(UUID().uuidString.prefix(8))"
        let conf = try scratch.write("tmux.conf", """
            set -g status off
            set -g remain-on-exit on
            set -g history-limit 2000
            set -g escape-time 0

            """)
        var args = ["-f", conf, "-u", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        for (k, v) in environment.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(k)=\(v)"] }
        args.append(command)
        try run(args)
        socketPath = try display("#{socket_path}")
    }

    /// The server's socket file, removed with the server.
    private var socketPath = ""

    /// The tmux executable found in PATH.
    static let executable: String? = {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/tmux"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }()

    /// Runs a tmux command on this server; returns its standard output.
    @discardableResult
    func run(_ args: [String]) throws -> String {
        let result = try Spawn.run([Tmux.executable ?? "tmux", "-L", socket] + args, timeout: 30)
        guard result.status == 0 else {
            throw HarnessError("tmux \(args.first ?? "") failed (\(result.status)): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return result.stdout
    }

    /// The visible screen as text, one line per row (trailing spaces trimmed by tmux).
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "0"]) }

    /// A pane format such as `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends tmux key names (`Left`, `C-z`, `q`) or, with `literal`, text.
    func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys)
    }

    /// Types `line` and Enter.
    func type(_ line: String) throws {
        try send(line, literal: true)
        try send("Enter")
    }

    /// Waits until the screen satisfies `condition`; returns that screen.
    @discardableResult
    func waitForScreen(_ what: String, timeout: Double = 30, _ condition: (String) -> Bool) throws -> String {
        var last = ""
        do {
            return try Wait.until(what, timeout: timeout) { () -> String? in
                last = try screen()
                return condition(last) ? last : nil
            }
        } catch {
            throw HarnessError("\(error); screen was:\n\(last)")
        }
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 30) throws -> String {
        try waitForScreen("'\(text)' on screen", timeout: timeout) { $0.contains(text) }
    }

    /// The pid of the shell running in the pane.
    func panePID() throws -> pid_t {
        guard let pid = pid_t(try display("#{pane_pid}")) else { throw HarnessError("no pane pid") }
        return pid
    }

    /// Pids of the direct children of `pid`.
    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// The first process below the pane's shell whose command name is `name`.
    func process(named name: String) throws -> pid_t {
        let shell = try panePID()
        return try Wait.until("a process named \(name) in the pane") { () -> pid_t? in
            var queue = [shell]
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
