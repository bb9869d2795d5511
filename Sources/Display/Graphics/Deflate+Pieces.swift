import CZlib
import Dispatch

/// One zlib stream (RFC 1950) compressed as several pieces at once, as pigz does: each piece
/// of the input is a raw deflate stream of its own (runs only, `RunDeflate`), ended by a
/// sync flush (an empty stored block, so the next piece starts on a byte) and the last by
/// the final block; the pieces follow one zlib header, and their Adler-32 sums (zlib's) are
/// combined into the stream's. With runs only a piece loses nothing but the runs that cross
/// its start, so the stream is within a few bytes of one compressed whole.
final class DeflatePieces {
    /// One encoder per piece; created on first use.
    private var encoders: [RunDeflate] = []
    /// Each piece's compressed bytes, kept from call to call.
    private var outputs: [[UInt8]] = []
    private var sums: [uLong] = []

    /// Writes the zlib stream of `input` to `buffer` (replacing what it held), compressing
    /// `pieces` equal parts (1...64) at once.
    func compress(_ input: [UInt8], pieces: Int, into buffer: inout [UInt8]) {
        let n = max(1, min(pieces, 64, input.count / 4096 + 1))
        while encoders.count < n {
            encoders.append(RunDeflate())
            outputs.append([])
            sums.append(0)
        }
        let count = input.count
        input.withUnsafeBufferPointer { src in
            outputs.withUnsafeMutableBufferPointer { outs in
                sums.withUnsafeMutableBufferPointer { adlers in
                    // Each piece touches its own encoder, output and sum only.
                    nonisolated(unsafe) let (src, outs, adlers) = (src, outs, adlers)
                    nonisolated(unsafe) let encoders = self.encoders
                    let piece: @Sendable (Int) -> Void = { p in
                        let start = p * count / n
                        let end = (p + 1) * count / n
                        let part = UnsafeBufferPointer(rebasing: src[start..<end])
                        adlers[p] = adler32(1, part.baseAddress, uInt(part.count))  // 1: the sum of nothing
                        encoders[p].compress(part, last: p == n - 1, into: &outs[p])
                    }
                    if n == 1 {
                        piece(0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: n, execute: piece)
                    }
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
        // zlib header: deflate, 32 KiB window, default level (as zlib writes at level 6).
        buffer += [0x78, 0x9C]
        var adler = adler32(0, nil, 0)
        for p in 0..<n {
            buffer += outputs[p]
            let length = (p + 1) * count / n - p * count / n
            adler = adler32_combine(adler, sums[p], off_t(length))
        }
        buffer += [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }
}
