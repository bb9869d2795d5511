import Math3D

/// glTF's metal-roughness description of a surface mapped onto Blinn-Phong, the one
/// mapping both the glTF reader (constant factors) and the rasterizer (per pixel, under a
/// metallic-roughness texture) use.
///
/// With roughness `r` clamped to 0.05...1, metalness `m` clamped to 0...1 and
/// `k = m * (1 - r)` (how mirror-like a metal is):
/// - the direct diffuse reflectance is the base colour times `1 - k` (a polished metal
///   reflects little diffusely; a rough one keeps its colour, its broad lobe drawn as
///   diffuse light); the ambient reflectance stays the base colour, standing in for the
///   surroundings a metal reflects;
/// - the highlight colour is `(1 - m) * 0.5 * (1 - r)` grey plus `m * (1 - r)` times the
///   base colour (a dielectric's highlight is white, a metal's takes its colour);
/// - the Blinn-Phong exponent is `2 / r^4 - 2` (the Blinn-Phong equivalent of a GGX lobe
///   of that roughness) clamped to 1...512: small and sharp when smooth, broad when rough.
///
/// With `m` = 0 this is the highlight glTF files got before metalness was read.
public struct MetalRoughness: Hashable, Sendable {
    /// Factor on the base colour for direct diffuse light, 0.05...1.
    public let diffuseScale: Float
    /// Highlight colour (linear).
    public let specular: Vec3
    /// Blinn-Phong exponent, 1...512.
    public let shininess: Float

    /// The Blinn-Phong values for a surface of base colour `base` (linear), `metallic`
    /// 0...1 and `roughness` 0...1 (clamped; a non-finite value counts as 1).
    @inlinable @inline(__always)
    public init(base: Vec3, metallic: Float, roughness: Float) {
        let m = metallic.isFinite ? min(max(metallic, 0), 1) : 1
        let r = roughness.isFinite ? min(max(roughness, 0.05), 1) : 1
        let smooth = 1 - r
        diffuseScale = 1 - m * smooth
        specular = Vec3(repeating: (1 - m) * 0.5 * smooth) + base * (m * smooth)
        let r2 = r * r
        shininess = min(max(2 / (r2 * r2) - 2, 1), 512)
    }
}
