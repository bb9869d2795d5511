import Foundation

/// A real terminal (kitty, or xterm emulating a VT340 with sixel) on a `VirtualDisplay`,
/// running `orbit` in a bash script that records the terminal size, orbit's figures
/// (`ORBIT_STATS`, standard error), its exit status, and any bytes that reach the shell
/// within 2 s of orbit's exit. Keys and resizes go through xdotool; pictures come from
/// ImageMagick's `import`.
final class TerminalWindow {
    enum Kind { case kitty, xterm }

    let kind: Kind
    let display: VirtualDisplay
    /// Scratch folder for this window's files.
    let folder: String
    private let process: Process
    private(set) var window = ""

    /// Opens the terminal running `orbit arguments`; waits (at most `timeout` s) until
    /// its window exists.
    init(_ kind: Kind, on display: VirtualDisplay, orbit arguments: [String], environment extra: [String: String] = [:],
         timeout: Double = 90) throws {
        guard let binary = ProcessInfo.processInfo.environment["ORBIT_BIN"] else {
            throw GraphicsHarnessError("set ORBIT_BIN to the orbit binary (make test does)")
        }
        self.kind = kind
        self.display = display
        folder = NSTemporaryDirectory() + "orbit-pixels-\(kind)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
        stty size > '\(folder)/size'
        ORBIT_STATS=1 \(quoted) 2> '\(folder)/stats'
        s=$?
        echo "EXIT=$s"
        stty -icanon -echo min 0 time 20
        dd bs=65536 count=1 of='\(folder)/stray' 2>/dev/null
        stty sane
        echo $s > '\(folder)/exit'
        sleep 600
        """
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("KITTY") && $0.key != "TMUX" && $0.key != "TERM_PROGRAM" && $0.key != "COLORTERM" }
        env["DISPLAY"] = display.name
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        env.merge(extra) { _, new in new }
        let p = Process()
        p.environment = env
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        switch kind {
        case .kitty:
            p.executableURL = URL(fileURLWithPath: "/usr/bin/kitty")
            p.arguments = ["--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no",
                           "-o", "initial_window_width=808", "-o", "initial_window_height=530",
                           "-o", "window_padding_width=0", "-o", "cursor_blink_interval=0",
                           "-o", "enable_audio_bell=no", "-o", "update_check_interval=0",
                           "-o", "background=#000000", "-o", "foreground=#e0e0e0",
                           "/bin/bash", "-c", script]
        case .xterm:
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
            p.arguments = ["-ti", "vt340", "-geometry", "100x32+0+0", "-bg", "black", "-fg", "white",
                           "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*cursorBlink: false",
                           "-e", "/bin/bash", "-c", script]
        }
        try p.run()
        process = p
        let deadline = Date().addingTimeInterval(timeout)
        while window.isEmpty {
            if Date() > deadline { throw GraphicsHarnessError("\(kind) window did not appear within \(Int(timeout)) s") }
            window = (try? tool(["xdotool", "search", "--onlyvisible", "--class", kind == .kitty ? "kitty" : "xterm"]))?
                .split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { usleep(300_000) }
        }
    }

    /// Runs a tool with this display; returns its standard output.
    @discardableResult
    func tool(_ argv: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display.name
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw GraphicsHarnessError("\(argv.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The whole screen now.
    func screenshot() throws -> Screenshot {
        let path = folder + "/screen.ppm"
        try tool(["import", "-display", display.name, "-window", "root", "ppm:" + path])
        return try Screenshot(ppm: path)
    }

    /// Types `key` (an xdotool key name such as `q` or `o`) into the window.
    func key(_ key: String) throws {
        try tool(["xdotool", "key", "--window", window, key])
    }

    /// Resizes the window to `width` x `height` pixels.
    func resize(width: Int, height: Int) throws {
        try tool(["xdotool", "windowsize", window, String(width), String(height)])
    }

    /// The window's top-left corner on the screen.
    func origin() throws -> (x: Int, y: Int) {
        let text = try tool(["xdotool", "getwindowgeometry", window])
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Position:") }) else { return (0, 0) }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// Reads a file of this window's folder ("" when missing).
    func file(_ name: String) -> String {
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
    }

    /// orbit's exit status once the script has recorded it.
    var exitStatus: Int32? { Int32(file("exit").trimmingCharacters(in: .whitespacesAndNewlines)) }

    /// The bytes that reached the shell after orbit left.
    var strayBytes: [UInt8] { FileManager.default.contents(atPath: folder + "/stray").map { [UInt8]($0) } ?? [] }

    /// A figure from orbit's `ORBIT_STATS` lines, e.g. `cell` -> `8x19`.
    func stat(_ name: String) -> String? {
        let words = file("stats").split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard let i = words.lastIndex(of: name), i + 1 < words.count else { return nil }
        return words[i + 1]
    }

    /// Polls `condition` every 0.3 s until it holds or `timeout` seconds pass.
    func waitFor(_ what: String, timeout: Double = 90, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return }
            if Date() > deadline { throw GraphicsHarnessError("\(kind): \(what) did not happen within \(Int(timeout)) s") }
            usleep(300_000)
        }
    }

    func close() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { close() }
}
