/// Where and how large a graphics output's picture is: the cell area it covers, the
/// pixels it is rendered at, and how the bytes travel.
public struct GraphicsPlacement: Equatable, Sendable {
    /// Cells across and down the picture covers.
    public var columns: Int
    public var rows: Int
    /// Screen row and column of its top-left cell (0-based).
    public var originRow: Int = 0
    public var originColumn: Int = 0
    /// Pixels of one cell.
    public var cellSize: CellSize
    /// Fraction of the full pixel size the picture is rendered at (0 < scale <= 1); the
    /// terminal scales it up to the cell area.
    public var scale: Double = 1
    /// Inside tmux: wrap the bytes for passthrough and place the picture at the pane's
    /// offset on the outer screen.
    public var tmux: TmuxInfo?
    /// Kitty places the picture by Unicode placeholder cells (`KittyPlaceholders`), which
    /// tmux keeps in the pane, instead of at a screen position; only where the area `fits`
    /// (at most 297 x 297 cells). Default off.
    public var placeholders = false

    /// A placement of `columns` x `rows` cells of `cellSize` pixels at the top-left corner.
    public init(columns: Int, rows: Int, cellSize: CellSize, scale: Double = 1) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.cellSize = cellSize
        self.scale = scale.isFinite ? min(max(scale, 0.05), 1) : 1
    }

    /// The pixel grid: the cell area in pixels times `scale`, within `SizeCap.graphicsPixels`,
    /// with the pixel aspect that makes the picture round once the terminal stretches it
    /// over the cells.
    public var grid: PixelGrid {
        let fullWidth = columns * cellSize.width
        let fullHeight = rows * cellSize.height
        let (w, h) = SizeCap.graphics(
            width: Int((Double(fullWidth) * scale).rounded()), height: Int((Double(fullHeight) * scale).rounded()))
        let aspect = (Double(fullWidth) / Double(w)) / (Double(fullHeight) / Double(h))
        return PixelGrid(width: w, height: h, pixelAspect: Float(aspect))
    }
}
