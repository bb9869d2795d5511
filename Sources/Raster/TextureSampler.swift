import Math3D
import SceneGraph

/// Bilinear texture lookups for the inner loop: the same arithmetic as
/// `Texture.sampleBilinear` (repeat in u, clamp in v, linear light), with floors that need
/// no library call, and safe for any `u`, `v` (huge or NaN coordinates read as 0).
enum TextureSampler {
    /// `floor(x)` for |x| < 2^62.
    @inline(__always)
    static func floor(_ x: Float) -> Float {
        let t = Float(Int64(x))
        return t > x ? t - 1 : t
    }

    /// Bilinear sample of `width` x `height` texels at (`u`, `v`); `v` = 0 is the bottom row.
    @inline(__always)
    static func sample(_ texels: UnsafePointer<Vec3>, width: Int, height: Int, u: Float, v: Float) -> Vec3 {
        let u = abs(u) < 1e7 ? u : 0, v = abs(v) < 1e7 ? v : 0
        let fx = (u - floor(u)) * Float(width) - 0.5
        let fy = (1 - (v - floor(v))) * Float(height) - 0.5
        let x0f = floor(fx), y0f = floor(fy)
        let tx = fx - x0f, ty = fy - y0f
        var x0 = Int(x0f), y0 = Int(y0f)
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
