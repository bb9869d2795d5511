import Foundation
import Math3D
import SceneGraph

/// A material combined with the frame's light, ready for per-pixel Blinn-Phong shading.
struct ShadeParams {
    /// `max(material.ambient, diffuse / 4) * (scene.ambient + light.ambient)` (times the texture per pixel,
    /// as fixed-function OpenGL's modulate mode: the night side of a textured globe keeps
    /// its colours, dimmed, instead of turning flat grey).
    var ambient: Vec3
    /// `material.emissive`, added (times the emission texture per pixel, when there is one).
    var emissive: Vec3
    /// `material.diffuse * light.diffuse` (times the texture per pixel).
    var diffuse: Vec3
    /// `material.specular * light.specular`.
    var specular: Vec3
    /// Blinn-Phong exponent (`Material.specularExponent`).
    var exponent: Float
    /// `exponent` when it is a whole number 1...4096 (as most materials' are), else 0: the
    /// highlight is then `ShadeParams.power`, a few multiplications, instead of `powf`.
    var wholeExponent: Int = 0
    /// Index of the texture's level 0 in the frame's texture-level table, or -1 when the
    /// material has no texture.
    var texture: Int32
    /// Number of mip levels of the texture (0 without one).
    var levels: Int32
    /// Index of the emission texture's level 0 in the frame's texture-level table, or -1.
    var emissiveTexture: Int32 = -1
    /// Number of mip levels of the emission texture (0 without one).
    var emissiveLevels: Int32 = 0
    /// The texture coordinate set the emission texture reads: 0 the first, 1 the second.
    var glowSet: UInt8 = 0
    /// Index of the occlusion map's level 0 in the frame's texture-level table (a data
    /// chain: bytes / 255, not sRGB), or -1 without one.
    var occlusionTexture: Int32 = -1
    /// Number of mip levels of the occlusion map (0 without one).
    var occlusionLevels: Int32 = 0
    /// The texture coordinate set the occlusion map reads: 0 the first, 1 the second.
    var occlusionSet: UInt8 = 0
    /// `Material.occlusionStrength`, clamped to 0...1.
    var occlusionStrength: Float = 1
    /// How the occlusion map is read, or nil for `TextureSampler.standard`.
    var occlusionSampler: TextureSampler? = nil
    /// Index of the metal-roughness map's level 0 (a data chain), or -1 without one.
    var metalTexture: Int32 = -1
    /// Number of mip levels of the metal-roughness map (0 without one).
    var metalLevels: Int32 = 0
    /// The texture coordinate set the metal-roughness map reads.
    var metalSet: UInt8 = 0
    /// How the metal-roughness map is read, or nil for `TextureSampler.standard`.
    var metalSampler: TextureSampler? = nil
    /// `Material.metallic` and `Material.roughness`, which the map's blue and green multiply.
    var metallic: Float = 0, roughness: Float = 1
    /// `Material.diffuse` (the base colour under a metal-roughness map), for a metal's
    /// highlight colour.
    var baseColor: Vec3 = .one
    /// The light's specular colour.
    var lightSpecular: Vec3 = .zero
    /// Index of the normal map's level 0 (a data chain), or -1 without one.
    var normalTexture: Int32 = -1
    /// Number of mip levels of the normal map (0 without one).
    var normalLevels: Int32 = 0
    /// The texture coordinate set the normal map reads.
    var normalSet: UInt8 = 0
    /// `Material.normalScale`.
    var normalScale: Float = 1
    /// How the normal map is read, or nil for `TextureSampler.standard`.
    var normalSampler: TextureSampler? = nil
    /// True when any per-pixel surface map (occlusion, metal-roughness, normal) is present: drawing takes the
    /// slower path of `shade(n:ray:light:albedo:glow:occlusion:)`.
    var hasMaps = false
    /// How the diffuse texture is read, or nil for `TextureSampler.standard`.
    var sampler: TextureSampler? = nil
    /// How the emission texture is read, or nil for `TextureSampler.standard`.
    var glowSampler: TextureSampler? = nil
    /// What alpha does: 0 nothing (`AlphaMode.opaque`), 1 a cutoff (`.mask`), 2 an ordered
    /// dither (`.blend`).
    var alphaTest: UInt8 = 0
    /// `Material.opacity`, times the texture's alpha per pixel.
    var opacity: Float = 1
    /// The `.mask` cutoff.
    var alphaCutoff: Float = 0
    /// Index of the texture level whose alpha plane multiplies `opacity`, or -1.
    var alphaTexture: Int32 = -1
    /// False when the specular colour is black, so the highlight can be skipped.
    var hasSpecular: Bool

    /// Below this N.H the highlight is under 1e-4 of the specular colour and is skipped
    /// (saves a `pow` on most pixels for shiny materials).
    var cutoff: Float

    init(material m: Material, lighting: Lighting, texture: Int32, levels: Int32) {
        // Ambient reflectance at least a quarter of the diffuse: files often say Ka 0 0 0,
        // which would draw every face turned from the light in the background's black.
        ambient = pointwiseMax(m.ambient.rgb, 0.25 * m.diffuse.rgb) * lighting.ambient
        emissive = m.emissive.rgb
        diffuse = m.diffuse.rgb * lighting.diffuse
        specular = m.specular.rgb * lighting.specular
        baseColor = m.diffuse.rgb
        lightSpecular = lighting.specular
        exponent = m.specularExponent
        if exponent >= 1, exponent <= 4096, exponent == exponent.rounded() { wholeExponent = Int(exponent) }
        self.texture = texture
        self.levels = levels
        hasSpecular = specular != .zero && exponent.isFinite
        switch m.alphaMode {
        case .opaque: break
        case .mask(let cutoff):
            alphaTest = 1
            alphaCutoff = cutoff.isFinite ? cutoff : 0.5
        case .blend: alphaTest = 2
        }
        opacity = m.opacity.isFinite ? m.opacity : 1
        cutoff = hasSpecular ? expf(logf(1e-4) / exponent) : 1
    }

