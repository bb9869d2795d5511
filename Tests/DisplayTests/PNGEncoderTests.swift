import Display
import Raster
import Testing

@Suite struct PNGEncoding {
    /// Pixels of the test globe (3 or 4 bytes each).
    func globe(_ w: Int, _ h: Int, alpha: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        TestFrames.globe(width: w, height: h).writeSRGB8(into: &bytes, alpha: alpha)
        return bytes
    }

    /// Encodes `pixels`, decodes the PNG with libpng and returns (file, decoded, what the
    /// encoder said the decoder would show).
    func roundTrip(_ pixels: [UInt8], _ w: Int, _ h: Int, alpha: Bool, tolerance: Int, threads: Int = 1) throws
        -> (png: [UInt8], decoded: [UInt8], shown: [UInt8])
    {
        var encoder = PNGEncoder(tolerance: tolerance)
        encoder.threads = threads
        var shown = pixels
        var png: [UInt8] = []
        #expect(encoder.encode(&shown, width: w, height: h, alpha: alpha, into: &png))
        let decoded = try #require(KittyDecoder.png(png))
        #expect(decoded.width == w && decoded.height == h && decoded.bytesPerPixel == (alpha ? 4 : 3))
        return (png, decoded.pixels, shown)
    }

    @Test(arguments: [1, 3])
    func exactAtToleranceZero(threads: Int) throws {
        for alpha in [false, true] {
            let pixels = globe(200, 120, alpha: alpha)
            let r = try roundTrip(pixels, 200, 120, alpha: alpha, tolerance: 0, threads: threads)
            #expect(r.decoded == pixels)
            #expect(r.shown == pixels)
        }
    }

    @Test(arguments: [1, 2])
    func nearLosslessStaysWithinTheToleranceAndDecodesToWhatItPromised(threads: Int) throws {
        let pixels = globe(240, 160)
        let exact = try roundTrip(pixels, 240, 160, alpha: false, tolerance: 0)
        for tolerance in [1, 2] {
            let r = try roundTrip(pixels, 240, 160, alpha: false, tolerance: tolerance, threads: threads)
            #expect(r.decoded == r.shown)
            let worst = zip(r.decoded, pixels).map { abs(Int($0) - Int($1)) }.max() ?? 99
            #expect(worst == tolerance)
            // Fewer distinct residuals: a smaller file than the exact one.
            #expect(r.png.count < exact.png.count * 9 / 10, "\(r.png.count) vs exact \(exact.png.count)")
        }
    }

    @Test func eachRowTakesTheFilterThatPredictsItBest() throws {
        // Rows 0-15: columns of noise repeated down (Up predicts them); rows 16-31: each row
        // a ramp from a random start (Sub); rows 32-47: rising to the right as fast as it
        // falls downwards (Average: the mean of left and above is exact).
        let (w, h) = (48, 48)
        var lcg = TestFrames.LCG(seed: 3)
        func random() -> Int { Int(lcg.byte()) }
        let columns = (0..<(w * 3)).map { _ in random() }
        var pixels: [UInt8] = []
        for y in 0..<h {
            let start = random()
            for i in 0..<(w * 3) {
                let v = y < 16 ? columns[i] : y < 32 ? start + 5 * (i / 3) : 150 + 2 * (i / 3) - 2 * (y - 32)
                pixels.append(UInt8(truncatingIfNeeded: v))
            }
        }
        for tolerance in [0, 1] {
            let r = try roundTrip(pixels, w, h, alpha: false, tolerance: tolerance)
            #expect(r.decoded == r.shown)
            #expect(zip(r.decoded, pixels).allSatisfy { abs(Int($0) - Int($1)) <= tolerance })
            // The filter byte of each row, from the inflated image data (one IDAT at 33). At
            // tolerance 1 the rounded row above can favour another filter; exact, it cannot.
            guard tolerance == 0 else { continue }
            let length = r.png[33..<37].reduce(0) { $0 << 8 | Int($1) }
            let data = try #require(KittyDecoder.inflate(Array(r.png[41..<(41 + length)])))
            let filters = (0..<h).map { data[$0 * (w * 3 + 1)] }
            #expect(filters[0] == 1)
            #expect(filters[2..<16].allSatisfy { $0 == 2 }, "\(filters)")
            #expect(filters[17..<32].allSatisfy { $0 == 1 }, "\(filters)")
            #expect(filters[34..<48].allSatisfy { $0 == 3 }, "\(filters)")
        }
    }

    @Test func alphaStaysExactAndExtremesDoNotWrap() throws {
        // Noise over the whole range, with 0 and 255 next to each other: residuals whose
        // rounding would leave 0...255 must be sent exactly, not wrapped.
        let (w, h) = (64, 48)
        var lcg = TestFrames.LCG(seed: 7)
        var pixels: [UInt8] = []
        for i in 0..<(w * h) {
            let v = lcg.byte()
            pixels += [i % 3 == 0 ? 0 : v, i % 5 == 0 ? 255 : v, 255 &- v, i % 2 == 0 ? 255 : 0]
        }
        let r = try roundTrip(pixels, w, h, alpha: true, tolerance: 1)
        #expect(r.decoded == r.shown)
        for i in 0..<pixels.count {
            let limit = i % 4 == 3 ? 0 : 1
            #expect(abs(Int(r.decoded[i]) - Int(pixels[i])) <= limit, "byte \(i)")
        }
    }

    @Test func sizesThatDoNotAgreeAreRefused() {
        var encoder = PNGEncoder()
        var pixels = [UInt8](repeating: 1, count: 10)
        var png: [UInt8] = [1]
        #expect(!encoder.encode(&pixels, width: 2, height: 2, alpha: false, into: &png))
        #expect(png.isEmpty)
    }
}
