import Foundation
import Math3D
import Raster
import SceneGraph

@testable import OrbitCLI

/// What a model looks like at the viewer's default view, reduced to a few properties a
/// table can state: how much of the picture it covers, its main colour, its outline's shape.
struct CorpusPicture: CustomStringConvertible {
    /// Covered pixels / all pixels.
    var coverage: Double
    /// The mean colour of the covered pixels (sRGB 0...255) named coarsely.
    var colour: String
    /// The covered pixels' bounding box: `tall` (height > 1.25 x width), `wide`
    /// (width > 1.25 x height) or `square`.
    var shape: String
    /// Covered pixels drawn in the background colour (pure black): no lit face may be.
    var black: Int

    /// Renders `loaded` at `size` x `size` square pixels as the viewer first shows it.
    init(_ loaded: LoadedScene, size: Int = 96) {
        var framebuffer = Framebuffer(width: size, height: size, background: loaded.scene.background.rgb)
        _ = Rasterizer(threads: 1).render(loaded.scene, into: &framebuffer, pixelAspect: 1)
        var covered = 0
        var black = 0
        var sum = SIMD3<Double>.zero
        var lo = SIMD2(size, size)
        var hi = SIMD2(-1, -1)
        for y in 0..<size {
            for x in 0..<size where framebuffer.coverage[y * size + x] != 0 {
                let c = framebuffer.color[y * size + x]
                let s = SIMD3(Double(SRGB.encode8(c.x)), Double(SRGB.encode8(c.y)), Double(SRGB.encode8(c.z)))
                if s.max() < 1 { black += 1 }
                sum += s
                covered += 1
                lo = pointwiseMin(lo, SIMD2(x, y))
                hi = pointwiseMax(hi, SIMD2(x, y))
            }
        }
        coverage = Double(covered) / Double(size * size)
        self.black = black
        let mean = covered > 0 ? sum / Double(covered) : .zero
        colour = CorpusPicture.name(mean)
        let w = Double(hi.x - lo.x + 1)
        let h = Double(hi.y - lo.y + 1)
        shape = covered == 0 ? "none" : h > 1.25 * w ? "tall" : w > 1.25 * h ? "wide" : "square"
    }

    /// A coarse name for an sRGB colour: grey when its channels are close, else the
    /// dominant channel or pair.
    static func name(_ c: SIMD3<Double>) -> String {
        let top = c.max()
        let bottom = c.min()
        if top - bottom < 0.25 * max(top, 1) { return top < 60 ? "dark" : "grey" }
        let strong = [c.x, c.y, c.z].map { $0 > bottom + 0.6 * (top - bottom) }
        switch (strong[0], strong[1], strong[2]) {
        case (true, false, false): return "red"
        case (false, true, false): return "green"
        case (false, false, true): return "blue"
        case (true, true, false): return "yellow"
        case (false, true, true): return "cyan"
        case (true, false, true): return "magenta"
        default: return "grey"
        }
    }

    var description: String {
        String(format: "coverage=%.3f colour=%@ shape=%@ black=%d", coverage, colour, shape, black)
    }
}
