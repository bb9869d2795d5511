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
        if let bytes { return Texture.sampleBilinear(srgb: bytes, lut: lut, width: width, height: height, u: u, v: v) }
        guard let floats else { return .one }
        let (i, tx, ty) = Texture.bilinearTaps(width: width, height: height, u: u, v: v)
        @inline(__always) func texel(_ k: Int) -> Vec3 {
            let p = floats + 3 * k
            return Vec3(p[0], p[1], p[2])
        }
        return Texture.blend(texel(i.x), texel(i.y), texel(i.z), texel(i.w), tx, ty)
    }
}
