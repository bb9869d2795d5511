import Apollonian
import Cells
import Display

/// Every option of every `orbit` command, typed, with the defaults of docs/CLI.md. A
/// command accepts the options `OptionSpec.all` lists for it; the parser rejects the rest.
public struct Options: Equatable, Sendable {
    /// `SCENE`: `earth`, `apollonian`, a model path, a `.json` of sphere records, or `-`.
    public var scene: String = "earth"
    /// `--size COLSxROWS`: cell grid for headless commands. Default 80x24.
    public var columns: Int = 80
    public var rows: Int = 24
    /// `--size COLSxROWS` was given (`orbit preview` otherwise takes the pane's size).
    public var sizeGiven = false
    /// `--glyphs`: the glyph set; nil means the locale's default.
    public var glyphs: GlyphSet?
    /// `--colors`: a depth, or auto. Default auto.
    public var colors: ColorChoice = .auto
    /// `--frames N`: frames to produce; nil means the command's default (1 render, 300 bench).
    public var frames: Int?
    /// `--spin DEG`: degrees about Y per frame; nil means the scene's default.
    public var spin: Double?
    /// `--yaw`, `--pitch`, `--roll` in degrees. Default 0.
    public var yaw: Double = 0
    public var pitch: Double = 0
    public var roll: Double = 0
    /// `--zoom F`: camera distance factor (> 1 is closer); when browsing the packing, the
    /// magnification (up to 10^12). Default 1.
    public var zoom: Double = 1
    /// `--zoom` was given.
    public var zoomGiven = false
    /// `--center X,Y,Z`: the point a browsed packing is viewed around, in outer radii.
    /// Default nil: where two large spheres touch (`PackingBrowser.defaultTarget`).
    public var center: SIMD3<Double>?
    /// `--friction R`: swipe spins slow down by exp(-R x seconds). Default 0 (constant).
    public var friction: Double = 0
    /// `--record FILE`: an asciinema v2 recording of the frames (`.cast`), or a turntable
    /// (render) as GIF, APNG or video (`RecordingFormat`).
    public var record: String?
    /// `--turns N`: whole turns of a turntable recording. Default 1.
    public var turns: Int = 1
    /// `--animation NAME|INDEX`: the model animation played. Default nil: the first.
    public var animation: String?
    /// `--time SECONDS`: the animation time of the first frame; frame n is at this plus
    /// n/30 s. Default 0.
    public var time: Double = 0
    /// Whether `--time` was given (a model without animations then refuses it).
    public var timeGiven = false
    /// `--gestures SCRIPT`: gestures at frame numbers.
    public var gestures: String?
    /// `--fps N`: interactive frame cap; frames per second of a picture recording. Default 30.
    public var fps: Int = 30
    /// `--no-hud`: hide the status line.
    public var hud = true
    /// `--level N`: Apollonian deepest level. Default 7.
    public var level: Int = 7
    /// `--level` was given (the packing is then drawn by level, not browsed).
    public var levelGiven = false
    /// `--min-radius R`: Apollonian cut-off as a fraction of the outer radius. Default 0.01.
    public var minRadius: Double = 0.01
    /// `--all` / `--edge`: nil means the command's default (viewer edge, export all).
    public var edgeOnly: Bool?
    /// `--radius R`: Apollonian outer radius. Default 1.
    public var radius: Double = 1
    /// `--decimals N`: Apollonian export rounding. Default 4.
    public var decimals: Int = 4
    /// `--url URL`: fetch sphere records from a web service.
    public var url: String?
    /// `--timeout S`: network timeout in seconds. Default 30.
    public var timeout: Double = 30
    /// `-o FILE`, `--output FILE`: output file (snapshot; export).
    public var outputFile: String?
    /// `--dimension P`: Apollonian stats by radius octave up to 2^-P.
    public var dimension: Int?
    /// `--dither`: ordered dithering of quantized colours.
    public var dither = false
    /// `--transparent`: uncovered cells keep the terminal background.
    public var transparent = false
    /// `--threads N`: render threads; 0 means one per core. Default 1 headless.
    public var threads: Int?
    /// `--max-spheres N`: refuse Apollonian scenes larger than this. Default 2,000,000.
    public var maxSpheres: Int = 2_000_000
    /// True when `--max-spheres` was given (`stats --dimension` is unbounded otherwise).
    public var maxSpheresGiven = false
    /// `--packing standard|soddy`: which Apollonian packing. Default standard.
    public var packing: PackingKind = .standard
    /// `--color-by` and `--palette`: how spheres are coloured. Default by generation,
    /// the original palette.
    public var packingLook = PackingLook()
    /// `--cells`: snapshot writes a picture of the cells as a terminal draws them (8x16
    /// pixels per cell) instead of the pixel framebuffer.
    var cellsPicture = false
    /// `--cell-aspect F`: cell width / height of the terminal font; nil means from the
    /// cell size (8x16 headless: 0.5; the viewer asks the terminal).
    public var cellAspect: Double?
    /// `--format MODE`: how the picture is drawn: auto, or an output of `OutputKind`. Default
    /// auto (headless: cells).
    public var format: OutputChoice = .auto
    /// `--cell-size WxH`: pixels of one cell where the terminal does not say. Default 8x16
    /// (headless), the terminal's own size in the viewer.
    public var cellSize: CellSize?
    /// `--max-kbps N`: cap on graphics output in kilobits per second; nil: no cap.
    public var maxKbps: Int?
    /// `--asset-root DIR`: the folder a model's companion files may be read from (it must
    /// hold the model). Default nil: the model's own folder.
    public var assetRoot: String?

    /// `--size WxHpx`: a picture's size in pixels (preview -o); nil means cells x cell size.
    public var pixelSize: PixelSize?
    /// `--budget S`: seconds `orbit preview` may take before drawing a bounding box. Default 1.
    public var previewBudget: Double = 1

    public init() {}
}
