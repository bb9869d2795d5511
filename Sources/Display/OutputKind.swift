import Cells

/// The kinds of output `--format` names, each one row of `OutputRow` (`row`): its name is
/// the raw value, and the order here is the order of `orbit --list outputs`, of the help
/// and of detection (the first row whose evidence the terminal shows wins). `auto` is
/// resolved before an `OutputMode` is made.
public enum OutputKind: String, CaseIterable, Sendable {
    /// Character cells (every terminal).
    case cells
    /// The kitty graphics protocol.
    case kitty
    /// Sixel graphics.
    case sixel
    /// iTerm2's inline images (OSC 1337 `File=`).
    case iterm

    /// This kind's row of the output table.
    public var row: OutputRow {
        switch self {
        case .cells: .cells
        case .kitty: .kitty
        case .sixel: .sixel
        case .iterm: .iterm
        }
    }

    /// The pixel outputs, in table order.
    public static var graphics: [OutputKind] { allCases.filter { $0 != .cells } }
}

/// One output kind: everything the program says or does about it apart from its encoder's
/// own file. Help, `orbit --list outputs [--markdown]`, docs/CLI.md's table of outputs,
/// detection, the status line, `--dither`'s note and the factory all read these rows.
public struct OutputRow: Sendable {
    /// What the terminal gets, one line for help and docs (Markdown allowed).
    public let draws: String
    /// The colours it shows, for docs/CLI.md.
    public let colourDoc: String
    /// The status line's colour part for this output (cells describe their own depth).
    public let colours: (@Sendable (_ output: (any FrameOutput)?, _ settings: OutputSettings) -> String)?
    /// Why `--dither` changes nothing here, as the end of "has no effect with ..."; nil
    /// for cells, where it depends on the glyph set and depth (`OutputMode.ditherIgnored`).
    public let ditherIgnored: String?
    /// What makes `--format auto` choose it, in order; empty for cells (the fallback).
    public let evidence: [OutputClue]
    /// Inside tmux its bytes go through tmux's passthrough to the outer terminal and the
    /// picture is placed at the pane's offset (tmux draws sixel itself).
    public let throughTmux: Bool
    /// The output for a cell area: `mode` (the glyph set and depth of cells), where and how
    /// large (`placement`), the settings and the encoding threads.
    public let make:
        @Sendable (_ mode: OutputMode, _ placement: GraphicsPlacement, _ settings: OutputSettings, _ threads: Int)
            -> any FrameOutput
}

extension OutputRow {
    static let cells = OutputRow(
        draws: "character cells of `--glyphs` (every terminal)",
        colourDoc: "`--colors`: truecolor, 256, 16 or none",
        colours: nil, ditherIgnored: nil, evidence: [], throughTmux: false,
        make: { mode, placement, settings, threads in
            let (glyphs, colors): (GlyphSet, ColorDepth) =
                if case .cells(let g, let c) = mode { (g, c) } else { (.blocks, .truecolor) }
            return CellOutput(
                columns: placement.columns, rows: placement.rows, glyphs: glyphs, colors: colors,
                settings: settings, threads: threads)
        })

    static let kitty = OutputRow(
        draws: "the kitty graphics protocol: a new PNG image every frame (two ids in turn), under the text",
        colourDoc: "every colour, within one sRGB level",
        colours: { _, _ in "truecolor" },
        ditherIgnored: "kitty graphics (every colour is sent)",
        evidence: [
            .variable("TERM", ["xterm-kitty"]), .variableSet("KITTY_WINDOW_ID"),
            .variable("TERM_PROGRAM", ["WezTerm", "ghostty"]), .kittyQuery,
        ],
        throughTmux: true,
        make: { _, placement, settings, _ in
            KittyOutput(
                placement: placement, transparent: settings.transparent,
                transmission: settings.kittyFiles ? .temporaryFile : .direct, firstID: settings.kittyImageID)
        })

    static let sixel = OutputRow(
        draws: "DEC sixel graphics: the whole image every frame, in the cells",
        colourDoc: "a palette of its own each frame, 96 colours (fewer with fewer registers)",
        colours: { output, settings in
            let n =
                (output as? SixelOutput)?.colors ?? min(SixelOutput.defaultColors, settings.sixelRegisters)
            return "\(n) colours"
        },
        ditherIgnored: "sixel graphics (each frame has a palette of its own)",
        evidence: [.variable("TERM", ["foot"]), .variablePrefix("TERM", ["foot-", "mlterm"]), .deviceAttribute(4)],
        throughTmux: false,
        make: { _, placement, settings, _ in
            SixelOutput(placement: placement, registers: settings.sixelRegisters, transparent: settings.transparent)
        })

