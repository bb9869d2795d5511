import Cells
import Display
import Testing

@Suite struct Detection {
    let plainXterm = ["TERM": "xterm-256color"]

    @Test func kittyIsFoundByItsAnswersWithoutTheEnvironment() {
        let (caps, typed) = ScriptedTerminals.absorb(ScriptedTerminals.kitty)
        #expect(typed.isEmpty)
        #expect(caps.answered && caps.kitty && caps.kittyFiles && !caps.sixel)
        #expect(caps.cellPixels == CellSize(width: 9, height: 19))
        #expect(caps.truecolor == "XTGETTCAP RGB")
        let out = OutputDetection.output(.auto, environment: plainXterm, answers: caps, tmux: nil)
        #expect(out == Detected(.kitty, .probe("kitty graphics query")))
        let colors = OutputDetection.colors(
            .auto, environment: plainXterm, terminfoColors: 256, terminfoRGB: false, answers: caps)
        #expect(colors == Detected(.truecolor, .probe("XTGETTCAP RGB")))
    }

    @Test func theEnvironmentComesFirst() {
        let silent = TerminalCapabilities()
        #expect(
            OutputDetection.output(.auto, environment: ["TERM": "xterm-kitty"], answers: silent, tmux: nil)
                == Detected(.kitty, .environment("TERM=xterm-kitty")))
        #expect(
            OutputDetection.output(
                .auto, environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], answers: silent, tmux: nil
            ).value == .kitty)
        #expect(
            OutputDetection.output(
                .auto, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], answers: silent, tmux: nil
            ).value == .kitty)
        #expect(
            OutputDetection.output(.fixed(.cells), environment: ["TERM": "xterm-kitty"], answers: silent, tmux: nil)
                == Detected(.cells, .option))
    }

    @Test func xtermWithSixelGetsSixelWithItsRegisters() {
        let (caps, typed) = ScriptedTerminals.absorb(ScriptedTerminals.xtermSixel, piece: 3)
        #expect(typed.isEmpty)
        #expect(caps.answered && caps.sixel && !caps.kitty)
        #expect(caps.sixelRegisters == 1024)
        #expect(caps.sixelMaxSize == PixelSize(width: 1000, height: 1000))
        #expect(caps.truecolor == "DECRQSS")
        #expect(
            OutputDetection.output(.auto, environment: plainXterm, answers: caps, tmux: nil)
                == Detected(.sixel, .probe("DA1 4")))
    }

    @Test func xtermWithoutSixelStaysInCells() {
        let (caps, _) = ScriptedTerminals.absorb(ScriptedTerminals.xterm)
        #expect(caps.answered && !caps.sixel && !caps.kitty && caps.sixelRegisters == nil)
        #expect(
            OutputDetection.output(.auto, environment: plainXterm, answers: caps, tmux: nil)
                == Detected(.cells, .probe("DA1 without graphics")))
        #expect(
            OutputDetection.cellSize(option: nil, columns: 80, rows: 24, windowPixels: nil, answers: caps)
                == Detected(CellSize(width: 7, height: 17), .probe("CSI 16 t")))
    }

    @Test func insideTmuxTruecolorComesFromTmuxsClientFeatures() {
        // Stock tmux in xterm: TERM=tmux-256color, no COLORTERM, no answer to the colour
        // query; tmux itself found RGB on the outer terminal and passes RGB colours on.
        let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let (caps, _) = ScriptedTerminals.absorb(ScriptedTerminals.tmux)
        let rgb = TmuxInfo(
            displayOutput:
                "xterm 256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,margins,mouse,rectfill,RGB,title off 0 0"
        )
        #expect(rgb == nil)  // the features come last
        let info = TmuxInfo(displayOutput: "xterm off 0 0 256,bpaste,clipboard,RGB,strikethrough,title\n")
        #expect(info == TmuxInfo(clientTerm: "xterm", passthrough: false, clientRGB: true))
        #expect(
            OutputDetection.colors(
                .auto, environment: env, terminfoColors: 256, terminfoRGB: false, answers: caps, tmux: info)
                == Detected(.truecolor, .probe("tmux client xterm RGB")))
        // No RGB among the features (an outer terminal tmux knows as 256 colours), none at
        // all (no client attached, tmux before 3.2), or not asked: 256 by terminfo.
        let plain = TmuxInfo(displayOutput: "screen-256color off 0 0 256,title")
        #expect(plain?.clientRGB == false)
        let bare = TmuxInfo(displayOutput: "xterm-256color off 2 0")
        #expect(bare == TmuxInfo(clientTerm: "xterm-256color", passthrough: false, paneTop: 2))
        for tmux in [plain, bare, nil] {
            #expect(
                OutputDetection.colors(
                    .auto, environment: env, terminfoColors: 256, terminfoRGB: false, answers: caps, tmux: tmux)
                    == Detected(.ansi256, .terminfo))
        }
        // kitty 0.26: no RGB among the features, but its terminfo's Tc gave the client
        // setrgbf, so tmux passes RGB on (`show-messages -T`, the client's terminal by tty).
        let kitty = """
            xterm-kitty off 0 0 /dev/pts/3 bpaste,ccolour,clipboard,cstyle,focus,title
            Terminal 0: xterm-256color for /dev/pts/1, flags=0x3d:
             208: setrgbf: [missing]
            Terminal 1: xterm-kitty for /dev/pts/3, flags=0x30:
             197: RGB: [missing]
             208: setrgbf: (string) \\033[38:2:%p1%d:%p2%d:%p3%dm
             223: Tc: (flag) true
            """
        #expect(TmuxInfo(displayOutput: kitty)?.clientRGB == true)
        #expect(
            OutputDetection.colors(
                .auto, environment: env, terminfoColors: 256, terminfoRGB: false, answers: caps,
                tmux: TmuxInfo(displayOutput: kitty)) == Detected(.truecolor, .probe("tmux client xterm-kitty RGB")))
        // The other client's terminal has setrgbf, this one's does not.
        let other = kitty.replacingOccurrences(of: "/dev/pts/3 bpaste", with: "/dev/pts/1 bpaste")
        #expect(TmuxInfo(displayOutput: other)?.clientRGB == false)
        // Outside tmux the info is no evidence; NO_COLOR and the option still win.
        #expect(
            OutputDetection.colors(
                .auto, environment: ["TERM": "xterm-256color"], terminfoColors: 256, terminfoRGB: false,
                answers: TerminalCapabilities(), tmux: info
            ).value == .ansi256)
        #expect(
            OutputDetection.colors(
                .auto, environment: env.merging(["NO_COLOR": "1"]) { a, _ in a }, terminfoColors: 256,
                terminfoRGB: false, answers: caps, tmux: info
            ).value == ColorDepth.none)
        #expect(
            OutputDetection.colors(
                .fixed(.ansi256), environment: env, terminfoColors: 256, terminfoRGB: false, answers: caps,
                tmux: info) == Detected(.ansi256, .option))
    }

    @Test func insideTmuxKittyNeedsPassthrough() {
        let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let (caps, _) = ScriptedTerminals.absorb(ScriptedTerminals.tmux)
        #expect(caps.answered && !caps.sixel)
        let on = TmuxInfo(displayOutput: "xterm-kitty on 3 10\n")
        #expect(on == TmuxInfo(clientTerm: "xterm-kitty", passthrough: true, paneTop: 3, paneLeft: 10))
        #expect(OutputDetection.output(.auto, environment: env, answers: caps, tmux: on).value == .kitty)
        let off = TmuxInfo(displayOutput: "xterm-kitty off 0 0")
        #expect(
            OutputDetection.output(.auto, environment: env, answers: caps, tmux: off)
                == Detected(.cells, .probe("tmux without allow-passthrough")))
        let xterm = TmuxInfo(displayOutput: "xterm-256color on 0 0")
        #expect(OutputDetection.output(.auto, environment: env, answers: caps, tmux: xterm).value == .cells)
        // The variables inside tmux describe whatever started the server: not evidence.
        #expect(
            OutputDetection.output(
                .auto, environment: env.merging(["KITTY_WINDOW_ID": "3"]) { a, _ in a },
                answers: caps, tmux: nil
            ).value == .cells)
        #expect(OutputDetection.plan(env, colors: .auto, kittyFile: "/tmp/x")?.kitty == false)
    }

    @Test func aTerminalThatNeverAnswersGetsCellsByDefault() {
        let caps = TerminalCapabilities()
        #expect(
            OutputDetection.output(.auto, environment: plainXterm, answers: caps, tmux: nil)
                == Detected(.cells, .fallback))
        #expect(
            OutputDetection.cellSize(option: nil, columns: 80, rows: 24, windowPixels: nil, answers: caps)
                == Detected(.standard, .fallback))
        #expect(
            OutputDetection.colors(
                .auto, environment: plainXterm, terminfoColors: 256, terminfoRGB: false, answers: caps)
                == Detected(.ansi256, .terminfo))
    }

    @Test func theKernelsPixelSizeWinsOverAnswers() {
        let (caps, _) = ScriptedTerminals.absorb(ScriptedTerminals.kitty)
        let size = OutputDetection.cellSize(
            option: nil, columns: 100, rows: 30, windowPixels: PixelSize(width: 900, height: 570), answers: caps)
        #expect(size == Detected(CellSize(width: 9, height: 19), .probe("TIOCGWINSZ")))
        #expect(
            OutputDetection.cellSize(
                option: CellSize(width: 10, height: 20), columns: 100, rows: 30,
                windowPixels: nil, answers: caps
            ).evidence == .option)
    }

    @Test func noColorAndDumbTerminalsAreNotProbed() {
        #expect(OutputDetection.plan(["TERM": "dumb"], colors: .auto, kittyFile: nil) == nil)
        #expect(OutputDetection.plan(["TERM": "linux"], colors: .auto, kittyFile: nil)?.kitty == false)
        #expect(
            OutputDetection.plan(["TERM": "xterm", "COLORTERM": "truecolor"], colors: .auto, kittyFile: nil)?.truecolor
                == false)
        #expect(OutputDetection.plan(["TERM": "xterm-kitty"], colors: .auto, kittyFile: nil)?.sixel == false)
        #expect(OutputDetection.plan(["TERM": "xterm"], colors: .auto, kittyFile: nil)?.sixel == true)
        let kittyPlan = TerminalQueries.Plan(sixel: false)
        #expect(!String(decoding: TerminalQueries.bytes(kittyPlan), as: UTF8.self).contains("[?1;1;0S"))
        let caps = ScriptedTerminals.absorb(ScriptedTerminals.kitty).0
        #expect(
            OutputDetection.colors(
                .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], terminfoColors: 256,
                terminfoRGB: false, answers: caps
            ).value == ColorDepth.none)
    }
}

