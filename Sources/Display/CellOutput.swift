import Cells
import Raster

/// Character cells: the framebuffer encoded into a `CellGrid` by the `CellEncoder`, then
/// diffed by the `FrameWriter` so only the cells that changed are sent. The pixel grid is
/// the glyph set's sub-pixels: `columns * x` by `rows * y`.
public final class CellOutput: FrameOutput {
    public let mode: OutputMode
    /// The glyph set the cells are drawn with.
    public let glyphs: GlyphSet
    /// The colour depth of the cells.
    public let colors: ColorDepth
    public let grid: PixelGrid
    public var threads: Int {
        didSet { threads = min(max(threads, 1), 64) }
    }
    /// The cell encoder, with its hysteresis state.
    public var encoder: CellEncoder
    /// The diffing writer; its `synchronized` is off when the caller wraps whole frames
    /// (picture, overlays, status line) in one synchronized update.
    public var writer: FrameWriter
    /// The cells of the last encoded frame.
    public private(set) var cells: CellGrid

    /// The ASCII ramp's tone curve for `orbit`: luminance is computed in linear light, then
    /// the ramp follows luminance^(1/2.2). The darkest ASCII glyph inks only about 27% of a
    /// cell, so a linear map leaves every mid-tone (the Earth's oceans, a shaded sphere's
    /// far side) on the lightest glyph; see docs/DECISIONS.md in the repository.
    public static let rampGamma: Float = 2.2

    /// Cells for a `columns` x `rows` area (each at least 1) drawn with `glyphs` at
    /// `colors`; the writer places the area's top-left cell at the screen's top-left.
    public init(
        columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth,
        settings: OutputSettings = OutputSettings(), threads: Int = 1
    ) {
        let columns = max(1, columns)
        let rows = max(1, rows)
        mode = .cells(glyphs, colors)
        self.glyphs = glyphs
        self.colors = colors
        let sub = glyphs.subpixels
        grid = PixelGrid(
            width: columns * sub.x, height: rows * sub.y,
            pixelAspect: glyphs.pixelAspect(cellAspect: Float(settings.cellAspect)))
        self.threads = min(max(threads, 1), 64)
        encoder = CellEncoder(
            glyphs: glyphs, colors: colors, dither: settings.dither, transparent: settings.transparent)
        encoder.rampGamma = Self.rampGamma
        writer = FrameWriter()
        cells = CellGrid(columns: columns, rows: rows)
    }

    public var columns: Int { cells.columns }
    public var rows: Int { cells.rows }

    /// Text written over the encoded cells of every frame (`--labels`). Default none.
    public var tags: [CellTag] = []

    /// Encodes `framebuffer` into `cells` (on `threads` bands of rows) without writing,
    /// then writes `tags` over them.
    public func encode(_ framebuffer: Framebuffer) {
        encoder.encode(framebuffer, into: &cells, threads: threads)
        if !tags.isEmpty { stampTags() }
    }

    /// Black text on bright white (16-colour codes, which every colour depth shows), or
    /// plain text without colour.
    private func stampTags() {
        let fg: CellColor = colors == ColorDepth.none ? .default : .indexed(0)
        let bg: CellColor = colors == ColorDepth.none ? .default : .indexed(15)
        for tag in tags where tag.row >= 0 && tag.row < cells.rows {
            for (i, ch) in tag.text.unicodeScalars.enumerated() {
                let column = tag.column + i
                guard column >= 0, column < cells.columns else { continue }
                cells.cells[tag.row * cells.columns + column] = Cell(glyph: ch, fg: fg, bg: bg)
            }
        }
    }

    public func write(_ framebuffer: Framebuffer, into bytes: inout [UInt8]) {
        encode(framebuffer)
        writer.write(cells, into: &bytes)
    }

    public func invalidate() { writer.invalidate() }

    public func removal() -> [UInt8] { [] }

    /// Only edge glyphs read the normals.
    public var readsNormals: Bool { glyphs == .edges }
}
