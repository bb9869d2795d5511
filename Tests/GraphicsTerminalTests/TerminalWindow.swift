import Display
import Foundation
import OrbitTestSupport

/// A real terminal (kitty, xterm emulating a VT340 with sixel, or Konsole, which shows
/// iTerm2's inline images) on a `VirtualDisplay`,
/// running `orbit` in a bash script that records the terminal size, orbit's figures
/// (`ORBIT_STATS`, standard error), its exit status, and any bytes that reach the shell
/// within 2 s of orbit's exit. Keys and resizes go through xdotool; pictures come from
/// ImageMagick's `import`. Every wait has a deadline.
final class TerminalWindow {
    enum Kind: String { case kitty, xterm, konsole }

    let kind: Kind
    let display: VirtualDisplay
    /// Scratch folder for this window's files.
    let scratch: Scratch
    private let terminal: Detached
    /// The X window id (xdotool's).
    let window: String
    /// The tmux server's socket name (`tmux -L`) when orbit runs in tmux.
    private(set) var tmuxSocket: String?

    /// Opens the terminal running `orbit arguments` (with `extra` added to orbit's
    /// environment only); waits (at most `timeout` s) until its window is mapped. With
    /// `inTmux`, orbit runs in a stock tmux (no configuration file, a server of its own,
    /// no `COLORTERM`) inside the terminal, as a user who starts tmux and then orbit;
    /// `tmuxPassthrough` sets its `allow-passthrough` on. With `program`, that command
    /// line runs instead of orbit.
    init(
        _ kind: Kind, on display: VirtualDisplay, orbit arguments: [String], environment extra: [String: String] = [:],
        inTmux: Bool = false, tmuxPassthrough: Bool = false, program: [String]? = nil, timeout: Double = 120
    ) throws {
        let binary = try OrbitBinary.check()
        let scratch = try Scratch("orbit-pixels-\(kind.rawValue)")
        let folder = scratch.path
        let run = program ?? [binary] + arguments
        let command = (["env"] + extra.map { "\($0.key)=\($0.value)" } + run).map(Detached.quote)
            .joined(separator: " ")
        var shell = "ORBIT_STATS=1 \(command) 2> '\(folder)/stats'"
        if inTmux {
            // One server per window: suites run at once, each closing its own.
            let socket = "orbit-test-\(getpid())-\(kind.rawValue)-\(UUID().uuidString.prefix(8))"
            tmuxSocket = socket
            // Without the terminal's COLORTERM (kitty sets it): a tmux server started
            // elsewhere, over SSH for one, passes none on.
            let options = tmuxPassthrough ? "start-server \\; set -g allow-passthrough on \\; " : ""
            shell = "env -u COLORTERM tmux -L \(socket) -f /dev/null -u \(options)new-session \(Detached.quote(shell))"
        }
        let script = try scratch.write(
            "session.sh",
            """
            echo $$ > '\(folder)/shell'
            stty size > '\(folder)/size'
            \(shell)
            s=$?
            echo "EXIT=$s"
            stty -icanon -echo min 0 time 20
            dd bs=65536 count=1 of='\(folder)/stray' 2>/dev/null
            stty sane
            echo $s > '\(folder)/exit'
            exec sleep 600
            """)
        // Not the test's own terminal: no kitty, tmux or colour variables leak in. kitty
        // draws with OpenGL, which Xvfb has only in software.
        var added = ["LIBGL_ALWAYS_SOFTWARE": "1"]
        if kind == .konsole {
            // Konsole keeps its settings and runtime files in the scratch folder.
            added["XDG_CONFIG_HOME"] = folder
            added["XDG_RUNTIME_DIR"] = folder
        }
        let env = display.environment(added).filter {
            !$0.key.hasPrefix("KITTY")
                && !["TMUX", "TMUX_PANE", "TERM_PROGRAM", "COLORTERM", "TERM", "NO_COLOR"].contains($0.key)
        }
        let argv: [String]
        switch kind {
        case .kitty:
            argv = [
                Self.kittyBinary, "--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no",
                "-o", "initial_window_width=808", "-o", "initial_window_height=530",
                "-o", "window_padding_width=0", "-o", "placement_strategy=top-left", "-o", "cursor_blink_interval=0",
                "-o", "enable_audio_bell=no", "-o", "update_check_interval=0",
                "-o", "background=#000000", "-o", "foreground=#e0e0e0", "/bin/bash", script,
            ]
        case .xterm:
            argv = [
                "xterm", "-ti", "vt340", "-geometry", "100x32+0+0", "-b", "0", "-bg", "black", "-fg", "white",
                "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*cursorBlink: false",
                // Keys come from xdotool as sent events, which xterm ignores by default.
                "-xrm", "XTerm*allowSendEvents: true",
                "-e", "/bin/bash", script,
            ]
        case .konsole:
            // No menu or tab bar, no margin: the terminal is the window's lower part,
            // under its tool bar.
            argv = [
                "konsole", "--nofork", "--separate", "--hide-menubar", "--hide-tabbar",
                "-p", "TerminalMargin=0", "-p", "BlinkingCursorEnabled=false", "-e", "/bin/bash", script,
            ]
        }
        let terminal = try Detached(
            argv, what: kind.rawValue, stdout: scratch.file("terminal.log"),
            stderr: scratch.file("terminal.err"), environment: env)
        do {
            window = try Wait.until("the \(kind.rawValue) window", timeout: timeout, interval: 0.3) {
                guard terminal.isRunning else {
                    throw HarnessError("\(kind.rawValue) ended at start: \(scratch.read("terminal.err").suffix(300))")
                }
                let found = try? display.tool(
                    ["xdotool", "search", "--onlyvisible", "--class", kind.rawValue], timeout: 30)
                return found?.split(separator: "\n").first.map(String.init)
            }
        } catch {
            terminal.stop()
            throw error
        }
        self.kind = kind
        self.display = display
        self.scratch = scratch
        self.terminal = terminal
    }