    static let iterm = OutputRow(
        draws: "iTerm2's inline images (OSC 1337 `File=`): a PNG stretched over the view every frame "
            + "(iTerm2, WezTerm, mintty, VS Code with `terminal.integrated.enableImages`, Konsole)",
        colourDoc: "every colour, within one sRGB level",
        colours: { _, _ in "truecolor" },
        ditherIgnored: "iTerm2 images (every colour is sent)",
        evidence: [
            .variable("TERM_PROGRAM", ["iTerm.app", "vscode", "mintty"]), .variable("LC_TERMINAL", ["iTerm2"]),
            .version(prefix: "iTerm2"),
        ],
        throughTmux: true,
        make: { _, placement, settings, _ in
            ITermOutput(placement: placement, transparent: settings.transparent)
        })
}

/// One piece of evidence for an output: an environment variable, or an answer to the
/// start-up probe (docs/CLI.md, "Graphics output").
public enum OutputClue: Equatable, Sendable {
    /// The variable holds one of these values exactly.
    case variable(String, [String])
    /// The variable starts with one of these.
    case variablePrefix(String, [String])
    /// The variable is set and not empty.
    case variableSet(String)
    /// The kitty graphics query (`a=q`) was answered OK.
    case kittyQuery
    /// DA1 listed this parameter (4: sixel).
    case deviceAttribute(Int)
    /// XTVERSION's answer starts with this name.
    case version(prefix: String)

    /// True for evidence read from the environment (checked before any answer).
    public var isEnvironment: Bool {
        switch self {
        case .variable, .variablePrefix, .variableSet: true
        case .kittyQuery, .deviceAttribute, .version: false
        }
    }

    /// True for the terminal's own name (XTVERSION), believed before generic answers.
    public var isName: Bool {
        if case .version = self { return true }
        return false
    }

    /// What `environment` shows of this clue, e.g. `TERM=xterm-kitty`; nil when nothing.
    public func shown(in environment: [String: String]) -> String? {
        switch self {
        case .variable(let name, let values):
            guard let v = environment[name], values.contains(v) else { return nil }
            return "\(name)=\(v)"
        case .variablePrefix(let name, let prefixes):
            guard let v = environment[name], prefixes.contains(where: { v.hasPrefix($0) }) else { return nil }
            return "\(name)=\(v)"
        case .variableSet(let name):
            guard let v = environment[name], !v.isEmpty else { return nil }
            return name
        case .kittyQuery, .deviceAttribute, .version: return nil
        }
    }

    /// What `answers` show of this clue, e.g. `kitty graphics query`; nil when nothing.
    public func shown(in answers: TerminalCapabilities) -> String? {
        switch self {
        case .kittyQuery: return answers.kitty ? "kitty graphics query" : nil
        case .deviceAttribute(let n): return answers.deviceAttributes.dropFirst().contains(n) ? "DA1 \(n)" : nil
        case .version(let prefix):
            guard let v = answers.version, v.hasPrefix(prefix) else { return nil }
            return "XTVERSION \(prefix)"
        case .variable, .variablePrefix, .variableSet: return nil
        }
    }

    /// The clue for docs/CLI.md, e.g. `` `TERM_PROGRAM` `WezTerm` / `ghostty` ``.
    public var markdown: String {
        switch self {
        case .variable(let name, let values):
            return values.count == 1
                ? "`\(name)=\(values[0])`" : "`\(name)` " + values.map { "`\($0)`" }.joined(separator: " / ")
        case .variablePrefix(let name, let prefixes):
            return "`\(name)` " + prefixes.map { "`\($0)*`" }.joined(separator: " / ")
        case .variableSet(let name): return "`\(name)`"
        case .kittyQuery: return "answers the kitty graphics query"
        case .deviceAttribute(let n): return "DA1 parameter \(n)"
        case .version(let prefix): return "XTVERSION `\(prefix)`"
        }
    }
}

extension OutputKind {
    /// The table of outputs as Markdown, for docs/CLI.md (`orbit --list outputs --markdown`).
    public static var markdown: [String] {
        ["| output | draws | colours | `auto` picks it on |", "|---|---|---|---|"]
            + allCases.map { kind in
                let row = kind.row
                let auto =
                    row.evidence.isEmpty ? "nothing else shown" : row.evidence.map(\.markdown).joined(separator: "; ")
                return "| `\(kind.rawValue)` | \(row.draws) | \(row.colourDoc) | \(auto) |"
            }
    }

    /// The graphics names in prose, e.g. `kitty, sixel and iterm`.
    public static var graphicsProse: String {
        let names = graphics.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}
