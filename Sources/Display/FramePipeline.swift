import Cells
import Foundation
import Math3D
import Raster
import SceneGraph

/// Scene to terminal bytes: one rasterizer and one framebuffer, sized by the output's
/// pixel grid, and one `FrameOutput`, reused frame after frame (nothing is allocated per
/// frame after the first). `orbit render`, `snapshot`, `bench` and the interactive viewer
/// all draw through it.
public final class FramePipeline {
    /// Where the frames go: cells, kitty graphics or sixel.
    public let output: any FrameOutput
    /// The rasterizer (its `threads` may be changed between frames).
    public let rasterizer: Rasterizer
    /// Threads the rasterizer and the output split each frame over (1...64; the bytes are
    /// identical for every value). Set from `init`; may be changed between frames.
    public var threads: Int {
        get { rasterizer.threads }
        set {
            rasterizer.threads = min(max(newValue, 1), 64)
            output.threads = rasterizer.threads
        }
    }
    /// The last rendered pixels, `output.grid.width` x `output.grid.height`.
    public internal(set) var framebuffer: Framebuffer
    /// True when the last `render` was cancelled (`Rasterizer.shouldCancel`): the
    /// framebuffer holds part of a picture, so `snapshotImage` gives nil and the frame
    /// must not be written until a `render` draws one whole.
    public private(set) var lastRenderCancelled = false
    /// The second framebuffer and the thread of `beginWrite` / `finishWrite`.
    let overlap = FrameOverlap()

    /// A pipeline drawing into `output`.
    /// - Parameter threads: threads for rendering and encoding; 0 (or less) means one per
    ///   core. Default 1.
    public init(output: any FrameOutput, threads: Int = 1) {
        self.output = output
        rasterizer = Rasterizer(threads: FramePipeline.resolvedThreads(threads))
        rasterizer.keepsNormals = output.readsNormals
        output.threads = rasterizer.threads
        framebuffer = Framebuffer(width: output.grid.width, height: output.grid.height)
    }

    /// A pipeline drawing `columns` x `rows` character cells.
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
    public convenience init(
        columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth, dither: Bool = false,
        transparent: Bool = false, threads: Int = 1, cellAspect: Double = 0.5
    ) {
        let settings = OutputSettings(dither: dither, transparent: transparent, cellAspect: cellAspect)
        self.init(
            output: CellOutput(columns: columns, rows: rows, glyphs: glyphs, colors: colors, settings: settings),
            threads: threads)
    }

    /// What the output draws with.
    public var mode: OutputMode { output.mode }
    /// Pixel width / height, from the output's pixel grid.
    public var pixelAspect: Float { output.grid.pixelAspect }

    /// Rasterizes `scene` into the framebuffer (the rasterizer clears it to the scene's
    /// background band by band, on its own threads, so it is not cleared here first).
    @discardableResult
    public func render(_ scene: Scene) -> RenderStats {
        overlap.holdsLatest = false
        let stats = rasterizer.render(scene, into: &framebuffer, pixelAspect: pixelAspect)
        lastRenderCancelled = stats.cancelled
        return stats
    }

    /// Replaces `bytes` with the output's update for the last rendered frame.
    public func write(into bytes: inout [UInt8]) {
        output.write(framebuffer, into: &bytes)
    }

    /// `threads` as a thread count: 0 or less means one per active core; at most 64.
    public static func resolvedThreads(_ threads: Int) -> Int {
        min(threads <= 0 ? ProcessInfo.processInfo.activeProcessorCount : threads, 64)
    }

    /// The framebuffer as an 8-bit sRGB image (what `orbit snapshot` writes).
    public func snapshotImage() -> Image? {
        guard !lastRenderCancelled else { return nil }
        // After `beginWrite` the last frame rendered is the one being encoded.
        let framebuffer = overlap.latest ?? framebuffer
        var pixels: [UInt8] = []
        framebuffer.writeSRGB8(into: &pixels, threads: threads)
        return Image(width: framebuffer.width, height: framebuffer.height, pixels: pixels)
    }
}
