import CNcurses
import Display
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal the start-up questions (`TerminalQueries`), in two rounds (control
/// strings only where `OutputDetection.route` finds them safe), and reads the answers
/// straight from standard input until each round's DA1 sentinel or the deadline. Runs after
/// ncurses has put the terminal in cbreak/noecho mode and before anything is drawn; keys
/// typed meanwhile are handed back (`Outcome.typed`) for ncurses to read. Answers that
/// come after the deadline are recognised and dropped by `Terminal.read`, and waited for
/// on exit (`Terminal.probePending`).
enum TerminalProbe {
    /// What the probe found.
    struct Outcome {
        /// The answers.
        var answers = TerminalCapabilities()
        /// Keys read during the probe that were not answers, in order.
        var typed: [UInt8] = []
        /// The window in pixels from the kernel (`TIOCGWINSZ`), when it says.
        var windowPixels: PixelSize?
        /// tmux's answer about the outer terminal, inside tmux.
        var tmux: TmuxInfo?
    }

    /// Longest wait for the answers, in seconds. A terminal that answers at all answers
    /// DA1 within a round trip; one that never answers costs this much start-up time.
    static let deadline = 0.5

    /// Sends the questions of `plan` through `output` and collects the answers from `fd`.
    static func run(
        _ plan: TerminalQueries.Plan?, output: TerminalOutput, fd: Int32 = 0,
        environment: [String: String]
    ) -> Outcome {
        var outcome = Outcome()
        outcome.windowPixels = windowPixels(fd: output.fd)
        if OutputDetection.inTmux(environment) { outcome.tmux = askTmux(environment) }
        guard let plan else { return outcome }
        let file = plan.kittyFile
        defer { if let file { unlink(file) } }
        // Round one: control sequences only, which nothing shows; their answers say
        // whether (and how) the control strings of round two may go out.
        guard output.write(TerminalQueries.plainBytes(plan)) else { return outcome }
        var parser = ReplyParser()
        collect(&outcome, parser: &parser, fd: fd)
        let route = OutputDetection.route(environment, plainAnswers: outcome.answers)
        let strings = TerminalQueries.stringBytes(plan, route: route)
        guard !strings.isEmpty, output.write(strings) else { return outcome }
        outcome.answers.answered = false
        outcome.answers.throughTmux = route == .tmux
        collect(&outcome, parser: &parser, fd: fd)
        // Through tmux with `allow-passthrough` off nothing comes back, and nothing will.
        if route == .tmux { outcome.answers.answered = true }
        for case .input(let bytes) in parser.finish() { outcome.typed += bytes }
        return outcome
    }

    /// Reads answers from `fd` into `outcome` until the DA1 sentinel or `deadline` seconds.
    static func collect(_ outcome: inout Outcome, parser: inout ReplyParser, fd: Int32) {
        let end = cn_monotonic_seconds() + deadline
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !outcome.answers.answered {
            let left = end - cn_monotonic_seconds()
            if left <= 0 { break }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, Int32((left * 1000).rounded(.up)))
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { break }
            for event in parser.feed(Array(buffer[0..<n])) {
                switch event {
                case .reply(let reply): outcome.answers.absorb(reply)
                case .input(let bytes): outcome.typed += bytes
                }
            }
        }
    }

    /// A one-pixel RGB file for the kitty temporary-file test (kitty deletes it after
    /// reading); nil when it cannot be written.
    static func kittyTestFile() -> String? {
        let path = NSTemporaryDirectory() + "orbit-tty-graphics-protocol-\(getpid())-probe.rgb"
        return FileManager.default.createFile(atPath: path, contents: Data([0, 0, 0])) ? path : nil
    }

    /// The kernel's window size in pixels, or nil when the terminal does not set it.
    static func windowPixels(fd: Int32) -> PixelSize? {
        var rows: Int32 = 0
        var cols: Int32 = 0
        var xpixel: Int32 = 0
        var ypixel: Int32 = 0
        guard cn_winsize(fd, &rows, &cols, &xpixel, &ypixel) != 0, xpixel > 0, ypixel > 0 else { return nil }
        return PixelSize(width: Int(xpixel), height: Int(ypixel))
    }

    /// Asks tmux about the outer terminal and the pane (`TmuxInfo.format`), and for its
    /// clients' terminals (`TmuxInfo.terminalsCommand`), in one run of `tmux`.
    static func askTmux(_ environment: [String: String]) -> TmuxInfo? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        process.arguments = arguments + [TmuxInfo.format, ";"] + TmuxInfo.terminalsCommand
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Not gated on the exit status: `show-messages -T` fails where tmux finds no current
        // client, and what `display-message` printed first is still the answer.
        return TmuxInfo(displayOutput: String(decoding: data, as: UTF8.self))
    }
}
