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

    /// A selector for `shade`'s textures; with `enabled` false it always picks level 0.
    init(shade: ShadeParams, sizes: [SIMD2<Int32>], enabled: Bool) {
        base = shade.texture
        levels = enabled ? shade.levels : min(shade.levels, 1)
        texelsPerUVArea = MipSelector.texelCount(shade.texture, sizes)
        glowBase = shade.emissiveTexture
        glowLevels = enabled ? shade.emissiveLevels : min(shade.emissiveLevels, 1)
        glowTexelsPerUVArea = MipSelector.texelCount(shade.emissiveTexture, sizes)
    }

    /// Texels of level 0 of the texture at table index `base`, or 0 for -1.
    private static func texelCount(_ base: Int32, _ sizes: [SIMD2<Int32>]) -> Float {
        guard base >= 0 else { return 0 }
        let s = sizes[Int(base)]
        return Float(s.x) * Float(s.y)
    }

    /// The level-table indices (diffuse, emission) for a triangle whose doubled area is
    /// `area` in 1/256 pixel units, each -1 without that texture.
    @inline(__always)
    func level(area: Int64, uvs: (Vec2, Vec2, Vec2)) -> SIMD2<Int32> {
        if base < 0, glowBase < 0 { return SIMD2(-1, -1) }
        let e1 = uvs.1 - uvs.0
        let e2 = uvs.2 - uvs.0
        let uvArea = abs(e1.x * e2.y - e1.y * e2.x)
        return SIMD2(
            MipSelector.pick(base, levels, uvArea * texelsPerUVArea, area: area),
            MipSelector.pick(glowBase, glowLevels, uvArea * glowTexelsPerUVArea, area: area))
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
