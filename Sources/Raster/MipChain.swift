import Math3D
import SceneGraph

/// A texture and its smaller copies: level 0 is the texture's own sRGB bytes (shared with
/// its image, not copied), each further level halves both sides down to 1 x 1, box-filtered
/// 2 x 2 in linear light and kept as linear floats (3 per texel), exactly as a chain of
/// linear-light texels would be. The chain costs 3 bytes per texel for level 0 plus
/// 12 x 1/3 = 4 for the smaller levels.
///
/// The rasterizer samples the level whose texels are closest to (and not smaller than) one
/// pixel, which keeps minified textures from sparkling and keeps the texels it reads in cache.
final class MipChain {
    /// Level 0: the image's sRGB-encoded RGB bytes, row-major from the top-left.
    let base: [UInt8]
    /// Level 0's alpha bytes (the image's, shared), or empty for an opaque image.
    let alpha: [UInt8]
    /// Levels 1...: linear RGB floats, row-major from the top-left.
    let mips: [[Float]]
    /// Width and height of each level (level 0 first).
    let sizes: [SIMD2<Int32>]
    /// The frame in which the chain was last used (for eviction).
    var lastUsed: Int

    /// Number of levels, level 0 included.
    var levelCount: Int { sizes.count }

    /// The chain of `texture`; with `data` true its bytes are plain numbers (byte / 255, as
    /// glTF's occlusion, metal-roughness and normal maps), not sRGB, and the smaller levels
    /// average those numbers.
    init(_ texture: Texture, frame: Int, data: Bool = false) {
        base = texture.image.pixels
        alpha = data ? [] : texture.image.alpha
        var mips: [[Float]] = []
        var sizes = [SIMD2(Int32(texture.width), Int32(texture.height))]
        var w = texture.width
        var h = texture.height
        let lut = data ? MipChain.unorm : SRGB.toLinear
        while w > 1 || h > 1 {
            let nw = max(1, w / 2)
            let nh = max(1, h / 2)
            let dst: [Float]
            if let last = mips.last {
                dst = MipChain.halve(width: w, height: h) { k in Vec3(last[3 * k], last[3 * k + 1], last[3 * k + 2]) }
            } else {
                let bytes = base
                dst = MipChain.halve(width: w, height: h) { k in
                    Vec3(lut[Int(bytes[3 * k])], lut[Int(bytes[3 * k + 1])], lut[Int(bytes[3 * k + 2])])
                }
            }
            mips.append(dst)
            sizes.append(SIMD2(Int32(nw), Int32(nh)))
            w = nw
            h = nh
        }
        self.mips = mips
        self.sizes = sizes
        lastUsed = frame
    }

    /// Byte / 255 for each byte: how the bytes of data maps read.
    static let unorm: [Float] = (0..<256).map { Float($0) / 255 }

    /// The level below a `width` x `height` level whose linear texel `k` is `texel(k)`:
    /// each texel the mean of a 2 x 2 block (edge texels repeated for odd sides).
    @inline(__always)
    private static func halve(width w: Int, height h: Int, _ texel: (Int) -> Vec3) -> [Float] {
        let nw = max(1, w / 2)
        let nh = max(1, h / 2)
        var dst = [Float](repeating: 0, count: nw * nh * 3)
        for y in 0..<nh {
            let y0 = min(2 * y, h - 1)
            let y1 = min(2 * y + 1, h - 1)
            for x in 0..<nw {
                let x0 = min(2 * x, w - 1)
                let x1 = min(2 * x + 1, w - 1)
                let c = (texel(y0 * w + x0) + texel(y0 * w + x1) + texel(y1 * w + x0) + texel(y1 * w + x1)) * 0.25
                let k = 3 * (y * nw + x)
                dst[k] = c.x
                dst[k + 1] = c.y
                dst[k + 2] = c.z
            }
        }
        return dst
    }
}
