import Foundation
import Math3D
import SceneGraph

extension GLTFReader {
    /// Material `index`'s emitted light: `emissiveFactor` (default black) times
    /// `KHR_materials_emissive_strength`, and the emissive texture, sampled per pixel: on
    /// the mesh's first coordinate set when it reads the coordinates the mesh keeps there
    /// (`uvMapping`), else on the second (`set` 1, `secondMapping`).
    mutating func emission(_ g: GLTFDocument.Material, index: Int) throws(AssetError) -> (Color, Texture?, set: Int) {
        guard let e = g.emissiveFactor else { return (.black, nil, 0) }
        guard e.count == 3, e.allSatisfy(\.isFinite) else {
            throw AssetError(file: name, "material \(index): emissiveFactor needs 3 finite numbers")
        }
        var factor = Vec3(e[0], e[1], e[2])
        if let strength = g.extensions?.emissiveStrength?.emissiveStrength {
            guard strength.isFinite, strength >= 0 else {
                throw AssetError(
                    file: name, "material \(index): emissiveStrength \(strength) is not a finite number >= 0")
            }
            factor *= strength
        }
        if factor != .zero, let info = g.emissiveTexture, let texture = try texture(info.index) {
            let own = GLTFReader.mapping(info)
            let kept = uvMapping(index)
            let set = kept.map { $0.set == own.set && $0.transform == own.transform ? 0 : 1 } ?? 0
            return (Color(linear: GLTFReader.clamp01(factor)), texture, set)
        }
        return (Color(linear: GLTFReader.clamp01(factor)), nil, 0)
    }

    /// The texture coordinate set and transform of the first of material `index`'s
    /// emissive, occlusion, metal-roughness and normal textures that reads other
    /// coordinates than the mesh keeps for the base colour (`uvMapping`, or `TEXCOORD_0`
    /// untransformed without one), with the name of that texture: what goes into the mesh's
    /// second set. Nil when they all read the kept coordinates.
    func secondMapping(_ index: Int?) -> (set: Int, transform: GLTFDocument.TextureTransform?, texture: String)? {
        guard let index, let all = doc.materials, index >= 0, index < all.count else { return nil }
        let g = all[index]
        let kept = uvMapping(index) ?? (0, nil)
        // An emissive texture counts only when the emission is not black (`emission`).
        let glows = g.emissiveFactor.map { $0.contains { $0 != 0 } } ?? false
        let candidates: [(GLTFDocument.TextureInfo?, String)] = [
            (glows ? g.emissiveTexture : nil, "emissive"), (g.occlusionTexture, "occlusion"),
            (g.pbrMetallicRoughness?.metallicRoughnessTexture, "metallic-roughness"), (g.normalTexture, "normal"),
        ]
        for case (let info?, let kind) in candidates {
            let own = GLTFReader.mapping(info)
            if own.set != kept.set || own.transform != kept.transform { return (own.set, own.transform, kind) }
        }
        return nil
    }

    /// The mesh coordinate set a texture reference of material `index` reads: 0 when it
    /// reads the coordinates the mesh keeps (`uvMapping`), 1 when it reads the second
    /// mapping (`secondMapping`), nil when it reads a third one (not drawn).
    func meshSet(_ info: GLTFDocument.TextureInfo, material index: Int) -> Int? {
        let own = GLTFReader.mapping(info)
        let kept = uvMapping(index) ?? (0, nil)
        if own.set == kept.set && own.transform == kept.transform { return 0 }
        guard let second = secondMapping(index) else { return nil }
        return own.set == second.set && own.transform == second.transform ? 1 : nil
    }

    /// Material `index`'s `occlusionTexture`: the texture, its `strength` (default 1,
    /// clamped to 0...1) and the mesh set it reads; nil without one, or (with a warning)
    /// when it reads a third coordinate mapping.
    mutating func occlusion(_ g: GLTFDocument.Material, index: Int) throws(AssetError) -> (Texture, Float, Int)? {
        guard let info = g.occlusionTexture else { return nil }
        let strength = info.strength ?? 1
        guard strength.isFinite else {
            throw AssetError(file: name, "material \(index): occlusion strength \(strength) is not a finite number")
        }
        guard let (texture, set) = try mapTexture(info, "occlusion", material: index) else { return nil }
        return (texture, min(max(strength, 0), 1), set)
    }

