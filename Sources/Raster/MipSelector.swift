import Math3D

/// Picks the mip level for a triangle: the smallest level whose texels are still no smaller
/// than the triangle's pixels (texels per pixel in [1, 2) in the geometric mean of the two
/// axes), so minified textures neither sparkle nor blur more than the screen can show.
/// The diffuse and the emission texture each get their own level.
struct MipSelector {
    /// Index of the diffuse texture's level 0 in the frame's level table, or -1 without one.
    let base: Int32
    /// Number of levels.
    let levels: Int32
    /// Level-0 texels per unit of UV area.
    let texelsPerUVArea: Float
    /// The same for the emission texture.
    let glowBase: Int32, glowLevels: Int32, glowTexelsPerUVArea: Float
    /// The same for the occlusion map.
    let occlusionBase: Int32, occlusionLevels: Int32, occlusionTexelsPerUVArea: Float
    /// The same for the metal-roughness map.
    let metalBase: Int32, metalLevels: Int32, metalTexelsPerUVArea: Float
    /// The same for the normal map.
    let normalBase: Int32, normalLevels: Int32, normalTexelsPerUVArea: Float
    /// True when the material has no texture or map at all.
    let none: Bool

    /// A selector for `shade`'s textures; with `enabled` false it always picks level 0.
    init(shade: ShadeParams, sizes: [SIMD2<Int32>], enabled: Bool) {
        base = shade.texture
        levels = enabled ? shade.levels : min(shade.levels, 1)
        texelsPerUVArea = MipSelector.texelCount(shade.texture, sizes)
        glowBase = shade.emissiveTexture
        glowLevels = enabled ? shade.emissiveLevels : min(shade.emissiveLevels, 1)
        glowTexelsPerUVArea = MipSelector.texelCount(shade.emissiveTexture, sizes)
        occlusionBase = shade.occlusionTexture
        occlusionLevels = enabled ? shade.occlusionLevels : min(shade.occlusionLevels, 1)
        occlusionTexelsPerUVArea = MipSelector.texelCount(shade.occlusionTexture, sizes)
        metalBase = shade.metalTexture
        metalLevels = enabled ? shade.metalLevels : min(shade.metalLevels, 1)
        metalTexelsPerUVArea = MipSelector.texelCount(shade.metalTexture, sizes)
        normalBase = shade.normalTexture
        normalLevels = enabled ? shade.normalLevels : min(shade.normalLevels, 1)
        normalTexelsPerUVArea = MipSelector.texelCount(shade.normalTexture, sizes)
        none = base < 0 && glowBase < 0 && occlusionBase < 0 && metalBase < 0 && normalBase < 0
    }

    /// Texels of level 0 of the texture at table index `base`, or 0 for -1.
    private static func texelCount(_ base: Int32, _ sizes: [SIMD2<Int32>]) -> Float {
        guard base >= 0 else { return 0 }
        let s = sizes[Int(base)]
        return Float(s.x) * Float(s.y)
    }

    /// The level-table indices of each texture for a triangle whose doubled area is
    /// `area` in 1/256 pixel units, each -1 without that texture. Every texture's level is
    /// chosen by the density of the first coordinate set (`uvs`).
    @inline(__always)
    func level(area: Int64, uvs: (Vec2, Vec2, Vec2)) -> TextureLevels {
        if none { return .none }
        let e1 = uvs.1 - uvs.0
        let e2 = uvs.2 - uvs.0
        let uvArea = abs(e1.x * e2.y - e1.y * e2.x)
        return TextureLevels(
            diffuse: MipSelector.pick(base, levels, uvArea * texelsPerUVArea, area: area),
            glow: MipSelector.pick(glowBase, glowLevels, uvArea * glowTexelsPerUVArea, area: area),
            occlusion: MipSelector.pick(occlusionBase, occlusionLevels, uvArea * occlusionTexelsPerUVArea, area: area),
            metal: MipSelector.pick(metalBase, metalLevels, uvArea * metalTexelsPerUVArea, area: area),
            normal: MipSelector.pick(normalBase, normalLevels, uvArea * normalTexelsPerUVArea, area: area))
    }

    /// The level of a texture (`base`, `levels`) whose level-0 texels cover `texels` over a
    /// triangle of doubled area `area`.
    @inline(__always)
    private static func pick(_ base: Int32, _ levels: Int32, _ texels: Float, area: Int64) -> Int32 {
        if base < 0 { return -1 }
        let ratio = texels * 65536 / Float(area)  // (texels per pixel) squared
        guard ratio >= 4, ratio.isFinite else { return base }
        return base + min(Int32(ratio.exponent / 2), levels - 1)
    }
}

/// The texture levels one triangle samples: indices into the frame's level table, -1
/// for a texture the material lacks.
struct TextureLevels {
    var diffuse: Int32, glow: Int32
    var occlusion: Int32 = -1
    var metal: Int32 = -1
    var normal: Int32 = -1

    /// No texture at all.
    static let none = TextureLevels(diffuse: -1, glow: -1)
}
