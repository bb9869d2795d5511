import CZlib
import Raster
import Testing

@testable import Display

/// The run-only deflate encoder: what zlib's inflate reads back, block by block and piece by
/// piece, and how its size compares with zlib's own runs-only deflate.
@Suite struct RunDeflateEncoding {
    /// zlib's inflate of a raw deflate stream; nil unless it reads to the final block and
    /// stops exactly at the stream's end.
    func inflateRaw(_ bytes: [UInt8], expected: Int) -> [UInt8]? {
        var stream = z_stream()
        guard orbit_inflate_init_raw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: expected + 16)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = i.baseAddress
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, stream.avail_in == 0 else { return nil }
        return Array(out[0..<Int(stream.total_out)])
    }

    func compress(_ input: [UInt8], last: Bool = true, encoder: RunDeflate = RunDeflate()) -> [UInt8] {
        var out: [UInt8] = []
        input.withUnsafeBufferPointer { encoder.compress($0, last: last, into: &out) }
        return out
    }

    /// zlib's raw deflate with runs only at level 6, the size `RunDeflate` replaced.
    func zlibRuns(_ input: [UInt8]) -> Int {
        var stream = z_stream()
        guard orbit_deflate_init_raw(&stream, 6, Z_RLE) == Z_OK else { return -1 }
        defer { deflateEnd(&stream) }
        var source = input
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        return source.withUnsafeMutableBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = i.baseAddress
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return -1 }
                return o.count - Int(stream.avail_out)
            }
        }
    }

    /// The IDAT chunks of a PNG file laid end to end (its zlib stream).
    static func imageData(_ png: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var pos = 8
        while pos + 8 <= png.count {
            let length = png[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(png[pos + 4..<pos + 8]) == Array("IDAT".utf8) { data += png[pos + 8..<pos + 8 + length] }
            pos += 12 + length
        }
        return data
    }

    /// Inputs of many shapes: empty, tiny, all one byte, noise (stored blocks), runs of
    /// every length 1 to 300 (matches at each length code's edges and across 258), and
    /// sparse runs in noise long enough for several blocks of symbols.
    static func shapes() -> [(String, [UInt8])] {
        var lcg = TestFrames.LCG(seed: 7)
        var cases: [(String, [UInt8])] = [
            ("empty", []), ("one byte", [42]), ("two equal", [9, 9]), ("three equal", [5, 5, 5]),
            ("four equal", [5, 5, 5, 5]), ("zeros 1 MB", [UInt8](repeating: 0, count: 1 << 20)),
        ]
        cases.append(("noise 200 KB", (0..<200_000).map { _ in lcg.byte() }))
        var runs: [UInt8] = []
        for length in 1...300 {
            runs += [UInt8](repeating: UInt8(length & 0xFF), count: length)
            runs.append(lcg.byte())
        }
        cases.append(("runs 1...300", runs))
        var sparse: [UInt8] = []
        while sparse.count < 400_000 {
            let b = lcg.byte()
            if b < 40 {
                sparse += [UInt8](repeating: b & 3, count: Int(lcg.byte()))
            } else {
                sparse.append(b & 0x0F)
            }
        }
        cases.append(("sparse runs 400 KB", sparse))
        // Exactly one block of symbols, and one more.
        cases.append(("one block", (0..<RunDeflate.blockTokens).map { UInt8($0 % 2) }))
        cases.append(("a block and one", (0...RunDeflate.blockTokens).map { UInt8($0 % 2) }))
        return cases
    }

    @Test func everyShapeInflatesToItself() {
        for (name, input) in Self.shapes() {
            let out = compress(input)
            #expect(inflateRaw(out, expected: input.count) == input, "\(name)")
        }
    }

    @Test func oneEncoderKeepsNothingFromTheCallBefore() {
        let encoder = RunDeflate()
        for (name, input) in Self.shapes().reversed() {
            #expect(inflateRaw(compress(input, encoder: encoder), expected: input.count) == input, "\(name)")
        }
    }

    /// A piece that is not the last ends on a byte after an empty stored block, so pieces
    /// laid end to end are one stream.
    @Test func piecesFollowOneAnother() {
        let shapes = Self.shapes()
        for (a, b) in zip(shapes, shapes.dropFirst(3) + shapes.prefix(3)) {
            let first = compress(a.1, last: false)
            #expect(Array(first.suffix(4)) == [0, 0, 0xFF, 0xFF], "\(a.0)")
            let both = first + compress(b.1)
            #expect(inflateRaw(both, expected: a.1.count + b.1.count) == a.1 + b.1, "\(a.0) then \(b.0)")
        }
    }

    /// Noise costs at most the stored blocks' headers; it is never coded bigger.
    @Test func noiseIsStored() {
        var lcg = TestFrames.LCG(seed: 3)
        let noise = (0..<300_000).map { _ in lcg.byte() }
        let out = compress(noise)
        #expect(out.count <= noise.count + 5 * (noise.count / 65_535 + 1) * 2 + 8)
        #expect(inflateRaw(out, expected: noise.count) == noise)
    }

    /// On a real frame's filtered rows the stream is the size of zlib's with runs, within
    /// half a percent (the same symbols; only block boundaries and codes differ).
    @Test func aFramesRowsAsSmallAsZlibsRuns() throws {
        var pixels: [UInt8] = []
        TestFrames.globe(width: 640, height: 400).writeSRGB8(into: &pixels, alpha: false)
        var encoder = PNGEncoder(tolerance: 1)
        var png: [UInt8] = []
        #expect(encoder.encode(&pixels, width: 640, height: 400, alpha: false, into: &png))
        let rows = try #require(KittyDecoder.inflate(Self.imageData(png)))
        let ours = compress(rows)
        #expect(inflateRaw(ours, expected: rows.count) == rows)
        let zlib = zlibRuns(rows)
        #expect(zlib > 0)
        #expect(Double(ours.count) <= Double(zlib) * 1.005, "run deflate \(ours.count) bytes, zlib runs \(zlib)")
    }

    /// Code lengths: within the limit, a complete code (Kraft sum exactly one), and a
    /// commoner symbol never longer than a rarer one; Fibonacci counts would make a Huffman
    /// code 30 bits deep without the limit.
    @Test func codeLengthsAreLimitedAndComplete() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        var lcg = TestFrames.LCG(seed: 11)
        let tables: [[UInt32]] = [
            fibonacci + [UInt32](repeating: 0, count: 256),
            (0..<286).map { _ in UInt32(lcg.byte()) * UInt32(lcg.byte()) },
            [0, 0, 5] + [UInt32](repeating: 0, count: 283),
            [UInt32](repeating: 0, count: 286),
            (0..<19).map { UInt32(1 << min($0, 20)) },
        ]
        for (k, frequencies) in tables.enumerated() {
            let limit = frequencies.count == 19 ? 7 : 15
            var lengths = [UInt8](repeating: 0, count: frequencies.count)
            frequencies.withUnsafeBufferPointer {
                RunDeflate.codeLengths($0.baseAddress!, count: frequencies.count, limit: limit, into: &lengths)
            }
            #expect(lengths.allSatisfy { Int($0) <= limit }, "table \(k)")
            let kraft = lengths.reduce(0) { $1 == 0 ? $0 : $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "table \(k): Kraft sum \(kraft) of \(1 << limit)")
            #expect(lengths.filter { $0 > 0 }.count >= 2, "table \(k)")
            for a in frequencies.indices where frequencies[a] > 0 {
                for b in frequencies.indices where frequencies[b] > frequencies[a] {
                    #expect(lengths[b] <= lengths[a], "table \(k): symbol \(b) more common than \(a)")
                }
            }
        }
    }
}
