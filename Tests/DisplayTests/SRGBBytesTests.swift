import Display
import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// `Framebuffer.writeSRGB8` gives each pixel `SRGB.encode8` of its colour (the background's
/// pixels from bytes converted once), on any number of threads, with or without alpha.
@Suite struct SRGBBytes {
    @Test func everyPixelIsItsColourEncoded() {
        for background in [Vec3.zero, Vec3(0.02, 0.05, 0.3), Vec3(-1, 2, .nan)] {
            var fb = Framebuffer(width: 64, height: 130, background: background)
            let odd: [Vec3] = [
                Vec3(.nan, 0.5, 1), Vec3(-0.5, .infinity, -.infinity), Vec3(1e-9, 0.999_99, 1.000_01),
                background, Vec3(background.x, background.y, 0.7),
            ]
            for i in fb.color.indices where i % 3 != 0 {
                fb.color[i] = i % 5 == 0 ? odd[i / 5 % odd.count] : Vec3(Float(i % 97) / 96, 0.4, Float(i % 13) / 12)
                fb.coverage[i] = i % 2 == 0 ? 255 : 0
            }
            for threads in [1, 3] {
                for alpha in [false, true] {
                    var bytes: [UInt8] = []
                    fb.writeSRGB8(into: &bytes, alpha: alpha, threads: threads)
                    let stride = alpha ? 4 : 3
                    #expect(bytes.count == fb.color.count * stride)
                    var wrong = 0
                    for (i, c) in fb.color.enumerated() {
                        let o = i * stride
                        // NaN reads as 0.
                        let want = [c.x, c.y, c.z].map { SRGB.encode8($0.isNaN ? 0 : $0) }
                        if Array(bytes[o..<(o + 3)]) != want || (alpha && bytes[o + 3] != fb.coverage[i]) { wrong += 1 }
                    }
                    #expect(wrong == 0, "background \(background), \(threads) threads, alpha \(alpha)")
                }
            }
        }
    }

    /// The table index is truncated in SIMD lanes: the same bytes as `SRGB.encode8` at every
    /// value where the index crosses a whole number (a few units in the last place either
    /// side of each), where truncation and rounding could part.
    @Test func indicesAtEveryBinEdge() {
        var values: [Float] = []
        for j in 0...4096 {
            var v = (Float(j) - 0.5) / 4095
            for _ in 0..<4 { v = v.nextDown }
            for _ in 0..<9 {
                values.append(v)
                v = v.nextUp
            }
        }
        var fb = Framebuffer(width: values.count, height: 1, background: Vec3(-1, -1, -1))
        for (i, v) in values.enumerated() { fb.color[i] = Vec3(v, values[values.count - 1 - i], 0.5) }
        var bytes: [UInt8] = []
        fb.writeSRGB8(into: &bytes)
        let encoded = values.map(SRGB.encode8)
        var wrong = 0
        for i in values.indices where bytes[3 * i] != encoded[i] || bytes[3 * i + 1] != encoded[values.count - 1 - i] {
            wrong += 1
        }
        #expect(wrong == 0)
    }
}
