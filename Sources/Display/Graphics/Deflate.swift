import CZlib

/// zlib compression (RFC 1950 stream) into a reusable output buffer, for kitty's `o=z`
/// payloads and PNG image data.
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

    /// Replaces `output` with the zlib stream of `input`; false when zlib failed (then
    /// `output` is empty).
    public func compress(_ input: [UInt8], into output: inout [UInt8]) -> Bool {
        output.removeAll(keepingCapacity: true)
        return append(input, to: &output)
    }

    /// Appends the zlib stream of `input` to `output`; false when zlib failed (then
    /// `output` is as before).
    public func append(_ input: [UInt8], to output: inout [UInt8]) -> Bool {
        let start = output.count
        let bound = Int(compressBound(uLong(input.count))) + 64
        // Grows to the bound; later frames reuse the storage.
        output.append(contentsOf: repeatElement(0, count: bound))
        var stream = z_stream()
        let strategy = self.strategy == .runs ? Z_RLE : Z_DEFAULT_STRATEGY
        guard orbit_deflate_init(&stream, level, strategy) == Z_OK else {
            output.removeSubrange(start...)
            return false
        }
        defer { deflateEnd(&stream) }
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { src in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = out.baseAddress.map { $0 + start }
                stream.avail_out = uInt(bound)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            output.removeSubrange(start...)
            return false
        }
        output.removeSubrange((start + Int(stream.total_out))...)
        return true
    }
}
