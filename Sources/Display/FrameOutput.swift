import Raster

/// Turns rendered frames into terminal bytes for one area of the screen, and knows the
/// pixel grid it wants them rendered at. Character cells (with the diffing cell writer),
/// kitty graphics and sixel are its implementations; everything above (the viewer, the
/// headless commands, the benchmark) talks to this protocol only.
public protocol FrameOutput: AnyObject {
    /// What this output draws with.
    var mode: OutputMode { get }
    /// Cells across the area the picture covers (at least 1).
    var columns: Int { get }
    /// Cells down the area the picture covers (at least 1).
    var rows: Int { get }
    /// The framebuffer size and pixel shape `write(_:into:)` expects.
    var grid: PixelGrid { get }
    /// Threads the output may use to encode a frame (1...64).
    var threads: Int { get set }
    /// Replaces the contents of `bytes` with what brings the screen from the previous
    /// frame to `framebuffer` (which has `grid`'s size): only what changed, or the whole
    /// picture after `invalidate()`. Empty when nothing changed. Cursor positions are
    /// absolute; colours and attributes end at the terminal's defaults.
    func write(_ framebuffer: Framebuffer, into bytes: inout [UInt8])
    /// Forgets what the screen shows: the next `write` sends the whole picture (after a
    /// resize, a clear, or anything else drawn over the area).
    func invalidate()
    /// The bytes that take this output's picture off the screen, for quitting or for
    /// switching to another output; empty when the picture is plain cells that the next
    /// drawing overwrites.
    func removal() -> [UInt8]
    /// Whether `write(_:into:)` reads the framebuffer's normals (edge glyphs do); a pipeline
    /// for an output that does not has its rasterizer keep none (`Rasterizer.keepsNormals`).
    /// Default true.
    var readsNormals: Bool { get }
}

extension FrameOutput {
    public var readsNormals: Bool { true }
}

/// An output whose frames travel compressed (as PNG: kitty, iterm), with the figures
/// `orbit bench` reports.
public protocol CompressedFrameOutput: FrameOutput {
    /// Bytes of the last frame's pixels before compression.
    var lastRawBytes: Int { get }
    /// Time spent compressing (PNG filtering and deflate) so far, in nanoseconds.
    var compressNanoseconds: UInt64 { get }
}
