import Foundation
import Math3D
import SceneGraph
import Raster

/// Scene to cells: one rasterizer, one framebuffer and one encoder, reused frame after
/// frame (nothing is allocated per frame after the first). `orbit render`, `snapshot`,
/// `bench` and the interactive viewer all draw through it.
public final class FramePipeline {
    /// The glyph set the cells are drawn with.
    public let glyphs: GlyphSet
    /// The colour depth of the cells.
    public let colors: ColorDepth
    /// Pixel width / height, from the glyph set and the cell aspect.
    public let pixelAspect: Float
    /// The rasterizer (its `threads` may be changed between frames).
    public let rasterizer: Rasterizer
    /// Threads the rasterizer and the encoder split each frame over (1...64; the cells are
    /// identical for every value). Set from `init(threads:)`; may be changed between frames.
    public var threads: Int {
        get { rasterizer.threads }
        set { rasterizer.threads = min(max(newValue, 1), 64) }
    }
    /// The cell encoder, with its hysteresis state.
    public var encoder: CellEncoder
    /// The last rendered pixels.
    public private(set) var framebuffer: Framebuffer
    /// The last encoded cells.
    public private(set) var grid: CellGrid

    /// The ASCII ramp's tone curve for `orbit`: luminance is computed in linear light, then
    /// the ramp follows luminance^(1/2.2). The darkest ASCII glyph inks only about 27% of a
    /// cell, so a linear map leaves every mid-tone (the Earth's oceans, a shaded sphere's
    /// far side) on the lightest glyph; see docs/DECISIONS.md in the repository.
    public static let rampGamma: Float = 2.2

    /// A pipeline for `columns` x `rows` cells.
    /// - Parameters:
    ///   - columns: cells across (at least 1).
    ///   - rows: cells down (at least 1).
    ///   - glyphs: the glyph set.
    ///   - colors: the colour depth.
    ///   - dither: ordered dithering for palettes. Default off.
    ///   - transparent: uncovered cells keep the terminal background. Default off.
    ///   - threads: threads for rendering and encoding; 0 (or less) means one per core.
    ///     Default 1.
    ///   - cellAspect: width / height of a terminal cell. Default 0.5.
    public init(columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth, dither: Bool = false, transparent: Bool = false,
                threads: Int = 1, cellAspect: Double = 0.5) {
        let columns = max(1, columns), rows = max(1, rows)
        self.glyphs = glyphs
        self.colors = colors
        let sub = glyphs.subpixels
        pixelAspect = glyphs.pixelAspect(cellAspect: Float(cellAspect))
        rasterizer = Rasterizer(threads: FramePipeline.resolvedThreads(threads))
        encoder = CellEncoder(glyphs: glyphs, colors: colors, dither: dither, transparent: transparent)
        encoder.rampGamma = FramePipeline.rampGamma
        framebuffer = Framebuffer(width: columns * sub.x, height: rows * sub.y)
        grid = CellGrid(columns: columns, rows: rows)
    }

    /// Rasterizes `scene` into the framebuffer (the rasterizer clears it to the scene's
    /// background band by band, on its own threads, so it is not cleared here first).
    @discardableResult
    public func render(_ scene: Scene) -> RenderStats {
        rasterizer.render(scene, into: &framebuffer, pixelAspect: pixelAspect)
    }

    /// Encodes the framebuffer into the cell grid, on `threads` bands of rows.
    public func encode() {
        encoder.encode(framebuffer, into: &grid, threads: threads)
    }

    /// `threads` as a thread count: 0 or less means one per active core; at most 64.
    public static func resolvedThreads(_ threads: Int) -> Int {
        min(threads <= 0 ? ProcessInfo.processInfo.activeProcessorCount : threads, 64)
    }

    /// The framebuffer as an 8-bit sRGB image (what `orbit snapshot` writes).
    public func snapshotImage() -> Image? {
        var pixels = [UInt8](repeating: 0, count: framebuffer.width * framebuffer.height * 3)
        for (i, c) in framebuffer.color.enumerated() {
            pixels[3 * i] = SRGB.encode8(c.x)
            pixels[3 * i + 1] = SRGB.encode8(c.y)
            pixels[3 * i + 2] = SRGB.encode8(c.z)
        }
        return Image(width: framebuffer.width, height: framebuffer.height, pixels: pixels)
    }
}

