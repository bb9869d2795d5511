import CZlib

/// zlib compression (RFC 1950 stream, level 6, runs of one byte only: `Z_RLE`) into a
/// reusable buffer, for PNG image data: after PNG's filters long matches are rare and runs
/// of zeros are what repeats, so runs are as small as zlib's default and several times faster.
///
/// One zlib stream (about 400 KB of state) lives as long as the compressor and is reset
/// for each input instead of set up and freed again.
final class Deflate {
    /// The stream, at a fixed address (zlib's state points back to it); nil until the first
    /// `compress` set it up.
    private var stream: UnsafeMutablePointer<z_stream>?

    deinit {
        if let stream {
            deflateEnd(stream)
            stream.deallocate()
        }
    }

    /// Writes the zlib stream of `input` at the start of `buffer` (grown to zlib's bound
    /// for that size when smaller, never shrunk, so later inputs reuse it) and returns its
    /// length; nil when zlib failed.
    func compress(_ input: [UInt8], into buffer: inout [UInt8]) -> Int? {
        guard let stream = ready() else { return nil }
        let bound = Int(deflateBound(stream, uLong(input.count)))
        if buffer.count < bound { buffer.append(contentsOf: repeatElement(0, count: bound - buffer.count)) }
        let status = buffer.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { src in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.pointee.avail_in = uInt(src.count)
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                return deflate(stream, Z_FINISH)
            }
        }
        return status == Z_STREAM_END ? Int(stream.pointee.total_out) : nil
    }

    /// The stream, set up on first use and reset afterwards; nil when zlib failed.
    private func ready() -> UnsafeMutablePointer<z_stream>? {
        if let stream { return deflateReset(stream) == Z_OK ? stream : nil }
        let s = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        s.initialize(to: z_stream())
        guard orbit_deflate_init(s, 6, Z_RLE) == Z_OK else {
            s.deallocate()
            return nil
        }
        stream = s
        return s
    }
}
