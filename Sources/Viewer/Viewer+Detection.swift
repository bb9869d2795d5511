import CNcurses
import Cells
import Display
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Viewer {
    /// Asks the terminal the start-up questions and resolves `config`'s choices against
    /// the answers (and `tmux`'s, from `askTmuxIfInside`): the output, the cell size (and so
    /// the cell aspect), the colour depth.
    static func rendererSettings(_ config: ViewerConfig, terminal: Terminal, tmux: TmuxInfo?) -> RendererSettings {
        let environment = ProcessInfo.processInfo.environment
        let wantsGraphics = config.output != .fixed(.cells)
        let file = wantsGraphics && !OutputDetection.inTmux(environment) ? TerminalProbe.kittyTestFile() : nil
        var plan = OutputDetection.plan(environment, colors: config.colors, kittyFile: file)
        if !wantsGraphics { plan?.kitty = false }
        let probe = TerminalProbe.run(plan, output: terminal.output, tmux: tmux, environment: environment)
        if let file { unlink(file) }
        terminal.probePending = plan != nil && !probe.answers.answered
        terminal.adopt(probe.decoder, typed: probe.typed)
        let answers = probe.answers
        let size = terminal.size
        let cellSize = OutputDetection.cellSize(
            option: config.cellSize, columns: size.columns, rows: size.rows,
            windowPixels: probe.windowPixels, answers: answers)
        let terminfoColors = terminal.terminfoColors
        let colors = OutputDetection.colors(
            config.colors, environment: environment,
            terminfoColors: terminfoColors >= 0 ? terminfoColors : nil,
            terminfoRGB: cn_terminfo_flag("RGB") > 0, answers: answers, tmux: probe.tmux)
        let output = OutputDetection.output(config.output, environment: environment, answers: answers, tmux: probe.tmux)
        let outputs = OutputDetection.outputs(chosen: output.value, answers: answers)
        var look = OutputSettings(
            dither: config.dither, transparent: config.transparent,
            cellAspect: config.cellAspect ?? cellSize.value.aspect)
        look.cellSize = cellSize.value
        look.sixelRegisters = min(answers.sixelRegisters ?? 256, 256)
        look.kittyFiles = answers.kittyFiles
        // Two viewers in one kitty keep their pictures apart.
        look.kittyImageID = KittyOutput.processImageID
        if OutputDetection.inTmux(environment) || answers.throughTmux, output.value.row.throughTmux {
            look.tmux = probe.tmux ?? TmuxInfo(clientTerm: "", passthrough: true)
            look.kittyPlaceholders = KittyPlaceholders.wanted(
                environment: environment, tmux: probe.tmux, outerTerminal: answers.outerVersion)
        }
        return RendererSettings(
            glyphs: config.glyphs, utf8: terminal.utf8, colors: colors, output: output,
            outputs: outputs, cellSize: cellSize, look: look, threads: config.threads,
            maxKbps: config.maxKbps)
    }

    /// tmux's answer about the outer terminal when orbit runs inside tmux (`TMUX` set), asked
    /// with a deadline (`TerminalProbe.askTmux`); nil outside tmux or without an answer.
    static func askTmuxIfInside() -> TmuxInfo? {
        let environment = ProcessInfo.processInfo.environment
        return OutputDetection.inTmux(environment) ? TerminalProbe.askTmux(environment) : nil
    }

    /// What the status line says at start-up about the detection, if anything.
    static func startupNote(_ s: RendererSettings) -> String? {
        OutputDetection.startupHint(s.output, colors: s.colors, environment: ProcessInfo.processInfo.environment)
    }

    /// One line for `ORBIT_STATS`: the screen size, what was detected and why.
    static func detectionSummary(_ s: RendererSettings, terminal: Terminal) -> String {
        "detected: screen \(terminal.size.columns)x\(terminal.size.rows) output "
            + "\(s.output.value.rawValue) (\(s.output.evidence.description))"
            + " cell \(s.cellSize.value.width)x\(s.cellSize.value.height) (\(s.cellSize.evidence.description))"
            + " colors \(s.colors.value.rawValue) (\(s.colors.evidence.description))"
            + " registers \(s.look.sixelRegisters) kitty_files \(s.look.kittyFiles)"
            + " kitty_placeholders \(s.look.kittyPlaceholders)"
    }
}