    /// The whole screen now.
    func screenshot() throws -> Screenshot {
        let path = scratch.file("screen.ppm")
        try display.tool(["import", "-display", display.name, "-window", "root", "-depth", "8", "ppm:" + path])
        return try Screenshot(ppm: path)
    }

    /// Types `key` (an xdotool key name such as `q` or `o`) into the window.
    func key(_ key: String) throws {
        try display.tool(["xdotool", "key", "--window", window, key])
    }

    /// The window's size in pixels.
    func size() throws -> (width: Int, height: Int) {
        let text = try display.tool(["xdotool", "getwindowgeometry", window])
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Geometry:") }) else { return (0, 0) }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// Resizes the window to `width` x `height` pixels.
    func resize(width: Int, height: Int) throws {
        try display.tool(["xdotool", "windowsize", window, String(width), String(height)])
    }

    /// The window's top-left corner on the screen.
    func origin() throws -> (x: Int, y: Int) {
        let text = try display.tool(["xdotool", "getwindowgeometry", window])
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Position:") }) else { return (0, 0) }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// A file of this window's folder ("" when missing).
    func file(_ name: String) -> String { scratch.read(name) }

    /// orbit's exit status once the script has recorded it.
    var exitStatus: Int32? { Int32(file("exit").trimmingCharacters(in: .whitespacesAndNewlines)) }

    /// The bytes that reached the shell after orbit left.
    var strayBytes: [UInt8] { FileManager.default.contents(atPath: scratch.file("stray")).map { [UInt8]($0) } ?? [] }

    /// The kitty the `.kitty` windows run: `ORBIT_TEST_KITTY` when set (a kitty built
    /// elsewhere, to check what Debian's 0.26.5 cannot show, such as Unicode placeholders),
    /// else Debian's `kitty`.
    static var kittyBinary: String {
        let chosen = ProcessInfo.processInfo.environment["ORBIT_TEST_KITTY"] ?? ""
        return chosen.isEmpty ? "kitty" : chosen
    }

    /// Whether that kitty shows Unicode placeholders, by its `--version` ("kitty 0.31.0
    /// created by ...") read as the viewer reads an XTVERSION answer (`kitty(0.31.0)`).
    static func kittyHasPlaceholders(on display: VirtualDisplay) -> Bool {
        guard let version = try? display.tool([kittyBinary, "--version"], timeout: 60) else { return false }
        let words = version.split(separator: " ")
        guard words.count >= 2 else { return false }
        return KittyPlaceholders.drawn(byTerminalType: "kitty(\(words[1]))")
    }

    /// A figure from orbit's `ORBIT_STATS` lines, e.g. `cell` -> `8x19` (the last one).
    func stat(_ name: String) -> String? {
        let words = file("stats").split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard let i = words.lastIndex(of: name), i + 1 < words.count else { return nil }
        return words[i + 1]
    }

    /// Closes the terminal, and the shell and orbit in it (their process group): a hangup
    /// first, as a closed window sends, so orbit removes what it made (the folders of its
    /// kitty frame files); whatever still runs after 2 s is killed.
    func close() {
        if let shell = pid_t(file("shell").trimmingCharacters(in: .whitespacesAndNewlines)), kill(-shell, 0) == 0 {
            kill(-shell, SIGHUP)
            let deadline = Date().addingTimeInterval(2)
            while kill(-shell, 0) == 0, Date() < deadline { usleep(20_000) }
            kill(-shell, SIGKILL)
        }
        if let socket = tmuxSocket {
            // The tmux server is a daemon of its own: ended by its socket, orbit with it.
            _ = try? display.tool(["tmux", "-L", socket, "kill-server"], timeout: 30)
            tmuxSocket = nil
        }
        terminal.stop()
    }

    deinit { close() }
}
