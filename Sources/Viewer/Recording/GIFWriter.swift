import Assets
import CGif
import Display

/// Frames as an animated GIF89a through giflib: each frame is the rectangle that changed
/// since the frame before (the rest stays on screen), with a local palette of at most 256
/// colours made for that rectangle by the sixel output's median cut; the file loops forever
/// (NETSCAPE2.0 extension). A GIF counts time in centiseconds: frame n starts at
/// round(100 n / fps) cs, so delays alternate (3, 3, 4 at 30 fps) and never drift.
public final class GIFWriter: MovieWriter {
    public let width: Int
    public let height: Int
    /// Frames per second of the frame numbers given to `add`.
    public let fps: Int
    private let path: String
    private var file: AtomicFile?
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink = Sink()
    private var palette = MedianCut()
    /// The frame waiting for its delay (known once the next frame arrives).
    private var pending: (rgb: [UInt8], frame: Int)?
    /// The last frame written, to find what changed.
    private var shown: [UInt8] = []
    private var rect: [UInt8] = []
    private var indices: [UInt8] = []

    /// The bytes giflib writes, until they go to the file after each frame.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// Starts a GIF of `width` x `height` pixels (1...65535) at `fps` frames per second.
    public init(path: String, width: Int, height: Int, fps: Int) throws(RecordingError) {
        guard (1...65535).contains(width), (1...65535).contains(height), fps > 0 else {
            throw RecordingError("\(path): a GIF is 1-65535 pixels a side, not \(width)x\(height)")
        }
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        do { file = try AtomicFile(path: path) } catch {
            throw RecordingError("\(path): cannot create the recording (\(error))")
        }
        var error: Int32 = 0
        let write: OutputFunc = { gif, bytes, count in
            guard let gif, let bytes, count > 0, let user = orbit_gif_user(gif) else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            return count
        }
        gif = orbit_gif_open(Unmanaged.passUnretained(sink).toOpaque(), write, &error)
        guard let gif, orbit_gif_screen(gif, Int32(width), Int32(height)) != GIF_ERROR,
            orbit_gif_loop_forever(gif) != GIF_ERROR
        else {
            abandon()
            throw RecordingError("\(path): cannot start the GIF (\(String(cString: orbit_gif_error(error))))")
        }
    }

    deinit { abandon() }

    public func add(_ rgb: [UInt8], frame: Int) throws(RecordingError) {
        try checkFrame(rgb, for: path)
        if let p = pending {
            guard frame > p.frame else { return }
            if p.rgb == rgb { return }  // the same picture: shown on until the next change
            try write(p.rgb, from: p.frame, to: frame)
        }
        pending = (rgb, frame)
    }

    public func finish() throws(RecordingError) {
        if let p = pending { try write(p.rgb, from: p.frame, to: p.frame + 1) }
        pending = nil
        guard let gif, let file else { throw RecordingError("\(path): the recording was stopped") }
        self.gif = nil
        var error: Int32 = 0
        if orbit_gif_close(gif, &error) == GIF_ERROR {
            abandon()
            throw RecordingError("\(path): cannot finish the GIF (\(String(cString: orbit_gif_error(error))))")
        }
        file.write(sink.bytes)
        sink.bytes = []
        self.file = nil
        do { try file.commit() } catch { throw RecordingError("\(path): cannot write the file (\(error))") }
    }

    public func abandon() {
        if let gif {
            var error: Int32 = 0
            _ = orbit_gif_close(gif, &error)
        }
        gif = nil
        file?.abandon()
        file = nil
    }

    /// The start of frame `frame` in centiseconds.
    private func centiseconds(_ frame: Int) -> Int { (200 * frame + fps) / (2 * fps) }

    /// Writes `rgb` shown from frame `start` until frame `end`: the rectangle that changed.
    private func write(_ rgb: [UInt8], from start: Int, to end: Int) throws(RecordingError) {
        guard let gif, let file else { throw RecordingError("\(path): the recording was stopped") }
        let delay = min(65535, centiseconds(end) - centiseconds(start))
        let box =
            shown.isEmpty
            ? FrameRect(x: 0, y: 0, w: width, h: height)
            : FrameRect.changed(rgb, from: shown, width: width, height: height) ?? FrameRect(x: 0, y: 0, w: 1, h: 1)
        box.copy(from: rgb, width: width, into: &rect)
        palette.build(rgb: rect, registers: 256)
        let n = box.w * box.h
        if indices.count != n { indices = [UInt8](repeating: 0, count: n) }
        rect.withUnsafeBufferPointer { p in
            palette.lookup.withUnsafeBufferPointer { table in
                indices.withUnsafeMutableBufferPointer { out in
                    for i in 0..<n {
                        out[i] = table[MedianCut.key(p[3 * i], p[3 * i + 1], p[3 * i + 2])]
                    }
                }
            }
        }
        var size = 2
        while size < palette.colors.count { size *= 2 }
        var colors = [UInt8](repeating: 0, count: size * 3)
        for (i, c) in palette.colors.enumerated() {
            colors[3 * i] = c.x
            colors[3 * i + 1] = c.y
            colors[3 * i + 2] = c.z
        }
        let ok =
            orbit_gif_delay(gif, Int32(delay)) != GIF_ERROR
            && orbit_gif_frame(
                gif, Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h), colors, Int32(size), &indices)
                != GIF_ERROR
        guard ok else {
            let reason = String(cString: orbit_gif_error(gif.pointee.Error))
            abandon()
            throw RecordingError("\(path): cannot write a GIF frame (\(reason))")
        }
        shown = rgb
        guard file.write(sink.bytes) else {
            let reason = file.failure.map(\.description) ?? "write failed"
            abandon()
            throw RecordingError("\(path): cannot write the file (\(reason))")
        }
        sink.bytes.removeAll(keepingCapacity: true)
    }
}
