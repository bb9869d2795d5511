import Cells

/// Conveniences for a pipeline whose output is character cells (text frames, quality
/// figures, tests).
extension FramePipeline {
    /// The cell output, or nil when the output is a graphics protocol.
    public var cellOutput: CellOutput? { output as? CellOutput }

    /// The colour depth the picture is shown at: the cells' depth, truecolor for graphics.
    public var colors: ColorDepth { cellOutput?.colors ?? .truecolor }

    /// Encodes the framebuffer into the cells without writing (no effect for graphics).
    public func encode() {
        cellOutput?.encode(framebuffer)
    }

    /// The cells of the last `encode()`; a blank 1x1 grid for graphics outputs.
    public var grid: CellGrid { cellOutput?.cells ?? CellGrid(columns: 1, rows: 1) }
}
