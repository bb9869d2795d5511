import Cells
import Display
import Foundation
import Testing

/// Which control-string questions go out where: never raw to a multiplexer that would show
/// them, wrapped for tmux when tmux names itself.
@Suite struct ProbeRoute {
    static let esc = "\u{1B}"

    static func answers(_ text: String) -> TerminalCapabilities { ScriptedTerminals.absorb(text).0 }

    /// tmux 3.3a's answers to the first round: XTVERSION, then DA1.
    static let tmux = answers(esc + "P>|tmux 3.3a" + esc + "\\" + esc + "[?1;2c")
    /// GNU screen: DA1 only.
    static let screen = answers(esc + "[?1;2c")
    /// xterm: XTVERSION and its own DA1.
    static let xterm = answers(esc + "P>|XTerm(379)" + esc + "\\" + esc + "[?64;1;2;6;9;15;16;17;18;21;22;28c")

    @Test func theFirstRoundHasNoControlStrings() {
        let text = String(decoding: TerminalQueries.plainBytes(TerminalQueries.Plan()), as: UTF8.self)
        #expect(!text.contains(Self.esc + "_") && !text.contains(Self.esc + "P"))
        #expect(text.hasPrefix(Self.esc + "[>q") && text.hasSuffix(Self.esc + "[c"))
    }

    @Test func xtversionNamesTheTerminal() {
        #expect(Self.tmux.version == "tmux 3.3a" && Self.tmux.answered)
        #expect(Self.xterm.version == "XTerm(379)")
    }

    @Test func tmuxWithoutTmuxVariableGetsWrappedQueriesWhateverTermSays() {
        for term in ["tmux-256color", "screen-256color", "xterm-256color"] {
            #expect(OutputDetection.route(["TERM": term], plainAnswers: Self.tmux) == .tmux)
        }
        let wrapped = String(
            decoding: TerminalQueries.stringBytes(TerminalQueries.Plan(kittyFile: "/tmp/x"), route: .tmux),
            as: UTF8.self)
        #expect(
            wrapped.hasPrefix(Self.esc + "Ptmux;") && wrapped.hasSuffix(Self.esc + Self.esc + "[c" + Self.esc + "\\"))
        // One passthrough frame, every ESC inside doubled; no temporary-file test through tmux.
        let inside = wrapped.dropFirst(7).dropLast(2).replacingOccurrences(of: Self.esc + Self.esc, with: "")
        #expect(!inside.contains(Self.esc) && !wrapped.contains("t=t"))
        // The outer terminal is asked its name first (XTVERSION); a terminal reached directly
        // named itself in round one.
        #expect(wrapped.hasPrefix(Self.esc + "Ptmux;" + Self.esc + Self.esc + "[>q"))
        let direct = String(
            decoding: TerminalQueries.stringBytes(TerminalQueries.Plan(), route: .direct), as: UTF8.self)
        #expect(!direct.contains("[>q"))
    }

    /// Round two through tmux: kitty names itself inside the passthrough; tmux's name from
    /// round one stays the version the route was chosen by.
    @Test func theOuterTerminalNamesItselfThroughThePassthrough() {
        var caps = Self.tmux
        caps.answered = false
        caps.throughTmux = true
        let reply =
            Self.esc + "P>|kitty(0.31.0)" + Self.esc + "\\" + Self.esc + "_Gi=31;OK" + Self.esc + "\\"
            + Self.esc + "[?62;c"
        var parser = ReplyParser()
        for case .reply(let answer) in parser.feed(Array(reply.utf8)) { caps.absorb(answer) }
        #expect(caps.version == "tmux 3.3a" && caps.outerVersion == "kitty(0.31.0)" && caps.kitty && caps.answered)
        // Outside the passthrough round a name is the terminal's own.
        #expect(Self.xterm.outerVersion == nil)
    }

    @Test func screenAndUnnamedMultiplexersGetNoControlStrings() {
        #expect(OutputDetection.route(["TERM": "screen-256color"], plainAnswers: Self.screen) == .none)
        #expect(OutputDetection.route(["TERM": "xterm-256color"], plainAnswers: Self.screen) == .none)
        #expect(OutputDetection.route(["TERM": "tmux-256color"], plainAnswers: Self.xterm) == .none)
        #expect(OutputDetection.route(["TERM": "xterm-256color", "STY": "1.pts"], plainAnswers: Self.xterm) == .none)
        #expect(
            OutputDetection.route(["TERM": "xterm-256color", "TMUX": "/tmp/t,1,0"], plainAnswers: Self.tmux) == .none)
        #expect(OutputDetection.route(["TERM": "xterm-256color"], plainAnswers: TerminalCapabilities()) == .none)
        #expect(TerminalQueries.stringBytes(TerminalQueries.Plan(), route: .none).isEmpty)
    }

    @Test func plainTerminalsGetTheQueriesDirectly() {
        #expect(OutputDetection.route(["TERM": "xterm-256color"], plainAnswers: Self.xterm) == .direct)
        let kitty = Self.answers(Self.esc + "P>|kitty(0.26.5)" + Self.esc + "\\" + Self.esc + "[?62;c")
        #expect(OutputDetection.route(["TERM": "xterm-kitty"], plainAnswers: kitty) == .direct)
    }

    @Test func kittyAnswersThroughTmuxAreMarkedForWrappedFrames() {
        var caps = Self.answers(Self.esc + "_Gi=31;OK" + Self.esc + "\\" + Self.esc + "[?62;c")
        caps.throughTmux = true
        let out = OutputDetection.output(.auto, environment: ["TERM": "tmux-256color"], answers: caps, tmux: nil)
        #expect(out.value == .kitty)
    }

    @Test func allowPassthroughAsTmux33PrintsIt() {
        for word in ["on", "all", "1"] {
            #expect(TmuxInfo(displayOutput: "xterm-kitty \(word) 0 0")?.passthrough == true)
        }
        #expect(TmuxInfo(displayOutput: "xterm-kitty off 0 0")?.passthrough == false)
        #expect(TmuxInfo(displayOutput: "xterm-kitty 0 0 0")?.passthrough == false)
    }
}

