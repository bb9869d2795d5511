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

    /// The texture coordinate set and transform of material `index`'s emissive texture when
    /// it reads other coordinates than the mesh keeps for the base colour (`uvMapping`):
    /// what goes into the mesh's second set. Nil otherwise.
    func secondMapping(_ index: Int?) -> (set: Int, transform: GLTFDocument.TextureTransform?)? {
        guard let index, let all = doc.materials, index >= 0, index < all.count,
            let info = all[index].emissiveTexture, let kept = uvMapping(index)
        else { return nil }
        let own = GLTFReader.mapping(info)
        return own.set == kept.set && own.transform == kept.transform ? nil : own
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
