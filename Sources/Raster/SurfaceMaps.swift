import Math3D
import SceneGraph

/// The data maps of one triangle's material, pinned at the levels the triangle reads
/// (`TriangleSetup`): occlusion, metal-roughness and normal. Their bytes are numbers (byte / 255),
/// not sRGB.
struct SurfaceMaps {
    /// The occlusion map's level, or nil without one.
    let occlusion: TexelLevel?
    /// The metal-roughness map's level, or nil without one.
    let metal: TexelLevel?
    /// The normal map's level, or nil without one.
    let normal: TexelLevel?
    /// The triangle's tangents, present with `normal`.
    let tangents: TangentSetup?

    /// The pixel at barycentric weights `l` (depth `z`) of `t`, shaded with the maps.
    @inline(__always)
    func shade(
        _ t: TriangleSetup, l: Vec3, z: Float, n: Vec3, ray: Vec3, albedo: Vec3, glow: Vec3, shade: ShadeParams,
        _ ctx: BandContext
    ) -> Vec3 {
        var n = n
        if let normal, let tangents {
            n = tilted(n, t, tangents, l: l, z: z, map: normal, shade: shade, ctx)
        }
        var ao: Float = 1
        if let occlusion {
            let (u, v) = coordinates(t, set: shade.occlusionSet, l: l, z: z)
            let red = occlusion.sample(u: u, v: v, lut: ctx.unorm, sampler: shade.occlusionSampler).x
            ao = 1 + shade.occlusionStrength * (min(max(red, 0), 1) - 1)
        }
        if let metal {
            let (u, v) = coordinates(t, set: shade.metalSet, l: l, z: z)
            let texel = metal.sample(u: u, v: v, lut: ctx.unorm, sampler: shade.metalSampler)
            let look = MetalRoughness(
                base: shade.baseColor * albedo, metallic: shade.metallic * texel.z, roughness: shade.roughness * texel.y
            )
            return shade.shade(
                n: n, ray: ray, light: ctx.light, albedo: albedo, glow: glow, occlusion: ao,
                diffuseScale: look.diffuseScale, specularColor: look.specular * shade.lightSpecular,
                exponent: look.shininess)
        }
        return shade.shade(n: n, ray: ray, light: ctx.light, albedo: albedo, glow: glow, occlusion: ao)
    }

    /// `n` tilted by the normal map: the interpolated tangent made perpendicular to `n`,
    /// the bitangent `sign(w) * cross(n, tangent)`, and the texel's `2 * value - 1` (red and
    /// green times `normalScale`) along tangent, bitangent and `n`. `n` itself where the
    /// tangent vanishes or the result is not a unit vector.
    @inline(__always)
    func tilted(
        _ n: Vec3, _ t: TriangleSetup, _ s: TangentSetup, l: Vec3, z: Float, map: TexelLevel, shade: ShadeParams,
        _ ctx: BandContext
    ) -> Vec3 {
        let raw = Vec3((l * s.tx).sum(), (l * s.ty).sum(), (l * s.tz).sum()) * z
        let along = raw - n * (raw * n).sum()
        let length2 = (along * along).sum()
        guard length2 > 1e-12 else { return n }
        let tangent = along * (1 / length2.squareRoot())
        let handed: Float = (l * s.tw).sum() < 0 ? -1 : 1
        let bitangent = handed * cross(n, tangent)
        let (u, v) = coordinates(t, set: shade.normalSet, l: l, z: z)
        let texel = map.sample(u: u, v: v, lut: ctx.unorm, sampler: shade.normalSampler) * 2 - 1
        let m = tangent * (texel.x * shade.normalScale) + bitangent * (texel.y * shade.normalScale) + n * texel.z
        let m2 = (m * m).sum()
        guard m2 > 1e-12, m2.isFinite else { return n }
        return m * (1 / m2.squareRoot())
    }

    /// The texture coordinates of set `set` (0 `Mesh.uvs`, 1 `Mesh.uvs1`) at the pixel.
    @inline(__always)
    func coordinates(_ t: TriangleSetup, set: UInt8, l: Vec3, z: Float) -> (Float, Float) {
        set == 0 ? ((l * t.u).sum() * z, (l * t.v).sum() * z) : ((l * t.u1).sum() * z, (l * t.v1).sum() * z)
    }
}
