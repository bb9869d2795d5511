import Cells
import Display
import Testing

/// The output table (`OutputKind`, `OutputRow`) as a contract: every graphics row has
/// evidence `--format auto` acts on, each piece of it alone picks that row, and the
/// factory makes an output of the row's kind. A row added without detection fails here.
@Suite struct OutputTable {
    /// An environment (outside tmux) showing `clue` and nothing else.
    static func environment(showing clue: OutputClue) -> [String: String]? {
        var env = ["TERM": "xterm-256color"]
        switch clue {
        case .variable(let name, let values): env[name] = values.last
        case .variablePrefix(let name, let prefixes): env[name] = (prefixes.last ?? "") + "x"
        case .variableSet(let name): env[name] = "1"
        case .kittyQuery, .deviceAttribute, .version: return nil
        }
        return env
    }

    /// Answers showing `clue` and nothing else (DA1 came back, without other parameters).
    static func answers(showing clue: OutputClue) -> TerminalCapabilities? {
        var caps = TerminalCapabilities()
        caps.answered = true
        caps.deviceAttributes = [62]
        switch clue {
        case .kittyQuery: caps.kitty = true
        case .deviceAttribute(let n): caps.deviceAttributes = [62, n]
        case .version(let prefix): caps.version = prefix + " 1.0"
        case .variable, .variablePrefix, .variableSet: return nil
        }
        return caps
    }

    @Test(arguments: OutputKind.graphics)
    func everyGraphicsRowHasEvidenceAndEachPiecePicksIt(kind: OutputKind) {
        let row = kind.row
        #expect(!row.evidence.isEmpty, "\(kind) has no detection evidence")
        #expect(row.ditherIgnored != nil && row.colours != nil)
        for clue in row.evidence {
            if let env = Self.environment(showing: clue) {
                let got = OutputDetection.output(.auto, environment: env, answers: TerminalCapabilities(), tmux: nil)
                #expect(got.value == kind, "\(clue) picked \(got)")
                #expect(got.evidence.word == "env")
                // Inside tmux the variables describe whatever started the server.
                var inTmux = env
                inTmux["TMUX"] = "/tmp/tmux-0/default,1,0"
                #expect(OutputDetection.environmentHint(inTmux) == nil)
            }
            if let caps = Self.answers(showing: clue) {
                let got = OutputDetection.output(.auto, environment: ["TERM": "xterm"], answers: caps, tmux: nil)
                #expect(got.value == kind, "\(clue) picked \(got)")
                #expect(got.evidence.word == "probe")
                #expect(OutputDetection.outputs(chosen: .cells, answers: caps) == [.cells, kind])
            }
        }
    }

    @Test(arguments: OutputKind.allCases)
    func theOptionAlwaysWinsAndTheFactoryMakesTheKind(kind: OutputKind) {
        let env = ["TERM": "xterm-kitty", "TERM_PROGRAM": "WezTerm"]
        let got = OutputDetection.output(.fixed(kind), environment: env, answers: TerminalCapabilities(), tmux: nil)
        #expect(got == Detected(kind, .option))
        #expect(OutputChoice(kind.rawValue) == .fixed(kind))
        let mode = OutputMode(kind, glyphs: .ascii, colors: .ansi256)
        let output = OutputSettings().makeOutput(mode, columns: 10, rows: 4)
        #expect(output.mode == mode && output.mode.kind == kind)
        #expect(output.columns == 10 && output.rows == 4)
        #expect(mode.isGraphics == (kind != .cells))
    }

    @Test func silentTerminalsGetCells() {
        let got = OutputDetection.output(
            .auto, environment: ["TERM": "xterm"], answers: TerminalCapabilities(), tmux: nil)
        #expect(got == Detected(.cells, .fallback))
        #expect(OutputChoice.names == ["auto"] + OutputKind.allCases.map(\.rawValue))
    }
}
