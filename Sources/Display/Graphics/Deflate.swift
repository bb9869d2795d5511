import CZlib

/// zlib compression (RFC 1950 stream) with one reusable output buffer, for kitty's
/// `o=z` payloads.
public struct Deflate: Sendable {
    /// zlib level 1-9; 1 (fastest) by default: frames are sent once and replaced.
    public var level: Int32

    /// A compressor at `level` (clamped to 1...9).
    public init(level: Int32 = 1) {
        self.level = min(max(level, 1), 9)
    }

    /// Replaces `output` with the zlib stream of `input`; false when zlib failed (then
    /// `output` is empty).
    public func compress(_ input: [UInt8], into output: inout [UInt8]) -> Bool {
        let bound = Int(compressBound(uLong(input.count)))
        // Grows once to the bound; later frames reuse the storage.
        if output.count < bound { output.append(contentsOf: repeatElement(0, count: bound - output.count)) }
        var length = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { src in
                compress2(out.baseAddress, &length, src.baseAddress, uLong(src.count), level)
            }
        }
        guard status == Z_OK else {
            output.removeAll()
            return false
        }
        output.removeSubrange(Int(length)...)
        return true
    }
}
