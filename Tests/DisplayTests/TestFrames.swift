import Foundation
import Math3D
import Raster

/// Framebuffers for decode-back tests: a lit blue globe with land patches on black (the
/// Earth's palette problem), and discs of a few flat level colours (the packing's).
enum TestFrames {
    static func globe(width: Int, height: Int, seed: UInt32 = 1) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height)
        var random = LCG(seed: seed)
        let cx = Float(width) / 2
        let cy = Float(height) / 2
        let r = Float(min(width, height)) * 0.42
        for y in 0..<height {
            for x in 0..<width {
                let dx = (Float(x) - cx) / r
                let dy = (Float(y) - cy) / r
                let d2 = dx * dx + dy * dy
                guard d2 < 1 else { continue }
                let noise = Float(random.byte()) / 255 * 0.05
                let light = max(0.05, (1 - d2).squareRoot() * 0.8 - dx * 0.3)
                let land = sin(dx * 9) * cos(dy * 7) > 0.45
                let base = land ? Vec3(0.25, 0.2, 0.08) : Vec3(0.004, 0.01, 0.07)
                let i = y * width + x
                fb.color[i] = base * light + Vec3(repeating: noise * light)
                fb.coverage[i] = 255
            }
        }
        return fb
    }

    static func levels(width: Int, height: Int) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height)
        let colors = [
            Vec3(0.8, 0.1, 0.1), Vec3(0.1, 0.6, 0.1), Vec3(0.1, 0.2, 0.8), Vec3(0.5, 0.5, 0.5), Vec3(0.3, 0.3, 0.3),
        ]
        for y in 0..<height {
            for x in 0..<width {
                let k = ((x / 7) + (y / 5)) % (colors.count + 1)
                guard k < colors.count else { continue }
                fb.color[y * width + x] = colors[k]
                fb.coverage[y * width + x] = 255
            }
        }
        return fb
    }
}