extension ProbeRoute {
    @Test func withoutPassthroughTheStatusLineSaysHowToTurnItOn() {
        let off = TmuxInfo(clientTerm: "xterm-kitty", passthrough: false)
        let env = ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"]
        let out = OutputDetection.output(.auto, environment: env, answers: Self.tmux, tmux: off)
        #expect(out.value == .cells)
        #expect(OutputDetection.startupHint(out) == "for pixels: tmux set -g allow-passthrough on")
        let on = OutputDetection.output(
            .auto, environment: env, answers: Self.tmux, tmux: TmuxInfo(clientTerm: "xterm-kitty", passthrough: true))
        #expect(on.value == .kitty && OutputDetection.startupHint(on) == nil)
        let xterm = OutputDetection.output(
            .auto, environment: env, answers: Self.tmux,
            tmux: TmuxInfo(clientTerm: "xterm-256color", passthrough: false))
        #expect(OutputDetection.startupHint(xterm) == nil)
    }
}

extension ProbeRoute {
    /// The colour depth `OutputDetection.colors` picks for `--colors auto`, then the
    /// start-up hint for cells.
    static func colorHint(
        _ environment: [String: String], terminfoColors: Int?, answers: TerminalCapabilities,
        choice: ColorChoice = .auto
    ) -> String? {
        let colors = OutputDetection.colors(
            choice, environment: environment, terminfoColors: terminfoColors, terminfoRGB: false, answers: answers)
        return OutputDetection.startupHint(
            Detected(.cells, .probe("DA1 without graphics")), colors: colors, environment: environment)
    }

    @Test func coloursStoppedAt256WithoutEvidenceSayOnceHowToGetTrueColour() {
        let local = ["TERM": "xterm-256color"]
        #expect(Self.colorHint(local, terminfoColors: 256, answers: Self.tmux) == "for true colour: --colors truecolor")
        let ssh = ["TERM": "tmux-256color", "SSH_CONNECTION": "10.0.0.1 50000 10.0.0.2 22"]
        #expect(
            Self.colorHint(ssh, terminfoColors: 256, answers: Self.tmux) == "true colour over ssh: SendEnv COLORTERM")
        // 16 colours from TERM alone too.
        #expect(Self.colorHint(["TERM": "xterm"], terminfoColors: 8, answers: Self.screen) != nil)
    }

    @Test func noColourHintWhereTheDepthWasChosenOrShown() {
        let env = ["TERM": "xterm-256color"]
        // The option, NO_COLOR, COLORTERM, a terminal answering with direct colour, the
        // Linux console.
        #expect(Self.colorHint(env, terminfoColors: 256, answers: Self.tmux, choice: .fixed(.ansi256)) == nil)
        #expect(Self.colorHint(env.merging(["NO_COLOR": "1"]) { $1 }, terminfoColors: 256, answers: Self.tmux) == nil)
        #expect(
            Self.colorHint(env.merging(["COLORTERM": "truecolor"]) { $1 }, terminfoColors: 256, answers: Self.tmux)
                == nil)
        #expect(
            Self.colorHint(env, terminfoColors: 256, answers: ScriptedTerminals.absorb(ScriptedTerminals.xterm).0)
                == nil)
        #expect(Self.colorHint(["TERM": "linux"], terminfoColors: 8, answers: Self.screen) == nil)
        // Pixels carry their own colours; the passthrough hint comes first.
        let colors = Detected(ColorDepth.ansi256, .terminfo)
        #expect(OutputDetection.startupHint(Detected(.kitty, .probe("kitty graphics query")), colors: colors) == nil)
        #expect(
            OutputDetection.startupHint(Detected(.cells, OutputDetection.withoutPassthrough), colors: colors)
                == "for pixels: tmux set -g allow-passthrough on")
    }
}
