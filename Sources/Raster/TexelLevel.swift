import Math3D
import SceneGraph

/// One texture level as the band rasterizer samples it (`MipChain`): level 0 in the
/// image's own sRGB bytes, smaller levels in linear-light floats.
struct TexelLevel {
    /// Level 0: 3 sRGB-encoded bytes per texel, or nil.
    let bytes: UnsafePointer<UInt8>?
    /// Smaller levels: 3 linear floats per texel, or nil.
    let floats: UnsafePointer<Float>?
    let width: Int, height: Int

    /// Bilinear sample in linear light at (`u`, `v`) (`Texture.bilinearTaps`); `lut` is
    /// `SRGB.toLinear`.
    @inline(__always)
    func sample(u: Float, v: Float, lut: UnsafePointer<Float>) -> Vec3 {
        sample(u: u, v: v, lut: lut, sampler: nil)
    }

    /// The same read under `sampler` (nil: `TextureSampler.standard`): level 0 counts as
    /// magnified, smaller levels as minified.
    @inline(__always)
    func sample(u: Float, v: Float, lut: UnsafePointer<Float>, sampler: TextureSampler?) -> Vec3 {
        var u = u
        var v = v
        if let sampler {
            (u, v) = sampler.address(
                u: u, v: v, width: width, height: height,
                nearest: bytes != nil ? sampler.magnifyNearest : sampler.minifyNearest)
        }
        if let bytes { return sampleBytes(bytes, u: u, v: v, lut: lut) }
        guard let floats else { return .one }
        let (i, tx, ty) = Texture.bilinearTaps(width: width, height: height, u: u, v: v)
        @inline(__always) func texel(_ k: Int) -> Vec3 {
            let p = floats + 3 * k
            return Vec3(p[0], p[1], p[2])
        }
        return Texture.blend(texel(i.x), texel(i.y), texel(i.z), texel(i.w), tx, ty)
    }

    /// `Texture.sampleBilinear(srgb:lut:width:height:u:v:)` over level 0's bytes, step for
    /// step the same arithmetic (so the same Float), with wrapping integer steps and inlined
    /// into the band walk: the index arithmetic cannot overflow, as every index is clamped to
    /// the texture, and the taps' checks and the call were a sixth of the sample's
    /// instructions.
    @inline(__always)
    func sampleBytes(_ bytes: UnsafePointer<UInt8>, u: Float, v: Float, lut: UnsafePointer<Float>) -> Vec3 {
        let u = abs(u) < 4_000_000 ? u : 0
        let v = abs(v) < 4_000_000 ? v : 0
        let fx = (u - Texture.floorParts(u).0) * Float(width) - 0.5
        let fy = (1 - (v - Texture.floorParts(v).0)) * Float(height) - 0.5
        let (x0f, xi) = Texture.floorParts(fx)
        let (y0f, yi) = Texture.floorParts(fy)
        let tx = fx - x0f
        let ty = fy - y0f
        var x0 = xi
        var y0 = yi
        var x1 = x0 &+ 1
        var y1 = y0 &+ 1
        // Most taps lie wholly inside, where the wrap and the clamps below change nothing.
        let insideX = UInt(bitPattern: xi) < UInt(bitPattern: width &- 1)
        if !insideX || UInt(bitPattern: yi) >= UInt(bitPattern: height &- 1) {
            if x0 < 0 { x0 &+= width }
            if x1 >= width { x1 &-= width }
            if y0 < 0 { y0 = 0 }
            if y1 >= height { y1 = height &- 1 }
            x0 = min(max(x0, 0), width &- 1)
            x1 = min(max(x1, 0), width &- 1)
            y0 = min(max(y0, 0), height &- 1)
            y1 = min(max(y1, 0), height &- 1)
        }
        let top = bytes + 3 &* (y0 &* width)
        let bottom = bytes + 3 &* (y1 &* width)
        let (c0, c1) = (3 &* x0, 3 &* x1)
        @inline(__always) func texel(_ p: UnsafePointer<UInt8>) -> Vec3 {
            Vec3(lut[Int(p[0])], lut[Int(p[1])], lut[Int(p[2])])
        }
        return Texture.blend(texel(top + c0), texel(top + c1), texel(bottom + c0), texel(bottom + c1), tx, ty)
    }
}
