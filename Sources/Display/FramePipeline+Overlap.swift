import Dispatch
import Raster

/// Rendering the next frame while the last one is encoded: `beginWrite` hands the frame just
/// rendered to the output on a thread of its own and gives the rasterizer a second
/// framebuffer, so the next `render` runs while the output compresses; `finishWrite` waits
/// for the bytes. The screen shows each frame one frame later than a `render` + `write`
/// would, and every frame begun is finished and sent, in order.
///
///     pipeline.render(scene0)
///     pipeline.beginWrite()
///     pipeline.render(scene1)            // while frame 0 is encoded
///     pipeline.finishWrite(into: &bytes) // frame 0's bytes
///     pipeline.beginWrite()
///
/// Nothing else may touch `output` between `beginWrite` and `finishWrite` (finish first).
extension FramePipeline {
    /// Starts encoding the last rendered frame on another thread (after finishing one still
    /// being encoded, whose bytes are kept for the next `finishWrite`) and gives the
    /// rasterizer the other framebuffer. Does nothing for a cancelled render.
    public func beginWrite() {
        guard !lastRenderCancelled else { return }
        overlap.wait()
        overlap.swapIn(&framebuffer)
        overlap.start(output)
    }

    /// Appends the bytes of every frame begun and not yet finished, in order, waiting for the
    /// one being encoded; returns false when there were none.
    @discardableResult
    public func finishWrite(into bytes: inout [UInt8]) -> Bool {
        overlap.wait()
        return overlap.take(into: &bytes)
    }

    /// True while a frame begun by `beginWrite` has not been taken by `finishWrite`.
    public var writePending: Bool { overlap.pending }

    /// Largest framebuffer (pixels) drawn overlapped: the second framebuffer costs about
    /// 37 bytes a pixel (155 MB at this size), so larger pictures are drawn one frame at a time.
    public static let overlapPixelLimit = 2048 * 2048

    /// True when overlapping pays here: more than one thread, and a framebuffer within
    /// `overlapPixelLimit`.
    public var overlapHelps: Bool {
        threads > 1 && framebuffer.width * framebuffer.height <= Self.overlapPixelLimit
    }
}

/// The second framebuffer and the encoding thread of a `FramePipeline`.
final class FrameOverlap: @unchecked Sendable {
    private let queue = DispatchQueue(label: "orbit.frame-encode")
    private let group = DispatchGroup()
    /// The frame being (or last) encoded; touched by the encoding thread only between
    /// `start` and `wait`.
    private var encoding: Framebuffer?
    /// Bytes encoded and not yet taken.
    private var ready: [UInt8] = []
    private var scratch: [UInt8] = []
    private(set) var pending = false
    /// True from `swapIn` to the next render: the last frame rendered is `encoding`.
    var holdsLatest = false

    /// The last frame rendered when it is the one handed to the encoder (which only reads
    /// it), else nil.
    var latest: Framebuffer? { holdsLatest ? encoding : nil }

    /// Swaps `framebuffer` (just rendered) with the spare one; the rendered one is encoded.
    func swapIn(_ framebuffer: inout Framebuffer) {
        var spare =
            encoding.flatMap { $0.width == framebuffer.width && $0.height == framebuffer.height ? $0 : nil }
            ?? Framebuffer(width: framebuffer.width, height: framebuffer.height)
        encoding = nil
        swap(&spare, &framebuffer)
        encoding = spare
        holdsLatest = true
    }

    /// Encodes `encoding` through `output` on the encoding thread.
    func start(_ output: any FrameOutput) {
        pending = true
        nonisolated(unsafe) let output = output
        queue.async(group: group) { [self] in
            guard let frame = encoding else { return }
            // Straight into `ready` unless an earlier frame's bytes still wait there.
            if ready.isEmpty {
                output.write(frame, into: &ready)
            } else {
                output.write(frame, into: &scratch)
                ready += scratch
            }
        }
    }

    /// Waits until the frame being encoded is done.
    func wait() { group.wait() }

    /// Moves the encoded bytes to `bytes`; false when there were none begun.
    func take(into bytes: inout [UInt8]) -> Bool {
        defer {
            ready.removeAll(keepingCapacity: true)
            pending = false
        }
        bytes += ready
        return pending
    }
}
