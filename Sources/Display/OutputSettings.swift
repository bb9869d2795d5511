import Cells

/// How any output draws, apart from its mode: `--dither`, `--transparent`, the shape and
/// pixel size of the terminal's cells, and what the terminal said about graphics.
public struct OutputSettings: Equatable, Sendable {
    /// Ordered dithering for palette colours (`--dither`). Default off.
    public var dither: Bool
    /// Uncovered pixels keep the terminal's background (`--transparent`). Default off.
    public var transparent: Bool
    /// Width / height of one terminal cell (`--cell-aspect`, else from `cellSize`).
    /// Default 0.5.
    public var cellAspect: Double
    /// Pixels of one cell (`--cell-size`, else what the terminal reports). Default 8x16.
    public var cellSize: CellSize = .standard
    /// Fraction of the full pixel size graphics frames are rendered at (flow control,
    /// `--max-kbps`); cells ignore it. Default 1.
    public var scale: Double = 1
    /// Colour registers a sixel image may use (from XTSMGRAPHICS). Default 256.
    public var sixelRegisters: Int = 256
    /// Kitty frames through temporary files (the terminal reads our files). Default off.
    public var kittyFiles = false
    /// The first of the two image ids kitty frames alternate between
    /// (`KittyOutput.firstID`; the viewer sets `KittyOutput.processImageID`). Default
    /// `KittyOutput.imageID`.
    public var kittyImageID = KittyOutput.imageID
    /// Inside tmux with passthrough: where the pane is on the outer screen.
    public var tmux: TmuxInfo?
    /// Inside tmux: kitty pictures placed by Unicode placeholders
    /// (`KittyPlaceholders.wanted`). Default off.
    public var kittyPlaceholders = false

    /// Settings with the defaults of docs/CLI.md.
    public init(dither: Bool = false, transparent: Bool = false, cellAspect: Double = 0.5) {
        self.dither = dither
        self.transparent = transparent
        self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 0.5
    }
}

extension OutputSettings {
    /// An output of `mode` for a `columns` x `rows` cell area at the top-left corner, made
    /// by its kind's row of the output table.
    public func makeOutput(_ mode: OutputMode, columns: Int, rows: Int, threads: Int = 1) -> any FrameOutput {
        var placement = GraphicsPlacement(columns: columns, rows: rows, cellSize: cellSize, scale: scale)
        placement.tmux = tmux
        placement.placeholders =
            kittyPlaceholders && tmux != nil && KittyPlaceholders.fits(columns: columns, rows: rows)
        return mode.kind.row.make(mode, placement, self, threads)
    }
}
