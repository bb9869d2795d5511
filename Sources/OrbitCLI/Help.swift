/// The text of `orbit --help` and `orbit COMMAND --help`.
public enum Help {
    /// Version printed by `orbit --version`.
    public static let version = "orbit 0.1.0"

    static let scenes = """
    SCENE:
      earth                 the built-in textured Earth (default)
      apollonian            a generated 3D Apollonian sphere packing
      FILE.obj .stl .dae .gltf .glb
                            a model file
      FILE.json             Apollonian sphere records [{"X":..,"Y":..,"Z":..,"R":..,"L":..}]
      -                     sphere records read from standard input
    """

    static let look = """
      --glyphs G            ascii, edges, blocks, quadrants, sextants, braille
                            (default: blocks in a UTF-8 locale, else ascii)
      --colors C            auto, none, 16, 256, truecolor (default auto: NO_COLOR,
                            then COLORTERM, then terminfo)
      --dither              ordered dithering of quantized colours
      --transparent         uncovered cells keep the terminal's background
      --cell-aspect F       width / height of a terminal cell (default 0.5)
    """

    static let motion = """
      --spin DEG            degrees about Y per frame (earth 0.5; others 0)
      --yaw DEG, --pitch DEG, --roll DEG
                            initial orientation (default 0)
      --zoom F              camera distance factor, > 1 is closer (default 1; clamped
                            so the camera stays outside the scene)
      --friction R          swipe spins slow down at rate R per second (default 0:
                            a constant spin)
      --gestures SCRIPT     gestures at frame numbers, e.g. "right@0 tap@20 pinch-out@30"
    """

    static let apollonian = """
      --level N             deepest level, L = generation + 1 (default 7)
      --min-radius R        drop spheres smaller than R x outer radius (default 0.01)
      --all | --edge        every sphere | only those touching the outer sphere
      --radius R            outer radius (default 1)
      --url URL             fetch sphere records from a web service
      --timeout S           network timeout in seconds (default 30)
      --max-spheres N       refuse larger packings (default 2000000)
    """

    /// Help for `command` (nil: the overview).
    public static func text(for command: Command?) -> String {
        switch command {
        case .demo?:
            return """
            usage: orbit demo [SCENE] [OPTIONS]

            The viewer playing a narrated tour: each gesture's key in big letters, then the
            motion it causes (named in the status line), in a loop. Any key or mouse action
            hands control to you. SCENE defaults to earth; `orbit demo apollonian` tours the
            packing. With --record FILE.cast the tour is saved for asciinema.

            OPTIONS: those of the viewer (orbit --help).
            """
        case .render?:
            return """
            usage: orbit render [SCENE] [OPTIONS]

            Renders frames as text on standard output, no terminal needed: each frame is
            exactly ROWS lines of COLS cells, frames separated by one empty line.

            \(scenes)

            OPTIONS:
              --size COLSxROWS      cell grid (default 80x24)
              --frames N            frames to produce (default 1)
              --threads N           render threads, 0 = one per core (default 1)
              --record FILE.cast    instead of text, an asciinema v2 recording with the
                                    status line, frame n at n/30 s (frames default: the
                                    last scripted gesture + 3 s)
            \(look)
            \(motion)
            \(apollonian)
            """
        case .snapshot?:
            return """
            usage: orbit snapshot [SCENE] -o FILE.png [OPTIONS]

            Writes one frame's pixel framebuffer as a PNG: COLS x ROWS times the glyph set's
            sub-pixel grid (ascii and edges 1x1, blocks 1x2, quadrants 2x2, sextants 2x3,
            braille 2x4), sRGB.

            \(scenes)

            OPTIONS:
              -o FILE               the PNG to write (required)
              --cells               a picture of the cells as a terminal draws them
                                    (8x16 pixels per cell) instead of the pixels
              --size COLSxROWS      cell grid (default 80x24)
              --frames N            render N frames and keep the last (default 1)
            \(look)
            \(motion)
            \(apollonian)
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
              --size COLSxROWS      cell grid (default 80x24)
              --frames N            frames to time (default 300)
              --threads N           render and encode threads, 0 = one per core (default 1)
            \(look)
            \(motion)
            \(apollonian)
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

            OPTIONS:
            \(apollonian)
              --decimals N          export: rounding of values (default 4)
              -o FILE               export: write to FILE instead of stdout
              --dimension P         stats: counts of spheres with radius >= 2^-p, p = 3..P,
                                    and the dimension fitted over the finest four octaves
            """
        default:
            return """
            orbit: 3D scenes rendered into your terminal.

            usage: orbit [SCENE] [OPTIONS]                 interactive viewer
                   orbit demo [SCENE] [OPTIONS]            a narrated tour of the gestures
                   orbit render [SCENE] [OPTIONS]          frames as text on stdout
                   orbit snapshot [SCENE] -o FILE.png      one frame's pixels as a PNG
                   orbit bench [SCENE] [OPTIONS]           headless timing
                   orbit apollonian export [OPTIONS]       sphere records as JSON
                   orbit apollonian stats [OPTIONS]        counts and fractal dimension
                   orbit --help | orbit COMMAND --help | orbit --version

            \(scenes)

            VIEWER OPTIONS:
              --fps N               frame cap (default 30)
              --no-hud              hide the status line
              --record FILE.cast    write an asciinema v2 recording of every frame
              --threads N           render threads, 0 = one per core (default 0)
            \(look)
            \(motion)
            \(apollonian)

            KEYS:
              Left/Right, Up/Down   swipe: spin about Y / X (repeat to speed up: 2, 4, 8)
              + or =, -, wheel      pinch: zoom in, out (stops outside the scene)
              Space                 tap: pause or resume
              r, R                  rotate about Z by +5 / -5 degrees (while paused)
              v                     reset the view
              s                     save the frame as a PNG (name shown in the status line)
              mouse drag            turn freely; release while moving to throw, click to catch
              0-9, [ ]              Apollonian level 1-9 (0 is 10), one fewer / more
              m, c                  next glyph set, next colour depth
              h or ?                help
              q, Esc, Ctrl-C        quit
            """
        }
    }
}
