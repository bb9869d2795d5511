import Testing

@testable import Display

@Suite struct PNGFilterChoice {
    /// The 16-bytes-at-a-time filter choice against the one sampled pixel at a time: the same
    /// filter for every row of noisy, smooth and mixed rows, widths with and without a tail
    /// shorter than 16 bytes, and rows long enough to sum out the 16-bit lanes more than once.
    @Test func chunkedChoiceEqualsThePixelByPixelOne() {
        var lcg = TestFrames.LCG(seed: 29)
        for bpp in [3, 4] {
            for width in [1, 2, 5, 6, 7, 16, 17, 33, 100, 801, 1600, 1601] {
                for kind in 0..<4 {
                    // Two rows: the row above and the row filtered.
                    var rows = [UInt8](repeating: 0, count: 2 * width * bpp)
                    var level = Int(lcg.byte())
                    for i in rows.indices {
                        switch kind {
                        case 0: rows[i] = lcg.byte()
                        case 1:
                            level += Int(lcg.byte() % 5) - 2
                            rows[i] = UInt8(truncatingIfNeeded: level)
                        case 2: rows[i] = i % 7 == 0 ? lcg.byte() : 0
                        default: rows[i] = lcg.byte() < 128 ? 0 : 255
                        }
                    }
                    rows.withUnsafeBufferPointer { p in
                        let row = p.baseAddress! + width * bpp
                        let fast = PNGEncoder.bestFilter(row, width, bpp: bpp)
                        let sampled = PNGEncoder.bestFilterSampled(row, width, bpp: bpp)
                        #expect(fast == sampled, "bpp \(bpp) width \(width) kind \(kind)")
                    }
                }
            }
        }
    }
}
