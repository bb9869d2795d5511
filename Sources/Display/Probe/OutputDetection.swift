import Cells

/// Chooses the output, the cell size in pixels and the colour depth from the command line,
/// the environment, terminfo and the terminal's answers, each with the reason (pure, so
/// every combination is tested with scripted answers).
public enum OutputDetection {
    /// True inside tmux (`TMUX` is set): graphics need its passthrough.
    public static func inTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// What the environment alone says about graphics: the first environment clue of the
    /// output table (`OutputRow.evidence`) that `environment` shows, in table order (kitty
    /// for `TERM=xterm-kitty`, `KITTY_WINDOW_ID`, ...). Nil inside tmux (the variables there
    /// describe whatever started the tmux server) and when silent.
    public static func environmentHint(_ environment: [String: String]) -> Detected<OutputKind>? {
        if inTmux(environment) { return nil }
        for kind in OutputKind.allCases {
            for clue in kind.row.evidence where clue.isEnvironment {
                if let what = clue.shown(in: environment) { return Detected(kind, .environment(what)) }
            }
        }
        return nil
    }

    /// The first answer clue of the output table that `answers` show: a terminal that
    /// names itself (XTVERSION) first, then the other answers in table order (the kitty
    /// graphics query, DA1 4 for sixel, ...); nil when none.
    public static func answerHint(_ answers: TerminalCapabilities) -> Detected<OutputKind>? {
        for names in [true, false] {
            for kind in OutputKind.allCases {
                for clue in kind.row.evidence where !clue.isEnvironment && clue.isName == names {
                    if let what = clue.shown(in: answers) { return Detected(kind, .probe(what)) }
                }
            }
        }
        return nil
    }

    /// The outputs the `o` key cycles through: cells, the output chosen, and every other
    /// output whose answer clue the terminal showed, in table order.
    public static func outputs(chosen: OutputKind, answers: TerminalCapabilities) -> [OutputKind] {
        OutputKind.allCases.filter { kind in
            kind == .cells || kind == chosen
                || kind.row.evidence.contains { !$0.isEnvironment && $0.shown(in: answers) != nil }
        }
    }

