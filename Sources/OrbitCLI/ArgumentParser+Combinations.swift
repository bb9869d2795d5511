import Cells
import Display
import Viewer

extension ArgumentParser {
    /// Refuses `--dither` where it would change nothing in a headless command's output (the
    /// viewer accepts it: its `m`, `c` and `o` keys reach the sets where it shows):
    /// - with a graphics `--format` (kitty, sixel, iterm): kitty and iterm send every colour,
    ///   sixel makes a palette of its own for each frame (`OutputRow.ditherIgnored`);
    /// - with `--glyphs blocks`: half blocks dither their palette colours in any case, and so
    ///   does braille at `--colors 16|256` without `--transparent`;
    /// - with `--colors truecolor` or `none` and a glyph set drawn by sub-pixel masks
    ///   (`quadrants`, `sextants`, `braille`): there is no palette to dither (the ASCII
    ///   ramps do dither their tones); `OutputMode.ditherIgnored` says which;
    /// - where the image is the pixels, not cells: `snapshot` without `--cells`, `preview -o`
    ///   and render's `--record` of a picture format.
    /// Where `auto` glyphs or colours resolve to such a set, the command says so on standard
    /// error instead (`HeadlessCommands.ditherNote`).
    static func checkCombinations(_ o: Options, given: [OptionSpec], command: Command) throws(CLIError) {
        try checkTurntable(o, given: given, command: command)
        guard !OptionSpec.viewer.contains(command), given.contains(where: { $0.name == "dither" }) else { return }
        if command == .snapshot && !o.cellsPicture {
            throw .usage("option '--dither' does not apply to 'snapshot' without '--cells' (the image is the pixels)")
        }
        if command == .preview && o.outputFile != nil {
            throw .usage("option '--dither' does not apply to 'preview -o FILE.png' (the image is the pixels)")
        }
        if command == .render, let path = o.record, let format = RecordingFormat.of(path), format.isPicture {
            throw .usage(
                "option '--dither' does not apply to 'render --record FILE.\(format.extensions[0])' "
                    + "(the turntable's pictures are the pixels)")
        }
        if case .fixed(let kind) = o.format, kind != .cells {
            throw .usage(
                "option '--dither' does not apply to '--format \(kind.rawValue)' (only to cells of 16 or 256 colours)")
        }
        // The glyph set given, and the colours where they decide (half blocks and the ASCII
        // ramps answer the same at every depth).
        guard let g = o.glyphs else { return }
        let given: [ColorDepth]
        if case .fixed(let depth) = o.colors { given = [depth] } else { given = [] }
        let depths = given.isEmpty && g.spec.encoder != .twoColourFit ? ColorDepth.allCases : given
        let reasons = depths.map { OutputMode.cells(g, $0).ditherIgnored(transparent: o.transparent) }
        guard !reasons.isEmpty, let why = reasons.first ?? nil, reasons.allSatisfy({ $0 != nil }) else { return }
        let words = given.isEmpty ? "--glyphs \(g.rawValue)" : "--glyphs \(g.rawValue) --colors \(given[0].rawValue)"
        throw .usage("option '--dither' does not apply to '\(words)': \(why)")
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