    /// A `metallicFactor` or `roughnessFactor` (glTF default 1); not finite is an error.
    func unitFactor(_ value: Float?, _ what: String, material index: Int) throws(AssetError) -> Float {
        guard let value else { return 1 }
        guard value.isFinite else {
            throw AssetError(file: name, "material \(index): \(what) \(value) is not a finite number")
        }
        return value
    }

    /// Material `index`'s `metallicRoughnessTexture` and the mesh set it reads; nil without
    /// one, or (with a warning) when it reads a third coordinate mapping.
    mutating func metalRoughnessMap(_ pbr: GLTFDocument.PBR?, material index: Int) throws(AssetError)
        -> (Texture, Int)?
    {
        try mapTexture(pbr?.metallicRoughnessTexture, "metallic-roughness", material: index)
    }

    /// Material `index`'s `normalTexture`: the texture, its `scale` (default 1; not finite
    /// is an error) and the mesh set it reads; nil without one, or (with a warning) when it
    /// reads a third coordinate mapping.
    mutating func normalMap(_ g: GLTFDocument.Material, index: Int) throws(AssetError) -> (Texture, Float, Int)? {
        guard let info = g.normalTexture else { return nil }
        let scale = info.scale ?? 1
        guard scale.isFinite else {
            throw AssetError(file: name, "material \(index): normal texture scale \(scale) is not a finite number")
        }
        guard let (texture, set) = try mapTexture(info, "normal", material: index) else { return nil }
        return (texture, scale, set)
    }

    /// The texture of map `info` (named `what` in a warning) of material `index`, and the
    /// mesh set it reads; nil without one, or, with a one-line warning, when it reads a
    /// third coordinate mapping (a mesh keeps two), so it is not drawn.
    mutating func mapTexture(_ info: GLTFDocument.TextureInfo?, _ what: String, material index: Int)
        throws(AssetError) -> (Texture, Int)?
    {
        guard let info, let texture = try texture(info.index) else { return nil }
        guard let set = meshSet(info, material: index) else {
            context.warnings.append(
                AssetError(
                    file: name,
                    "material \(index): \(what) texture reads a third texture coordinate set or transform; not drawn"))
            return nil
        }
        return (texture, set)
    }

    /// `m` for a primitive without the second coordinate set its maps read: emission on
    /// that set counts with its mean colour (`withMeanEmission`), other maps on it are
    /// left out.
    static func withoutSecondSet(_ m: Material) -> Material {
        var copy = m.emissiveUVSet == 1 ? withMeanEmission(m) : m
        if copy.occlusionUVSet == 1 {
            copy.occlusionTexture = nil
            copy.occlusionUVSet = 0
        }
        if copy.metallicRoughnessUVSet == 1 { copy = withoutMetalRoughnessMap(copy) }
        if copy.normalUVSet == 1 { copy = withoutNormalMap(copy) }
        return copy
    }

    /// `m` without its normal map.
    static func withoutNormalMap(_ m: Material) -> Material {
        guard m.normalTexture != nil else { return m }
        var copy = m
        copy.normalTexture = nil
        copy.normalUVSet = 0
        return copy
    }

    /// `m` without its metal-roughness map: the factors alone, as for a material without one.
    static func withoutMetalRoughnessMap(_ m: Material) -> Material {
        guard m.metallicRoughnessTexture != nil else { return m }
        var copy = m
        let look = MetalRoughness(base: m.diffuse.rgb, metallic: m.metallic, roughness: m.roughness)
        copy.diffuse = Color(linear: m.diffuse.rgb * look.diffuseScale)
        copy.specular = Color(linear: look.specular)
        copy.shininess = look.shininess
        copy.metallicRoughnessTexture = nil
        copy.metallicRoughnessUVSet = 0
        return copy
    }

    /// True when one of `m`'s textures reads the mesh's second coordinate set.
    static func readsSecondSet(_ m: Material) -> Bool {
        (m.emissiveTexture != nil && m.emissiveUVSet == 1) || (m.occlusionTexture != nil && m.occlusionUVSet == 1)
            || (m.metallicRoughnessTexture != nil && m.metallicRoughnessUVSet == 1)
            || (m.normalTexture != nil && m.normalUVSet == 1)
    }

