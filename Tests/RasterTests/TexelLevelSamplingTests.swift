import Math3D
import SceneGraph
import Testing

@testable import Raster

@Suite struct TexelLevelSampling {
    /// The band walk's own bilinear read of level-0 bytes gives the very Float of
    /// `Texture.sampleBilinear(srgb:)`: inside, on the seams (u wraps, v clamps), far outside,
    /// and at coordinates that read as 0 (huge, infinite, NaN), on odd and tiny sizes.
    @Test func level0BytesSampleAsTheTextureDoes() {
        var lcg = TestLCG(seed: 11)
        for (width, height) in [(1, 1), (2, 1), (1, 3), (7, 5), (64, 32)] {
            let bytes = (0..<(3 * width * height)).map { _ in UInt8(truncatingIfNeeded: lcg.next() >> 24) }
            var coordinates: [Float] = [
                0, -0, 1, -1, 0.5, 1e-7, -1e-7, 0.999_999_94, 1.000_000_1, 3_999_999, 4_000_000, -4_000_000,
                .infinity, -.infinity, .nan, 123.456, -77.7,
            ]
            for _ in 0..<200 { coordinates.append(Float(Int32(truncatingIfNeeded: lcg.next())) / 1e8) }
            var wrong = 0
            bytes.withUnsafeBufferPointer { b in
                SRGB.toLinear.withUnsafeBufferPointer { lut in
                    let level = TexelLevel(bytes: b.baseAddress, floats: nil, width: width, height: height)
                    for u in coordinates {
                        for v in coordinates.shuffled(using: &lcg).prefix(20) {
                            let want = Texture.sampleBilinear(
                                srgb: b.baseAddress!, lut: lut.baseAddress!, width: width, height: height, u: u, v: v)
                            let got = level.sample(u: u, v: v, lut: lut.baseAddress!)
                            if want.x.bitPattern != got.x.bitPattern || want.y.bitPattern != got.y.bitPattern
                                || want.z.bitPattern != got.z.bitPattern
                            {
                                wrong += 1
                            }
                        }
                    }
                }
            }
            #expect(wrong == 0, "\(width)x\(height)")
        }
    }
}

/// A small linear congruential generator, also usable as a `RandomNumberGenerator`.
private struct TestLCG: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
