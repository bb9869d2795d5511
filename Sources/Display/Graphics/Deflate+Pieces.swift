import CZlib
import Dispatch

/// One zlib stream (RFC 1950) compressed as several pieces at once, as pigz does: each piece
/// of the input is a raw deflate stream of its own (runs only, `Z_RLE`, level 6), ended by a
/// sync flush (an empty stored block, so the next piece starts on a byte) and the last by
/// the final block; the pieces follow one zlib header, and their Adler-32 sums are combined
/// into the stream's. With runs only a piece loses nothing but the runs that cross its
/// start, so the stream is within a few bytes of one compressed whole.
final class DeflatePieces {
    /// One raw stream per piece, at fixed addresses; created on first use.
    private var streams: [UnsafeMutablePointer<z_stream>] = []
    /// Each piece's compressed bytes, kept from call to call.
    private var outputs: [[UInt8]] = []
    private var lengths: [Int] = []
    private var sums: [uLong] = []

    deinit {
        for s in streams {
            deflateEnd(s)
            s.deallocate()
        }
    }

    /// Writes the zlib stream of `input` to `buffer` (replacing what it held), compressing
    /// `pieces` equal parts (1...64) at once; false when zlib failed.
    func compress(_ input: [UInt8], pieces: Int, into buffer: inout [UInt8]) -> Bool {
        let n = max(1, min(pieces, 64, input.count / 4096 + 1))
        guard ready(n) else { return false }
        let count = input.count
        var failed = false
        input.withUnsafeBufferPointer { src in
            outputs.withUnsafeMutableBufferPointer { outs in
                lengths.withUnsafeMutableBufferPointer { lens in
                    sums.withUnsafeMutableBufferPointer { adlers in
                        // Each piece touches its own stream, output, length and sum only.
                        nonisolated(unsafe) let (src, outs, lens, adlers) = (src, outs, lens, adlers)
                        nonisolated(unsafe) let streams = self.streams
                        let piece: @Sendable (Int) -> Void = { p in
                            let start = p * count / n
                            let end = (p + 1) * count / n
                            let stream = streams[p]
                            let input = src.baseAddress.map { $0 + start }
                            adlers[p] = adler32(1, input, uInt(end - start))  // 1: the sum of nothing
                            let bound = Int(deflateBound(stream, uLong(end - start))) + 16
                            if outs[p].count < bound {
                                outs[p].append(contentsOf: repeatElement(0, count: bound - outs[p].count))
                            }
                            lens[p] = outs[p].withUnsafeMutableBufferPointer { out in
                                guard deflateReset(stream) == Z_OK else { return -1 }
                                stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
                                stream.pointee.avail_in = uInt(end - start)
                                stream.pointee.next_out = out.baseAddress
                                stream.pointee.avail_out = uInt(out.count)
                                let last = p == n - 1
                                let status = deflate(stream, last ? Z_FINISH : Z_SYNC_FLUSH)
                                let done = last ? status == Z_STREAM_END : status == Z_OK
                                guard done, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 else {
                                    return -1
                                }
                                return out.count - Int(stream.pointee.avail_out)
                            }
                        }
                        if n == 1 {
                            piece(0)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: n, execute: piece)
                        }
                        failed = lens[0..<n].contains { $0 < 0 }
                    }
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
        guard !failed else { return false }
        // zlib header: deflate, 32 KiB window, default level (as zlib writes at level 6).
        buffer += [0x78, 0x9C]
        var adler = adler32(0, nil, 0)
        for p in 0..<n {
            buffer += outputs[p][0..<lengths[p]]
            let length = (p + 1) * count / n - p * count / n
            adler = adler32_combine(adler, sums[p], off_t(length))
        }
        buffer += [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return true
    }

    /// At least `n` raw streams set up; false when zlib failed.
    private func ready(_ n: Int) -> Bool {
        while streams.count < n {
            let s = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            s.initialize(to: z_stream())
            guard orbit_deflate_init_raw(s, 6, Z_RLE) == Z_OK else {
                s.deallocate()
                return false
            }
            streams.append(s)
            outputs.append([])
            lengths.append(0)
            sums.append(0)
        }
        return true
    }
}
