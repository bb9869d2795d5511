import Apollonian
import Cells
import Display
import Gestures

/// What `orbit preview` is told: everything a user sets on its command line, and the pane's
/// size the environment gives, built by one pure function (`Options.previewConfig`). No
/// field has a default, so a new one does not compile until that function passes it.
struct PreviewConfig: Equatable {
    /// `FILE`: the model, sphere records or built-in scene shown.
    let scene: String
    /// `--asset-root`: the folder a model's companion files may be read from; nil means the
    /// model's own folder.
    let assetRoot: String?
    /// `--color-by` and `--palette`: how a packing's spheres are coloured.
    let packingLook: PackingLook
    /// The grid, in cells: `--size COLSxROWS`, else the pane's size from the environment
    /// (`PreviewSize.sources`), else 80x24. With `--size WxHpx`: the picture's pixels, each
    /// a one-pixel cell.
    let columns: Int
    let rows: Int
    /// `-o FILE`: a PNG of the view instead of text; nil for text.
    let outputFile: String?
    /// `--budget`: seconds the preview may take before the model is drawn as its bounding
    /// box (default 1).
    let budget: Double
    /// Text: cells of `--glyphs` (default blocks in a UTF-8 locale, else ascii) at
    /// `--colors` (default from the environment, `PreviewCommand.depth`). With `-o`: the
    /// pixels (`.kitty`), where neither shows.
    let mode: OutputMode
    /// `--dither`, `--transparent`, `--cell-size` (default 8x16; 1x1 for `--size WxHpx`)
    /// and `--cell-aspect` (default the cell size's).
    let settings: OutputSettings
    /// `--yaw`, `--pitch`, `--roll` in degrees; the three-quarter view
    /// (`PreviewCommand.yaw`, `.pitch`) when none is given.
    let yaw: Double
    let pitch: Double
    let roll: Double
    /// `--zoom` (default 1, less in a pane narrower than it is tall, so the view stays whole).
    let zoom: Double
    /// `--zoom` was given: the apollonian packing is then browsed at that magnification.
    let zoomGiven: Bool

    /// The options the scene is loaded with (`SceneCatalog.load`): the scene, its companion
    /// files and look, and for a browsed packing the grid and magnification it is built for.
    var sceneOptions: Options {
        var o = Options()
        o.scene = scene
        o.assetRoot = assetRoot
        o.packingLook = packingLook
        o.columns = columns
        o.rows = rows
        o.cellSize = settings.cellSize
        o.cellAspect = settings.cellAspect
        o.zoom = zoom
        o.zoomGiven = zoomGiven
        return o
    }

    /// The motion `loaded` is drawn in: the view's angles and zoom (clamped to the scene's
    /// range), its aspect that of `rows` rows of the grid.
    func motion(for loaded: LoadedScene, rows: Int) -> MotionState {
        var o = sceneOptions
        o.yaw = yaw
        o.pitch = pitch
        o.roll = roll
        var motion = o.startingMotion(for: loaded)
        motion.setViewAspect(Double(columns) * settings.cellAspect / Double(max(rows, 1)))
        return motion
    }
}

extension Options {
    /// The configuration of `orbit preview`: pure, nothing is read but `environment` (the
    /// pane's size, and the locale and terminal for `--glyphs` and `--colors` `auto`).
    func previewConfig(environment: [String: String]) -> PreviewConfig {
        var columns = self.columns
        var rows = self.rows
        if !sizeGiven, let pane = PreviewSize.fromEnvironment(environment) {
            (columns, rows) = (pane.columns, pane.rows)
        }
        var settings = headlessOutputSettings()
        var aspect = headlessCellAspect
        if let pixels = pixelSize {
            // A picture of W x H pixels is a grid of W x H one-pixel cells.
            (columns, rows) = (pixels.width, pixels.height)
            settings.cellSize = CellSize(width: 1, height: 1)
            settings.cellAspect = cellAspect ?? 1
            aspect = 1
        }
        let angled = yaw != 0 || pitch != 0 || roll != 0
        let wide = Double(columns) * aspect / Double(max(rows, 1))
        let mode: OutputMode =
            outputFile == nil
            ? .cells(Look.glyphs(glyphs, environment: environment), PreviewCommand.depth(colors, environment))
            : .kitty
        return PreviewConfig(
            scene: scene, assetRoot: assetRoot, packingLook: packingLook, columns: columns, rows: rows,
            outputFile: outputFile, budget: previewBudget, mode: mode, settings: settings,
            yaw: angled ? yaw : PreviewCommand.yaw, pitch: angled ? pitch : PreviewCommand.pitch, roll: roll,
            zoom: !zoomGiven && wide < 1 ? max(0.05, wide) : zoom, zoomGiven: zoomGiven)
    }
}
