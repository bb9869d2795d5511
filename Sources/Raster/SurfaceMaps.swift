import Math3D
import SceneGraph

/// The data maps of one triangle's material, pinned at the levels the triangle reads
/// (`TriangleSetup`): occlusion. Their bytes are numbers (byte / 255), not sRGB.
struct SurfaceMaps {
    /// The occlusion map's level, or nil without one.
    let occlusion: TexelLevel?

    /// The pixel at barycentric weights `l` (depth `z`) of `t`, shaded with the maps.
    @inline(__always)
    func shade(
        _ t: TriangleSetup, l: Vec3, z: Float, n: Vec3, ray: Vec3, albedo: Vec3, glow: Vec3, shade: ShadeParams,
        _ ctx: BandContext
    ) -> Vec3 {
        var ao: Float = 1
        if let occlusion {
            let (u, v) = coordinates(t, set: shade.occlusionSet, l: l, z: z)
            let red = occlusion.sample(u: u, v: v, lut: ctx.unorm, sampler: shade.occlusionSampler).x
            ao = 1 + shade.occlusionStrength * (min(max(red, 0), 1) - 1)
        }
        return shade.shade(n: n, ray: ray, light: ctx.light, albedo: albedo, glow: glow, occlusion: ao)
    }

    /// The texture coordinates of set `set` (0 `Mesh.uvs`, 1 `Mesh.uvs1`) at the pixel.
    @inline(__always)
    func coordinates(_ t: TriangleSetup, set: UInt8, l: Vec3, z: Float) -> (Float, Float) {
        set == 0 ? ((l * t.u).sum() * z, (l * t.v).sum() * z) : ((l * t.u1).sum() * z, (l * t.v1).sum() * z)
    }
}
