import Math3D
import SceneGraph

/// A texture and its smaller copies: level 0 is the texture, each further level halves
/// both sides (2x2 box filter in linear light) down to 1 x 1.
///
/// The rasterizer samples the level whose texels are closest to (and not smaller than) one
/// pixel, which keeps minified textures from sparkling and keeps the texels it reads in cache.
final class MipChain {
    /// Texels of each level, row-major from the top-left.
    let levels: [[Vec3]]
    /// Width and height of each level.
    let sizes: [SIMD2<Int32>]
    /// The frame in which the chain was last used (for eviction).
    var lastUsed: Int

    init(_ texture: Texture, frame: Int) {
        var levels = [texture.texels]
        var sizes = [SIMD2(Int32(texture.width), Int32(texture.height))]
        var w = texture.width, h = texture.height
        while w > 1 || h > 1 {
            let nw = max(1, w / 2), nh = max(1, h / 2)
            let src = levels[levels.count - 1]
            var dst = [Vec3](repeating: .zero, count: nw * nh)
            for y in 0..<nh {
                let y0 = min(2 * y, h - 1), y1 = min(2 * y + 1, h - 1)
                for x in 0..<nw {
                    let x0 = min(2 * x, w - 1), x1 = min(2 * x + 1, w - 1)
                    dst[y * nw + x] = (src[y0 * w + x0] + src[y0 * w + x1] + src[y1 * w + x0] + src[y1 * w + x1]) * 0.25
                }
            }
            levels.append(dst)
            sizes.append(SIMD2(Int32(nw), Int32(nh)))
            w = nw
            h = nh
        }
        self.levels = levels
        self.sizes = sizes
        lastUsed = frame
    }
}
