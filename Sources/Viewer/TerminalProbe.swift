import CNcurses
import Display
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal the start-up questions (`TerminalQueries`), in two rounds (control
/// strings only where `OutputDetection.route` finds them safe), and reads the answers
/// straight from standard input with the viewer's `InputDecoder` until each round's DA1
/// sentinel or the deadline. Runs after ncurses has put the terminal in cbreak/noecho mode
/// and before anything is drawn; keys typed meanwhile (any number of them) and the decoder,
/// which may be inside a sequence, are handed to `Terminal.adopt`. Answers that come after
/// the deadline are recognised and dropped by `Terminal.read`, and waited for on exit
/// (`Terminal.probePending`).
enum TerminalProbe {
    /// What the probe found.
    struct Outcome {
        /// The answers.
        var answers = TerminalCapabilities()
        /// Input read during the probe that was not an answer, in order.
        var typed: [InputDecoder.Event] = []
        /// The decoder that read it, where it stopped (inside a sequence, maybe).
        var decoder = InputDecoder()
        /// The window in pixels from the kernel (`TIOCGWINSZ`), when it says.
        var windowPixels: PixelSize?
        /// tmux's answer about the outer terminal, inside tmux.
        var tmux: TmuxInfo?
    }

    /// Longest wait for the answers, in seconds (`Deadline.probe`).
    static let deadline = Deadline.probe

    /// Sends the questions of `plan` through `output` and collects the answers from `fd`;
    /// `tmux` is tmux's answer, asked before the terminal was taken over (`askTmux`).
    static func run(
        _ plan: TerminalQueries.Plan?, output: TerminalOutput, fd: Int32 = 0, tmux: TmuxInfo?,
        environment: [String: String]
    ) -> Outcome {
        var outcome = Outcome()
        outcome.windowPixels = windowPixels(fd: output.fd)
        outcome.tmux = tmux
        guard let plan else { return outcome }
        let file = plan.kittyFile
        defer { if let file { unlink(file) } }
        // Round one: control sequences only, which nothing shows; their answers say
        // whether (and how) the control strings of round two may go out.
        guard output.write(TerminalQueries.plainBytes(plan)) else { return outcome }
        collect(&outcome, fd: fd)
        let route = OutputDetection.route(environment, plainAnswers: outcome.answers)
        let strings = TerminalQueries.stringBytes(plan, route: route)
        guard !strings.isEmpty, output.write(strings) else { return outcome }
        outcome.answers.answered = false
        outcome.answers.throughTmux = route == .tmux
        collect(&outcome, fd: fd)
        // Through tmux with `allow-passthrough` off nothing comes back, and nothing will.
        if route == .tmux { outcome.answers.answered = true }
        return outcome
    }

    /// Reads answers from `fd` into `outcome` until the DA1 sentinel, `deadline` seconds or
    /// a signal.
    static func collect(_ outcome: inout Outcome, fd: Int32) {
        let end = cn_monotonic_seconds() + deadline
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !outcome.answers.answered {
            let left = end - cn_monotonic_seconds()
            if left <= 0 || Signals.hasPending { break }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: Signals.wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            let r = poll(&fds, 2, Int32((left * 1000).rounded(.up)))
            if r < 0 && errno == EINTR { continue }
            if r <= 0 { break }
            if fds[1].revents != 0 { Signals.drainWake() }
            if fds[0].revents == 0 { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { break }
            for event in outcome.decoder.feed(Array(buffer[0..<n]), at: cn_monotonic_seconds()) {
                if case .reply(let reply) = event {
                    outcome.answers.absorb(reply)
                } else {
                    outcome.typed.append(event)
                }
            }
        }
    }

    /// A one-pixel RGB file for the kitty temporary-file test (kitty deletes it after
    /// reading); nil when it cannot be written.
    static func kittyTestFile() -> String? {
        GraphicsTemporaryFiles.write([0, 0, 0])
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

    /// Asks tmux about the outer terminal and the pane (`TmuxInfo.format`), the outer
    /// terminal's type (`TmuxInfo.clientTypeFormat`) and its clients' terminals
    /// (`TmuxInfo.terminalsCommand`), in one run of `tmux`, waiting at most
    /// `Deadline.externalCommand` seconds (a server that never answers gives nil).
    static func askTmux(_ environment: [String: String]) -> TmuxInfo? {
        var display = ["display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { display += ["-t", pane] }
        let result = ExternalCommand.run(
            ["tmux"] + display + [TmuxInfo.format, ";"] + display + [TmuxInfo.clientTypeFormat, ";"]
                + TmuxInfo.terminalsCommand)
        // Not gated on the exit status: `show-messages -T` fails where tmux finds no current
        // client, and what `display-message` printed first is still the answer.
        return TmuxInfo(displayOutput: String(decoding: result.output, as: UTF8.self))
    }
}
