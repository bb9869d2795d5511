import Cells
import Display
import Viewer

extension ArgumentParser {
    /// Refuses `--dither` where it would change nothing in a headless command's output (the
    /// viewer accepts it: its `m`, `c` and `o` keys reach the sets where it shows):
    /// - with `--format kitty` or `sixel`: kitty sends every colour, sixel makes a palette of
    ///   its own for each frame;
    /// - with `--glyphs blocks`: half blocks dither their palette colours in any case;
    /// - with `--colors truecolor` or `none` and a glyph set drawn by sub-pixel masks
    ///   (`quadrants`, `sextants`, `braille`): there is no palette to dither (the ASCII
    ///   ramps do dither their tones).
    static func checkCombinations(_ o: Options, given: [OptionSpec], command: Command) throws(CLIError) {
        try checkTurntable(o, given: given, command: command)
        guard !OptionSpec.viewer.contains(command), given.contains(where: { $0.name == "dither" }) else { return }
        if case .fixed(let kind) = o.format, kind != .cells {
            throw .usage(
                "option '--dither' does not apply to '--format \(kind.rawValue)' (only to cells of 16 or 256 colours)")
        }
        if o.glyphs == .blocks {
            throw .usage("option '--dither' does not apply to '--glyphs blocks' (half blocks always dither)")
        }
        if let g = o.glyphs, g.spec.encoder == .twoColourFit, case .fixed(let depth) = o.colors,
            depth == .truecolor || depth == .none
        {
            throw .usage(
                "option '--dither' does not apply to '--glyphs \(g.rawValue) --colors \(depth.rawValue)' "
                    + "(only to 16 or 256 colours)")
        }
    }

    /// Refuses render's `--turns` and `--fps` without `--record` of a picture format (GIF,
    /// APNG, MP4, WebM): a frame printed to the terminal or a `.cast` recording has no
    /// turntable and keeps its own pace.
    static func checkTurntable(_ o: Options, given: [OptionSpec], command: Command) throws(CLIError) {
        guard command == .render else { return }
        let picture = o.record.flatMap { RecordingFormat.of($0) }?.isPicture ?? false
        for spec in given where !picture && (spec.name == "turns" || spec.name == "fps") {
            throw .usage(
                "option '--\(spec.name)' does not apply to 'render' without '--record FILE.gif|.apng|.mp4|.webm'")
        }
    }
}