    /// Blinn-Phong in view space: emissive * glow + (ambient + diffuse * max(0, N.L)) * albedo +
    /// specular * max(0, N.H)^exponent, the highlight only where N.L > 0.
    /// - Parameters:
    ///   - n: unit surface normal.
    ///   - ray: direction from the eye to the surface point (any length).
    ///   - light: unit vector towards the light.
    ///   - albedo: texture colour (linear), one when untextured.
    ///   - glow: emission texture colour (linear), one without an emission texture.
    @inline(__always)
    func shade(n: Vec3, ray: Vec3, light: Vec3, albedo: Vec3, glow: Vec3 = .one) -> Vec3 {
        shade(n: n, ray: ray, light: light, albedo: albedo, glow: glow, occlusion: 1)
    }

    /// Blinn-Phong with the direct diffuse light times `diffuseScale`, the highlight of colour
    /// `specularColor` (material times light) and exponent `exponent` given per pixel, and
    /// the ambient term times `occlusion`: the metal-roughness map's shading.
    @inline(__always)
    func shade(
        n: Vec3, ray: Vec3, light: Vec3, albedo: Vec3, glow: Vec3, occlusion: Float, diffuseScale: Float,
        specularColor: Vec3, exponent: Float
    ) -> Vec3 {
        let ndl = (n * light).sum()
        var lit = ambient * occlusion
        if ndl > 0 { lit += diffuse * (ndl * diffuseScale) }
        var c = emissive * glow + lit * albedo
        if ndl > 0, specularColor != .zero {
            let v = -ray * (1 / (ray * ray).sum().squareRoot())
            let h = light + v
            let hl = (h * h).sum().squareRoot()
            if hl > 0 {
                let ndh = (n * h).sum() / hl
                if ndh > 0 { c += specularColor * powf(ndh, exponent) }
            }
        }
        return c
    }

    /// `shade(n:ray:light:albedo:glow:)` with the ambient term times `occlusion` (glTF's
    /// `1 + strength * (ao - 1)`, 1 without an occlusion map).
    @inline(__always)
    func shade(n: Vec3, ray: Vec3, light: Vec3, albedo: Vec3, glow: Vec3, occlusion: Float) -> Vec3 {
        let ndl = (n * light).sum()
        var lit = ambient * occlusion
        if ndl > 0 { lit += diffuse * ndl }
        var c = emissive * glow + lit * albedo
        if ndl > 0 {
            if hasSpecular {
                let v = -ray * (1 / (ray * ray).sum().squareRoot())
                let h = light + v
                let hl = (h * h).sum().squareRoot()
                if hl > 0 {
                    let ndh = (n * h).sum() / hl
                    if ndh > cutoff {
                        c += specular * (wholeExponent > 0 ? Self.power(ndh, wholeExponent) : powf(ndh, exponent))
                    }
                }
            }
        }
        return c
    }
}

extension ShadeParams {
    /// `x` to the whole power `n` (1 or more) by repeated squaring in Double, rounded to Float
    /// once: several times cheaper than `powf`, and the same Float as `powf` for all but about
    /// one value in a thousand, which differ by one unit in the last place (every Float
    /// 1e-4...1 tried for exponents 1 to 1000, results from 1e-4 up).
    @inline(__always)
    static func power(_ x: Float, _ n: Int) -> Float {
        var base = Double(x)
        var result = 1.0
        var k = n
        while k > 0 {
            if k & 1 != 0 { result *= base }
            base *= base
            k >>= 1
        }
        return Float(result)
    }

    /// Thresholds of a 4 x 4 ordered dither (Bayer), (k + 0.5) / 16, row-major: `.blend`
    /// draws a pixel whose alpha exceeds the threshold at its place.
    static let ditherThresholds: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map {
        (Float($0) + 0.5) / 16
    }

    /// True when the pixel (`x`, `y`) at texture coordinates (`u`, `v`) is drawn under the
    /// material's alpha mode (always when `alphaTest` is 0).
    @inline(__always)
    func covers(x: Int, y: Int, u: Float, v: Float, _ ctx: BandContext) -> Bool {
        var alpha = opacity
        if alphaTexture >= 0 {
            let size = ctx.textureSizes[Int(alphaTexture)]
            let w = Int(size.x)
            let h = Int(size.y)
            alpha *= ctx.alphas[Int(alphaTexture)].withUnsafeBufferPointer { a -> Float in
                guard a.count >= w * h, w > 0, h > 0 else { return 1 }
                let (i, tx, ty) = Texture.bilinearTaps(width: w, height: h, u: u, v: v)
                let top = Float(a[i.x]) + (Float(a[i.y]) - Float(a[i.x])) * tx
                let bottom = Float(a[i.z]) + (Float(a[i.w]) - Float(a[i.z])) * tx
                return (top + (bottom - top) * ty) / 255
            }
        }
        if alphaTest == 1 { return alpha >= alphaCutoff }
        return ShadeParams.ditherThresholds.withUnsafeBufferPointer { alpha > $0[(y & 3) << 2 | (x & 3)] }
    }
}