/// iTerm2's inline images are chosen on the evidence of the output table's `iterm` row, as
/// kitty is on its own: the environment outside tmux, or XTVERSION naming iTerm2.
@Suite struct ITermDetection {
    let silent = TerminalCapabilities()

    @Test(arguments: [
        ("TERM_PROGRAM", "iTerm.app"), ("TERM_PROGRAM", "WezTerm"), ("TERM_PROGRAM", "vscode"),
        ("TERM_PROGRAM", "mintty"), ("LC_TERMINAL", "iTerm2"),
    ])
    func theEnvironmentNamesTheTerminal(variable: String, value: String) {
        let env = ["TERM": "xterm-256color", variable: value]
        let got = OutputDetection.output(.auto, environment: env, answers: silent, tmux: nil)
        // WezTerm shows both; its row in the table (kitty) comes first.
        let expected: OutputKind = value == "WezTerm" ? .kitty : .iterm
        #expect(got == Detected(expected, .environment("\(variable)=\(value)")))
    }

    @Test func insideTmuxTheVariablesAreNotEvidence() {
        let env = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "LC_TERMINAL": "iTerm2"]
        #expect(OutputDetection.output(.auto, environment: env, answers: silent, tmux: nil).value == .cells)
        // Given on the command line it is drawn, through passthrough.
        #expect(OutputDetection.output(.fixed(.iterm), environment: env, answers: silent, tmux: nil).value == .iterm)
        #expect(
            OutputKind.iterm.row.throughTmux && OutputKind.kitty.row.throughTmux && !OutputKind.sixel.row.throughTmux)
    }

    @Test func xtversionNamingITerm2ComesBeforeItsGenericAnswers() {
        // iTerm2 3.5 over SSH without LC_TERMINAL: it names itself and also answers DA1 4.
        let answers = "\u{1B}P>|iTerm2 3.5.0\u{1B}\\" + "\u{1B}[?62;4c"
        let (caps, typed) = ScriptedTerminals.absorb(answers, piece: 5)
        #expect(typed.isEmpty && caps.sixel && caps.version == "iTerm2 3.5.0")
        let got = OutputDetection.output(.auto, environment: ["TERM": "xterm-256color"], answers: caps, tmux: nil)
        #expect(got == Detected(.iterm, .probe("XTVERSION iTerm2")))
        // The `o` key reaches both.
        #expect(OutputDetection.outputs(chosen: got.value, answers: caps) == [.cells, .sixel, .iterm])
    }

    @Test func otherTerminalsKeepTheirOutputs() {
        let (kitty, _) = ScriptedTerminals.absorb(ScriptedTerminals.kitty)
        #expect(
            OutputDetection.output(.auto, environment: ["TERM": "xterm"], answers: kitty, tmux: nil).value == .kitty)
        let (xterm, _) = ScriptedTerminals.absorb(ScriptedTerminals.xtermSixel)
        #expect(
            OutputDetection.output(.auto, environment: ["TERM": "xterm"], answers: xterm, tmux: nil).value == .sixel)
        #expect(OutputDetection.outputs(chosen: .sixel, answers: xterm) == [.cells, .sixel])
        // kitty's own variables come before a forwarded LC_TERMINAL.
        let env = ["TERM": "xterm-kitty", "LC_TERMINAL": "iTerm2"]
        #expect(OutputDetection.output(.auto, environment: env, answers: silent, tmux: nil).value == .kitty)
    }
}
