import CZlib

/// zlib compression (RFC 1950 stream) into a reusable buffer, for PNG image data.
public struct Deflate: Sendable {
    /// How zlib looks for repetition.
    public enum Strategy: Sendable {
        /// Matches at any distance (zlib's default): raw pixels, where rows repeat.
        case matches
        /// Runs of one byte only (`Z_RLE`): filtered pixels, whose residuals rarely repeat
        /// at a distance; as small there and several times faster.
        case runs
    }

    /// zlib level 1-9; 1 (fastest) by default: frames are sent once and replaced.
    public var level: Int32
    /// How zlib looks for repetition (default `.matches`).
    public var strategy: Strategy

    /// A compressor at `level` (clamped to 1...9) with `strategy`.
    public init(level: Int32 = 1, strategy: Strategy = .matches) {
        self.level = min(max(level, 1), 9)
        self.strategy = strategy
    }

    /// Writes the zlib stream of `input` at the start of `buffer` (grown to zlib's bound
    /// for that size when smaller, never shrunk, so later frames reuse it) and returns its
    /// length; nil when zlib failed.
    public func compress(_ input: [UInt8], into buffer: inout [UInt8]) -> Int? {
        let bound = Int(compressBound(uLong(input.count))) + 64
        if buffer.count < bound { buffer.append(contentsOf: repeatElement(0, count: bound - buffer.count)) }
        var stream = z_stream()
        guard orbit_deflate_init(&stream, level, strategy == .runs ? Z_RLE : Z_DEFAULT_STRATEGY) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        let status = buffer.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { src in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        return status == Z_STREAM_END ? Int(stream.total_out) : nil
    }
}
