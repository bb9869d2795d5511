import Assets
import CZlib
import Display

/// Frames as an animated PNG (APNG 1.0): every frame exact, the first one the file's own
/// image (so a viewer without APNG shows it), each later one the rectangle that changed
/// since the frame before (`fcTL` offsets, drawn over the rest), looping forever (`acTL`
/// plays 0). A frame shown from n / fps s to m / fps s has the delay (m - n) / fps exactly.
///
/// The frames are compressed one by one as they arrive (`PNGEncoder`: per-row filters and
/// run-only deflate) and kept in memory until `finish`, which knows the frame count `acTL` needs.
public final class APNGWriter: MovieWriter {
    public let width: Int
    public let height: Int
    /// Frames per second of the frame numbers given to `add` (the delays' denominator).
    public let fps: Int
    private let path: String
    private var file: AtomicFile?
    private var encoder = PNGEncoder()
    private var pending: (rgb: [UInt8], frame: Int)?
    private var shown: [UInt8] = []
    private var rect: [UInt8] = []
    private var png: [UInt8] = []
    /// The chunks after `acTL`: fcTL, IDAT or fdAT for every frame written.
    private var body: [UInt8] = []
    private var ihdr: [UInt8] = []
    private var frames = 0
    /// The sequence number of the next fcTL or fdAT chunk.
    private var sequence: UInt32 = 0

    /// Starts an APNG of `width` x `height` pixels at `fps` frames per second (1...65535).
    public init(path: String, width: Int, height: Int, fps: Int) throws(RecordingError) {
        guard width > 0, height > 0, width < 1 << 30, height < 1 << 30, (1...65535).contains(fps) else {
            throw RecordingError("\(path): cannot record \(width)x\(height) pixels at \(fps) fps as APNG")
        }
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        do { file = try AtomicFile(path: path) } catch {
            throw RecordingError("\(path): cannot create the recording (\(error))")
        }
    }

    deinit { abandon() }

    /// Threads that compress each frame (default 1).
    public var threads: Int {
        get { encoder.threads }
        set { encoder.threads = min(max(newValue, 1), 64) }
    }

    public func add(_ rgb: [UInt8], frame: Int) throws(RecordingError) {
        try checkFrame(rgb, for: path)
        if let p = pending {
            guard frame > p.frame else { return }
            if p.rgb == rgb { return }
            try write(p.rgb, frames: frame - p.frame)
        }
        pending = (rgb, frame)
    }

    public func finish() throws(RecordingError) {
        if let p = pending { try write(p.rgb, frames: 1) }
        pending = nil
        guard let file else { throw RecordingError("\(path): the recording was stopped") }
        var head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        Self.chunk("IHDR", ihdr, to: &head)
        var control: [UInt8] = []
        Self.append(UInt32(frames), to: &control)
        Self.append(0, to: &control)  // plays: 0 = forever
        Self.chunk("acTL", control, to: &head)
        Self.chunk("IEND", [], to: &body)
        file.write(head)
        file.write(body)
        self.file = nil
        body = []
        do { try file.commit() } catch { throw RecordingError("\(path): cannot write the file (\(error))") }
    }

    public func abandon() {
        file?.abandon()
        file = nil
    }

    /// Compresses `rgb` (or the part that changed) shown for `count` frames.
    private func write(_ rgb: [UInt8], frames count: Int) throws(RecordingError) {
        guard file != nil else { throw RecordingError("\(path): the recording was stopped") }
        let box =
            shown.isEmpty
            ? FrameRect(x: 0, y: 0, w: width, h: height)
            : FrameRect.changed(rgb, from: shown, width: width, height: height) ?? FrameRect(x: 0, y: 0, w: 1, h: 1)
        box.copy(from: rgb, width: width, into: &rect)
        guard encoder.encode(&rect, width: box.w, height: box.h, alpha: false, into: &png),
            let chunks = Self.chunks(png)
        else {
            abandon()
            throw RecordingError("\(path): cannot compress a frame")
        }
        if frames == 0 { ihdr = chunks.ihdr }
        var control: [UInt8] = []
        Self.append(sequence, to: &control)
        for v in [box.w, box.h, box.x, box.y] { Self.append(UInt32(v), to: &control) }
        let delay = Self.delay(frames: count, fps: fps)
        control += [UInt8(delay.num >> 8), UInt8(delay.num & 255), UInt8(delay.den >> 8), UInt8(delay.den & 255)]
        control += [0, 0]  // dispose: none; blend: source
        Self.chunk("fcTL", control, to: &body)
        sequence += 1
        if frames == 0 {
            Self.chunk("IDAT", chunks.data, to: &body)
        } else {
            var data: [UInt8] = []
            data.reserveCapacity(chunks.data.count + 4)
            Self.append(sequence, to: &data)
            data += chunks.data
            Self.chunk("fdAT", data, to: &body)
            sequence += 1
        }
        frames += 1
        shown = rgb
    }

    /// `count` / `fps` seconds as 16-bit numerator and denominator (exact when both fit).
    static func delay(frames count: Int, fps: Int) -> (num: Int, den: Int) {
        var num = count
        var den = fps
        while num > 65535 || den > 65535 {
            num = (num + 1) / 2
            den = max(1, den / 2)
        }
        return (num, den)
    }

    /// The IHDR data and every IDAT's data, joined, of a PNG file; nil when it is not one.
    static func chunks(_ png: [UInt8]) -> (ihdr: [UInt8], data: [UInt8])? {
        guard png.count > 8 else { return nil }
        var ihdr: [UInt8]?
        var data: [UInt8] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length >= 0, at + 12 + length <= png.count else { return nil }
            let content = png[(at + 8)..<(at + 8 + length)]
            if type == "IHDR" { ihdr = Array(content) }
            if type == "IDAT" { data += content }
            at += 12 + length
        }
        guard let ihdr else { return nil }
        return (ihdr, data)
    }

    private static func append(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8], to bytes: inout [UInt8]) {
        append(UInt32(data.count), to: &bytes)
        let typeBytes = Array(type.utf8)
        bytes += typeBytes
        bytes += data
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        append(UInt32(truncatingIfNeeded: crc), to: &bytes)
    }
}
