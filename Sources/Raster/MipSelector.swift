import Math3D

/// Picks the mip level for a triangle: the smallest level whose texels are still no smaller
/// than the triangle's pixels (texels per pixel in [1, 2) in the geometric mean of the two
/// axes), so minified textures neither sparkle nor blur more than the screen can show.
struct MipSelector {
    /// Index of level 0 in the frame's level table, or -1 without a texture.
    let base: Int32
    /// Number of levels.
    let levels: Int32
    /// Level-0 texels per unit of UV area.
    let texelsPerUVArea: Float

    /// A selector for `shade`'s texture; with `enabled` false it always picks level 0.
    init(shade: ShadeParams, sizes: [SIMD2<Int32>], enabled: Bool) {
        base = shade.texture
        levels = enabled ? shade.levels : min(shade.levels, 1)
        if shade.texture >= 0 {
            let s = sizes[Int(shade.texture)]
            texelsPerUVArea = Float(s.x) * Float(s.y)
        } else {
            texelsPerUVArea = 0
        }
    }

    /// The level-table index for a triangle whose doubled area is `area` in 1/256 pixel
    /// units, or -1 when untextured.
    @inline(__always)
    func level(area: Int64, uvs: (Vec2, Vec2, Vec2)) -> Int32 {
        if base < 0 { return -1 }
        let e1 = uvs.1 - uvs.0, e2 = uvs.2 - uvs.0
        let texels = abs(e1.x * e2.y - e1.y * e2.x) * texelsPerUVArea
        let ratio = texels * 65536 / Float(area)        // (texels per pixel) squared
        guard ratio >= 4, ratio.isFinite else { return base }
        return base + min(Int32(ratio.exponent / 2), levels - 1)
    }
}