    /// `m` for a primitive without the coordinates its emission texture reads: the
    /// texture counts with its mean colour (linear light), so a texture that glows in a few
    /// spots adds little, not solid white.
    static func withMeanEmission(_ m: Material) -> Material {
        guard let t = m.emissiveTexture else { return m }
        var copy = m
        copy.emissive = Color(linear: clamp01(m.emissive.rgb * mean(t)))
        copy.emissiveTexture = nil
        copy.emissiveUVSet = 0
        return copy
    }

    /// Material `index`'s `alphaMode` (`OPAQUE` when absent) and `alphaCutoff` (0.5 when
    /// absent, used by `MASK` only).
    func alphaMode(_ g: GLTFDocument.Material, index: Int) throws(AssetError) -> AlphaMode {
        switch g.alphaMode ?? "OPAQUE" {
        case "OPAQUE": return .opaque
        case "BLEND": return .blend
        case "MASK":
            let cutoff = g.alphaCutoff ?? 0.5
            guard cutoff.isFinite, cutoff >= 0 else {
                throw AssetError(file: name, "material \(index): alphaCutoff \(cutoff) is not a finite number >= 0")
            }
            return .mask(cutoff: cutoff)
        case let other:
            throw AssetError(
                file: name,
                "material \(index): alphaMode \(AssetError.oneLine(other)) is not OPAQUE, MASK or BLEND")
        }
    }

    /// `m` drawn unlit (`KHR_materials_unlit`): its base colour and texture become the
    /// emission, and it reflects no light (no ambient, diffuse or highlight), so the surface
    /// shows its base colour whatever the lights.
    static func unlit(_ m: Material) -> Material {
        var u = m
        u.emissive = m.diffuse
        u.emissiveTexture = m.texture
        u.texture = nil
        u.ambient = .black
        u.diffuse = .black
        u.specular = .black
        u.occlusionTexture = nil
        u.metallicRoughnessTexture = nil
        u.normalTexture = nil
        return u
    }

    /// The mean of a texture's linear-light texels.
    static func mean(_ texture: Texture) -> Vec3 {
        let pixels = texture.image.pixels
        let lut = SRGB.toLinear
        guard pixels.count >= 3 else { return .zero }
        var sum = SIMD3<Double>.zero
        for i in stride(from: 0, to: pixels.count - 2, by: 3) {
            sum += SIMD3<Double>(
                Double(lut[Int(pixels[i])]), Double(lut[Int(pixels[i + 1])]), Double(lut[Int(pixels[i + 2])]))
        }
        sum /= Double(pixels.count / 3)
        return Vec3(Float(sum.x), Float(sum.y), Float(sum.z))
    }

    /// The texture coordinate set and transform a mesh keeps for material `index`: those
    /// its base colour texture reads, or without one its emissive texture; nil when the
    /// primitive has no such material or texture.
    func uvMapping(_ index: Int?) -> (set: Int, transform: GLTFDocument.TextureTransform?)? {
        guard let index, let all = doc.materials, index >= 0, index < all.count,
            let info = all[index].pbrMetallicRoughness?.baseColorTexture ?? all[index].emissiveTexture
        else { return nil }
        return GLTFReader.mapping(info)
    }

    /// The texture coordinate set and transform a texture reference reads.
    static func mapping(_ info: GLTFDocument.TextureInfo) -> (set: Int, transform: GLTFDocument.TextureTransform?) {
        let transform = info.extensions?.textureTransform
        return (transform?.texCoord ?? info.texCoord ?? 0, transform)
    }

    /// `uv` (glTF texture space, v down) under a `KHR_texture_transform`: scaled, rotated
    /// by the extension's matrix (`[cos sin; -sin cos]` applied to the column (u, v), so a
    /// positive rotation turns the coordinates counter-clockwise as seen with v down and the
    /// image on the surface clockwise), then offset.
    func transformed(_ uv: Vec2, by t: GLTFDocument.TextureTransform) -> Vec2 {
        let s = t.scale.flatMap { $0.count == 2 && $0.allSatisfy(\.isFinite) ? Vec2($0[0], $0[1]) : nil } ?? Vec2(1, 1)
        let o = t.offset.flatMap { $0.count == 2 && $0.allSatisfy(\.isFinite) ? Vec2($0[0], $0[1]) : nil } ?? .zero
        let r = t.rotation.flatMap { $0.isFinite ? $0 : nil } ?? 0
        let p = uv * s
        let c = cosf(r)
        let sn = sinf(r)
        return Vec2(c * p.x + sn * p.y, -sn * p.x + c * p.y) + o
    }
}
