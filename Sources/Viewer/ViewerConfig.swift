import Cells
import Display
import Gestures

/// Everything `Viewer.run(_:)` needs: the options of `orbit [SCENE]` and the scene.
public struct ViewerConfig {
    /// The scene shown first.
    public var scene: ViewerScene
    /// Other levels of the scene (Apollonian), or nil.
    public var levels: LevelSource?
    /// Browsing at any depth (the Apollonian packing without `--level`), or nil; when
    /// set, `scene` is the scene built for `browse.initial` and the zoom keys and wheel
    /// zoom into it.
    public var browse: BrowseSource?
    /// Frame cap in frames per second (`--fps`), 1...240. Default 30.
    public var fps: Int
    /// Glyph set (`--glyphs`); nil picks `blocks` in a UTF-8 locale, else `ascii`.
    public var glyphs: GlyphSet?
    /// Colour depth (`--colors`). Default `auto`.
    public var colors: ColorChoice
    /// Show the status line (`--no-hud` turns it off). Default true.
    public var hud: Bool
    /// Gestures at frame numbers (`--gestures`); frame n happens n/30 s after start.
    public var script: GestureScript?
    /// The starting motion: spin (`--spin`, Earth 0.5 deg/tick, else 0 = still), yaw,
    /// pitch, roll and zoom. Default: still.
    public var motion: MotionState
    /// Ordered dithering for palette colours (`--dither`). Default off.
    public var dither: Bool
    /// Uncovered cells keep the terminal's background (`--transparent`). Default off.
    public var transparent: Bool
    /// Render threads (`--threads`); 0 means one per core. Default 1.
    public var threads: Int
    /// Width of a terminal cell divided by its height (`--cell-aspect`); nil means from the
    /// cell size in pixels (the terminal's, or `cellSize`). The viewer sets it to the value
    /// in use once the terminal has been asked.
    public var cellAspect: Double?
    /// `cellAspect`, or 0.5 (a cell twice as high as wide) when not known yet.
    var cellAspectInUse: Double { cellAspect ?? 0.5 }
    /// How the picture is drawn (`--format`). Default auto.
    public var output: OutputChoice
    /// Pixels of one cell where the terminal does not say (`--cell-size`); nil: ask the
    /// terminal, else 8x16.
    public var cellSize: CellSize?
    /// Cap on graphics output in kilobits per second (`--max-kbps`); nil: none.
    public var maxKbps: Int?
    /// Write an asciinema v2 recording of every frame to this path (`--record`). Default none.
    public var record: String?
    /// A narrated tour to play until the first key (`orbit demo`). Default none.
    public var tour: DemoTour?
    /// The model animation played first, an index into the model's animations
    /// (`--animation NAME|INDEX`, resolved against the file); nil: the first. Ignored for a
    /// scene without animations.
    public var animation: Int?
    /// Seconds into the animation that playing starts at (`--time`), 0 or more. Default 0.
    public var animationTime: Double
    /// Makes the renderer; nil uses the built-in rasterizer and cell encoder.
    public var makeRenderer: ((ViewerScene, RendererSettings) throws -> any FrameRenderer)?

    /// A configuration from every choice a user can make, none defaulted, so a field added
    /// here does not compile until the command line passes it (`Options.viewerConfig`).
    /// Units and ranges are those of the fields above.
    public init(
        scene: ViewerScene, levels: LevelSource?, browse: BrowseSource?, fps: Int, glyphs: GlyphSet?,
        colors: ColorChoice, hud: Bool, script: GestureScript?, motion: MotionState, dither: Bool,
        transparent: Bool, threads: Int, cellAspect: Double?, output: OutputChoice, cellSize: CellSize?,
        maxKbps: Int?, record: String?, tour: DemoTour?, animation: Int?, animationTime: Double
    ) {
        self.init(
            scene: scene, levels: levels, fps: fps, glyphs: glyphs, colors: colors, hud: hud, script: script,
            motion: motion, dither: dither, transparent: transparent, threads: threads, cellAspect: cellAspect,
            output: output, cellSize: cellSize, maxKbps: maxKbps)
        self.browse = browse
        self.record = record
        self.tour = tour
        self.animation = animation
        self.animationTime = animationTime.isFinite ? max(0, animationTime) : 0
    }

    /// A configuration with the defaults of docs/CLI.md, for tests and embedding; the
    /// command line uses the initializer without defaults.
    public init(
        scene: ViewerScene, levels: LevelSource? = nil, fps: Int = 30, glyphs: GlyphSet? = nil,
        colors: ColorChoice = .auto, hud: Bool = true, script: GestureScript? = nil,
        motion: MotionState = MotionState(), dither: Bool = false, transparent: Bool = false,
        threads: Int = 1, cellAspect: Double? = nil, output: OutputChoice = .auto, cellSize: CellSize? = nil,
        maxKbps: Int? = nil,
        makeRenderer: ((ViewerScene, RendererSettings) throws -> any FrameRenderer)? = nil
    ) {
        self.scene = scene
        self.levels = levels
        self.fps = fps
        self.glyphs = glyphs
        self.colors = colors
        self.hud = hud
        self.script = script
        self.motion = motion
        self.dither = dither
        self.transparent = transparent
        self.threads = max(0, threads)
        self.cellAspect = cellAspect.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.output = output
        self.cellSize = cellSize
        self.maxKbps = maxKbps
        self.animationTime = 0
        self.makeRenderer = makeRenderer
    }
}

/// What the renderer starts with: the choices of the command line resolved against what
/// the terminal told the viewer (environment, terminfo, the start-up probe), each with
/// its reason.
public struct RendererSettings: Sendable {
    /// The requested glyph set, or nil for the default (`blocks` in UTF-8, else `ascii`).
    public var glyphs: GlyphSet?
    /// True when the locale's character set is UTF-8.
    public var utf8: Bool
    /// The deepest colour depth the terminal shows, and why.
    public var colors: Detected<ColorDepth>
    /// The output to start with, and why.
    public var output: Detected<OutputKind>
    /// The outputs the `o` key cycles through: cells, then the graphics the terminal
    /// showed (or `--format` asked for).
    public var outputs: [OutputKind]
    /// The cell size in pixels, and why.
    public var cellSize: Detected<CellSize>
    /// Dithering, transparency, cell aspect and size, sixel registers, kitty files, tmux.
    public var look: OutputSettings
    /// Render threads; 0 means one per core. Default 1.
    public var threads: Int
    /// Cap on graphics output in kilobits per second (`--max-kbps`); nil: none.
    public var maxKbps: Int?

    /// Settings for a renderer.
    public init(
        glyphs: GlyphSet?, utf8: Bool, colors: Detected<ColorDepth>,
        output: Detected<OutputKind> = Detected(.cells, .fallback),
        outputs: [OutputKind] = [.cells], cellSize: Detected<CellSize> = Detected(.standard, .fallback),
        look: OutputSettings = OutputSettings(), threads: Int = 1, maxKbps: Int? = nil
    ) {
        self.glyphs = glyphs
        self.utf8 = utf8
        self.colors = colors
        self.output = output
        self.outputs = outputs
        self.cellSize = cellSize
        self.look = look
        self.threads = threads
        self.maxKbps = maxKbps
    }
}