    /// The questions worth asking: none for dumb terminals; no kitty questions on the Linux
    /// console (an APC would show as text); colour questions only when `--colors auto` and
    /// `COLORTERM` is silent; no sixel questions in kitty. Which of them may be sent, and
    /// how, is `route(_:answers:)`'s decision after the first round.
    public static func plan(_ environment: [String: String], colors: ColorChoice, kittyFile: String?) -> TerminalQueries
        .Plan?
    {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return nil }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        let askColors = colors == .auto && colorterm != "truecolor" && colorterm != "24bit"
        let kitty = term != "linux" && !inTmux(environment)
        let inKitty = term == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
        return TerminalQueries.Plan(
            kitty: kitty, kittyFile: kitty ? kittyFile : nil, truecolor: askColors, sixel: !inKitty)
    }

    /// `TERM` or `STY` names a multiplexer (tmux or GNU screen), which may be there without
    /// `TMUX`: over SSH from inside it, or with `TERM=screen` set by tmux itself.
    public static func namesMultiplexer(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("tmux") || term.hasPrefix("screen") || !(environment["STY"] ?? "").isEmpty
    }

    /// How the control-string questions (APC, DCS) may go out, from the first round's
    /// answers (`plainAnswers`): inside tmux's passthrough when tmux named itself (XTVERSION),
    /// even without `TMUX` (over SSH from a tmux pane); not at all when `TMUX` is set (tmux
    /// is asked directly), when `TERM` or `STY` names a multiplexer that did not say it is
    /// tmux (GNU screen prints a DCS and takes an APC as its status), when the terminal
    /// answered DA1 as tmux and screen do (`?1;2c`) without naming itself, or when it did
    /// not answer; directly otherwise.
    public static func route(_ environment: [String: String], plainAnswers: TerminalCapabilities)
        -> TerminalQueries.Route
    {
        if inTmux(environment) || !plainAnswers.answered { return .none }
        let version = plainAnswers.version ?? ""
        if version.hasPrefix("tmux ") { return .tmux }
        if namesMultiplexer(environment) { return .none }
        if version.isEmpty && plainAnswers.deviceAttributes == [1, 2] { return .none }
        return .direct
    }

    /// The output kind: the option when given; else, inside tmux, kitty through passthrough
    /// when the outer terminal is kitty and passthrough is allowed, sixel when tmux itself
    /// shows sixel; else the environment's hint, the answers' hint (both from the output
    /// table's evidence), and cells when nothing showed graphics.
    public static func output(
        _ choice: OutputChoice, environment: [String: String], answers: TerminalCapabilities,
        tmux: TmuxInfo?
    ) -> Detected<OutputKind> {
        if case .fixed(let kind) = choice { return Detected(kind, .option) }
        if inTmux(environment) {
            if let t = tmux, t.passthrough, t.clientIsKitty {
                return Detected(.kitty, .probe("tmux client \(t.clientTerm), allow-passthrough"))
            }
            if answers.sixel { return Detected(.sixel, .probe("DA1 4 from tmux")) }
            if let t = tmux, t.clientIsKitty { return Detected(.cells, withoutPassthrough) }
            return Detected(.cells, tmux == nil ? .fallback : .probe("tmux client \(tmux?.clientTerm ?? "")"))
        }
        if let hint = environmentHint(environment) { return hint }
        if answers.throughTmux {
            // Over SSH from a tmux pane: the outer terminal answered through passthrough.
            if answers.kitty { return Detected(.kitty, .probe("kitty graphics query through tmux passthrough")) }
            return Detected(.cells, .probe(answers.answered ? "tmux passthrough without kitty" : "tmux"))
        }
        if let hint = answerHint(answers) { return hint }
        return Detected(.cells, answers.answered ? .probe("DA1 without graphics") : .fallback)
    }

    /// Why cells were chosen inside tmux whose outer terminal is kitty: passthrough is off.
    public static let withoutPassthrough = Evidence.probe("tmux without allow-passthrough")

    /// What the status line says once at start-up about `output` and `colors`: how to turn
    /// tmux's passthrough on when only that stands between the picture and pixels; else,
    /// for cells whose colours stopped at 16 or 256 on `TERM` and terminfo alone (no
    /// `COLORTERM`, no answer showing direct colour, as over SSH, which does not forward
    /// `COLORTERM`), how to ask for true colour (`truecolorHint`, which reads `environment`
    /// for SSH); nil otherwise (also on
    /// the Linux console, which has no more than 16 colours).
    public static func startupHint(
        _ output: Detected<OutputKind>, colors: Detected<ColorDepth>? = nil, environment: [String: String] = [:]
    ) -> String? {
        if output.evidence == withoutPassthrough { return "for pixels: tmux set -g allow-passthrough on" }
        guard output.value == .cells, let colors, colors.value == .ansi256 || colors.value == .ansi16 else {
            return nil
        }
        guard environment["TERM"] != "linux" else { return nil }
        switch colors.evidence {
        case .terminfo: break
        case .environment(let what) where what.hasPrefix("TERM="): break
        default: return nil
        }
        return truecolorHint(environment)
    }

    /// How to get true colour where nothing showed it, short enough for an 80-column status
    /// line: over SSH (`SSH_CONNECTION` or `SSH_TTY` set) by sending `COLORTERM` along
    /// (`SendEnv COLORTERM` in ssh_config, `AcceptEnv COLORTERM` on the server), else the
    /// option.
    public static func truecolorHint(_ environment: [String: String]) -> String {
        let ssh = !(environment["SSH_CONNECTION"] ?? "").isEmpty || !(environment["SSH_TTY"] ?? "").isEmpty
        return ssh ? "true colour over ssh: SendEnv COLORTERM" : "for true colour: --colors truecolor"
    }

    /// Pixels per cell: `--cell-size`, else the kernel's window size in pixels
    /// (`TIOCGWINSZ` `ws_xpixel` / `ws_ypixel` over the cell counts), else `CSI 16 t`,
    /// else `CSI 14 t` over the cell counts, else 8x16.
    public static func cellSize(
        option: CellSize?, columns: Int, rows: Int, windowPixels: PixelSize?,
        answers: TerminalCapabilities
    ) -> Detected<CellSize> {
        if let option { return Detected(option, .option) }
        if let w = windowPixels, w.width >= columns, w.height >= rows, columns > 0, rows > 0 {
            return Detected(CellSize(width: w.width / columns, height: w.height / rows), .probe("TIOCGWINSZ"))
        }
        if let c = answers.cellPixels { return Detected(c, .probe("CSI 16 t")) }
        if let w = answers.windowPixels, w.width >= columns, w.height >= rows, columns > 0, rows > 0 {
            return Detected(CellSize(width: w.width / columns, height: w.height / rows), .probe("CSI 14 t"))
        }
        return Detected(.standard, .fallback)
    }

    /// The colour depth for `--colors`: the option; else `ColorSupport`'s answer from the
    /// environment and terminfo, raised to truecolor when the terminal showed direct
    /// colour in its answers (over SSH `COLORTERM` is usually not forwarded), or inside tmux
    /// when tmux draws RGB colours on the outer terminal (`tmux`, `TmuxInfo.clientRGB`:
    /// tmux does not answer the colour query itself, and its `TERM` says 256).
    public static func colors(
        _ choice: ColorChoice, environment: [String: String], terminfoColors: Int?,
        terminfoRGB: Bool, answers: TerminalCapabilities, tmux: TmuxInfo? = nil
    ) -> Detected<ColorDepth> {
        if case .fixed(let depth) = choice { return Detected(depth, .option) }
        let depth = ColorSupport.detect(
            environment: environment, terminfoColors: terminfoColors, terminfoHasRGB: terminfoRGB)
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return Detected(depth, .environment("NO_COLOR")) }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return Detected(depth, .environment("TERM=\(term)")) }
        let colorterm = environment["COLORTERM"] ?? ""
        if depth == .truecolor && ["truecolor", "24bit"].contains(colorterm.lowercased()) {
            return Detected(depth, .environment("COLORTERM=\(colorterm)"))
        }
        if depth != .truecolor, let how = answers.truecolor { return Detected(.truecolor, .probe(how)) }
        if depth != .truecolor, depth != .none, inTmux(environment), let t = tmux, t.clientRGB {
            return Detected(.truecolor, .probe("tmux client \(t.clientTerm) RGB"))
        }
        if terminfoRGB || terminfoColors != nil { return Detected(depth, .terminfo) }
        return Detected(depth, .environment("TERM=\(term)"))
    }
}
