import Math3D
import SceneGraph

/// Bilinear texture lookups for the inner loop: the same arithmetic as
/// `Texture.sampleBilinear` (repeat in u, clamp in v, linear light) and the same results
/// for coordinates below 2^22 in size, with floors that need no library call or checked
/// conversion; larger, infinite or NaN coordinates read as 0.
enum TextureSampler {
    /// 1.5 * 2^23: adding it rounds a Float below 2^22 in size to an integer.
    private static let magic: Float = 12_582_912

    /// `floor(x)` as a Float and as an integer, for |x| < 2^22.
    @inline(__always)
    static func floorParts(_ x: Float) -> (Float, Int) {
        let shifted = x + magic
        let r = shifted - magic                                   // x rounded to nearest
        let i = Int(Int32(bitPattern: shifted.bitPattern) &- 0x4B40_0000)
        return r > x ? (r - 1, i - 1) : (r, i)
    }

    /// Bilinear sample of `width` x `height` texels at (`u`, `v`); `v` = 0 is the bottom row.
    @inline(__always)
    static func sample(_ texels: UnsafePointer<Vec3>, width: Int, height: Int, u: Float, v: Float) -> Vec3 {
        let u = abs(u) < 4_000_000 ? u : 0, v = abs(v) < 4_000_000 ? v : 0
        let fx = (u - floorParts(u).0) * Float(width) - 0.5
        let fy = (1 - (v - floorParts(v).0)) * Float(height) - 0.5
        let (x0f, xi) = floorParts(fx), (y0f, yi) = floorParts(fy)
        let tx = fx - x0f, ty = fy - y0f
        var x0 = xi, y0 = yi
        var x1 = x0 + 1
        var y1 = y0 + 1
        if x0 < 0 { x0 += width }
        if x1 >= width { x1 -= width }
        if y0 < 0 { y0 = 0 }
        if y1 >= height { y1 = height - 1 }
        x0 = min(max(x0, 0), width - 1); x1 = min(max(x1, 0), width - 1)
        y0 = min(max(y0, 0), height - 1); y1 = min(max(y1, 0), height - 1)
        let a = texels[y0 * width + x0], b = texels[y0 * width + x1]
        let c = texels[y1 * width + x0], d = texels[y1 * width + x1]
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }
}
