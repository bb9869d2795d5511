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
    /// Width of a terminal cell divided by its height (`--cell-aspect`). Default 0.5.
    public var cellAspect: Double
    /// Write an asciinema v2 recording of every frame to this path (`--record`). Default none.
    public var record: String?
    /// A narrated tour to play until the first key (`orbit demo`). Default none.
    public var tour: DemoTour?
    /// Makes the renderer; nil uses the built-in rasterizer and cell encoder.
    public var makeRenderer: ((ViewerScene, RendererSettings) throws -> any FrameRenderer)?

    /// A configuration with the defaults of docs/CLI.md.
    public init(scene: ViewerScene, levels: LevelSource? = nil, fps: Int = 30, glyphs: GlyphSet? = nil,
                colors: ColorChoice = .auto, hud: Bool = true, script: GestureScript? = nil,
                motion: MotionState = MotionState(), dither: Bool = false, transparent: Bool = false,
                threads: Int = 1, cellAspect: Double = 0.5,
                makeRenderer: ((ViewerScene, RendererSettings) throws -> any FrameRenderer)? = nil) {
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
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 0.5
        self.makeRenderer = makeRenderer
    }
}

/// What the terminal told the viewer, for choosing glyphs and colours.
public struct RendererSettings: Sendable {
    /// The requested glyph set, or nil for the default.
    public var glyphs: GlyphSet?
    /// The requested colour depth (`auto` resolved by the renderer).
    public var colors: ColorChoice
    /// True when the locale's character set is UTF-8.
    public var utf8: Bool
    /// terminfo `colors` (-1 when unknown).
    public var terminfoColors: Int
    /// Width of a cell divided by its height. Default 0.5.
    public var cellAspect: Double
    /// Ordered dithering for palette colours. Default off.
    public var dither: Bool
    /// Uncovered cells keep the terminal's background. Default off.
    public var transparent: Bool
    /// Render threads; 0 means one per core. Default 1.
    public var threads: Int

    /// Settings for a renderer.
    public init(glyphs: GlyphSet?, colors: ColorChoice, utf8: Bool, terminfoColors: Int, cellAspect: Double = 0.5,
                dither: Bool = false, transparent: Bool = false, threads: Int = 1) {
        self.glyphs = glyphs
        self.colors = colors
        self.utf8 = utf8
        self.terminfoColors = terminfoColors
        self.cellAspect = cellAspect
        self.dither = dither
        self.transparent = transparent
        self.threads = threads
    }
}
