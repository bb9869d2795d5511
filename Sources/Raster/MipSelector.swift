import Math3D

/// Picks the mip level for a triangle: the smallest level whose texels are still no smaller
/// than the triangle's pixels (texels per pixel in [1, 2) in the geometric mean of the two
/// axes), so minified textures neither sparkle nor blur more than the screen can show.
/// Each texture of the material gets its own level.
struct MipSelector {
    /// One texture of the material: its level 0's index in the frame's level table (-1
    /// without it), its number of levels, and its level-0 texels per unit of UV area.
    struct Slot {
        let base: Int32
        let levels: Int32
        let texelsPerUVArea: Float

        /// The slot of the texture at table index `base` with `levels` levels (only level 0
        /// unless `enabled`).
        init(_ base: Int32, levels: Int32, sizes: [SIMD2<Int32>], enabled: Bool) {
            self.base = base
            self.levels = enabled ? levels : min(levels, 1)
            if base >= 0 {
                let s = sizes[Int(base)]
                texelsPerUVArea = Float(s.x) * Float(s.y)
            } else {
                texelsPerUVArea = 0
            }
        }

        /// The level whose texels best match a triangle of doubled area `area` covering
        /// `uvArea` of the texture, or -1 without the texture.
        @inline(__always)
        func pick(uvArea: Float, area: Int64) -> Int32 {
            if base < 0 { return -1 }
            let ratio = uvArea * texelsPerUVArea * 65536 / Float(area)  // (texels per pixel) squared
            guard ratio >= 4, ratio.isFinite else { return base }
            return base + min(Int32(ratio.exponent / 2), levels - 1)
        }
    }

    /// The diffuse texture, the emission texture, and the occlusion, metal-roughness and
    /// normal maps.
    let diffuse: Slot, glow: Slot, occlusion: Slot, metal: Slot, normal: Slot
    /// True when the material has no texture or map at all.
    let none: Bool

    /// A selector for `shade`'s textures; with `enabled` false it always picks level 0.
    init(shade: ShadeParams, sizes: [SIMD2<Int32>], enabled: Bool) {
        diffuse = Slot(shade.texture, levels: shade.levels, sizes: sizes, enabled: enabled)
        glow = Slot(shade.emissiveTexture, levels: shade.emissiveLevels, sizes: sizes, enabled: enabled)
        occlusion = Slot(shade.occlusionTexture, levels: shade.occlusionLevels, sizes: sizes, enabled: enabled)
        metal = Slot(shade.metalTexture, levels: shade.metalLevels, sizes: sizes, enabled: enabled)
        normal = Slot(shade.normalTexture, levels: shade.normalLevels, sizes: sizes, enabled: enabled)
        none = diffuse.base < 0 && glow.base < 0 && occlusion.base < 0 && metal.base < 0 && normal.base < 0
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
            diffuse: diffuse.pick(uvArea: uvArea, area: area), glow: glow.pick(uvArea: uvArea, area: area),
            occlusion: occlusion.pick(uvArea: uvArea, area: area), metal: metal.pick(uvArea: uvArea, area: area),
            normal: normal.pick(uvArea: uvArea, area: area))
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
