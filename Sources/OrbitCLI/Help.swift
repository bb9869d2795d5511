import Assets
import Cells
import Display
import Viewer

/// The text of `orbit --help` and `orbit COMMAND --help`.
public enum Help {
    /// Version printed by `orbit --version`.
    public static let version = "orbit 0.1.0"

    static let scenes = """
        SCENE:
          earth                 the built-in textured Earth (default)
          apollonian            a generated 3D Apollonian sphere packing
          ball                  a ball in a box; arrows tilt it, Space levels, the mouse tilts towards itself
          FILE\(ModelFormat.shortExtensions)
                                a model file (all extensions: orbit --list formats)
          FILE.json             Apollonian sphere records [{"X":..,"Y":..,"Z":..,"R":..,"L":..}]
          -                     sphere records read from standard input
        """

    /// The help lines of the options in `group` that `command` accepts, in table order:
    /// the usage in a 22-column field, then the text (continuation lines indented to it).
    static func options(_ group: OptionSpec.Group, for command: Command) -> String {
        var lines: [String] = []
        for spec in OptionSpec.all where spec.group == group && spec.commands.contains(command) {
            let text = spec.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = "  " + spec.usage
            if usage.count <= 23 {
                lines.append(usage + String(repeating: " ", count: 24 - usage.count) + (text.first ?? ""))
            } else {
                lines.append(usage)
                lines.append(String(repeating: " ", count: 24) + (text.first ?? ""))
            }
            for more in text.dropFirst() { lines.append(String(repeating: " ", count: 24) + more) }
        }
        return lines.joined(separator: "\n")
    }

    /// Each glyph set's sub-pixel grid, from its row of the glyph-set table:
    /// `ascii 1x1, edges 1x1, blocks 1x2, ...`.
    static var subpixelGrids: String {
        GlyphSet.allCases.map { "\($0.rawValue) \($0.spec.subpixels.x)x\($0.spec.subpixels.y)" }
            .joined(separator: ", ")
    }

    /// The viewer's keys, one line each, from `KeyTable`.
    static var keys: String {
        KeyTable.lines(keyWidth: 22).map { "  " + $0 }.joined(separator: "\n")
    }

    /// Every option `command` accepts, grouped, one block per non-empty group.
    static func allOptions(for command: Command) -> String {
        OptionSpec.Group.allCases.map { options($0, for: command) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Help for `command` (nil: the overview).
    public static func text(for command: Command?) -> String {
        switch command {
        case .demo?:
            return """
                usage: orbit demo [SCENE] [OPTIONS]

                The viewer playing a narrated tour: each gesture's key in big letters, then the
                motion it causes (named in the status line), in a loop. Any key or mouse action
                hands control to you. SCENE defaults to earth; `orbit demo apollonian` tours the
                packing, `orbit demo ball` the tilting ball. With --record FILE.cast the tour is
                saved for asciinema.

                OPTIONS:
                \(allOptions(for: .demo))
                """
        case .render?:
            return """
                usage: orbit render [SCENE] [OPTIONS]

                Renders frames as text on standard output, no terminal needed: each frame is
                exactly ROWS lines of COLS cells, frames separated by one empty line.

                \(scenes)

                OPTIONS:
                \(allOptions(for: .render))
                """
        case .snapshot?:
            return """
                usage: orbit snapshot [SCENE] -o FILE.png [OPTIONS]

                Writes one frame's pixel framebuffer as a PNG or JPEG (by the extension of -o:
                .png, .jpg, .jpeg): COLS x ROWS times the glyph set's sub-pixel grid
                (\(subpixelGrids)),
                sRGB; with --cell-size WxH, the pixels \(OutputKind.graphicsProse) show (COLS x W by ROWS x H).

                \(scenes)

                OPTIONS:
                \(allOptions(for: .snapshot))
                """
        case .bench?:
            return """
                usage: orbit bench [SCENE] [OPTIONS]

                Times rendering and encoding headless and prints one `name: value` line per
                figure: frames, triangles, pixels, render_ms_per_frame (median),
                encode_ms_per_frame (median), total_ms_per_frame, fps, cpu_ms_per_frame (process
                CPU time, all threads), startup_ms, bytes_per_frame (mean diff-writer bytes after
                the first frame), writes_per_frame, color_error_lab, checksum.

                OPTIONS:
                \(allOptions(for: .bench))
                """
        case .preview?:
            return """
                usage: orbit preview FILE [--size COLSxROWS] [OPTIONS]
                       orbit preview FILE -o FILE.png [--size WxHpx]

                One framed three-quarter view of FILE for a file manager's preview pane:
                exactly ROWS lines of COLS cells of plain colour text (no cursor movement, no
                terminal queries, no input read). The size is --size, else $w x $h (yazi),
                FZF_PREVIEW_COLUMNS x FZF_PREVIEW_LINES (fzf), else COLUMNS x LINES. Colours:
                truecolor unless NO_COLOR, COLORTERM or TERM say less. With -o, a PNG of
                --size WxHpx pixels (default 8x16 pixels per cell). A model that takes longer
                than --budget seconds is drawn as its bounding box, with a note. Setups for
                yazi, lf, ranger, nnn and fzf: docs/PREVIEW.md.

                OPTIONS:
                \(allOptions(for: .preview))
                """
        case .apollonianExport?, .apollonianStats?:
            return """
                usage: orbit apollonian export [OPTIONS]
                       orbit apollonian stats [OPTIONS]
                       orbit apollonian [OPTIONS]          (the packing in the viewer)

                export: sphere records as JSON, the same spheres the original web service
                returned for /api/spheres/{radius}/{level} (to stdout, or -o FILE).
                stats: one line per generation: generation G new N total T edge E
                min_radius r max_radius r; with --dimension P, counts per radius octave and the
                fitted fractal dimension.

                OPTIONS (export):
                \(allOptions(for: .apollonianExport))

                OPTIONS (stats):
                \(allOptions(for: .apollonianStats))
                """
        default:
            return """
                orbit: 3D scenes rendered into your terminal.

                usage: orbit [SCENE] [OPTIONS]                 interactive viewer
                       orbit demo [SCENE] [OPTIONS]            a narrated tour of the gestures
                       orbit render [SCENE] [OPTIONS]          frames as text on stdout
                       orbit snapshot [SCENE] -o FILE.png      one frame's pixels as a PNG or JPEG
                       orbit bench [SCENE] [OPTIONS]           headless timing
                       orbit preview FILE [--size COLSxROWS]   a file manager's preview pane
                       orbit apollonian export [OPTIONS]       sphere records as JSON
                       orbit apollonian stats [OPTIONS]        counts and fractal dimension
                       orbit --help | orbit COMMAND --help | orbit --version
                       orbit --list \(Lists.names.joined(separator: "|"))

                \(scenes)

                VIEWER OPTIONS:
                \(allOptions(for: .view))

                KEYS:
                \(keys)
                """
        }
    }
}
