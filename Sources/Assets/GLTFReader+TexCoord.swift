import Math3D
import SceneGraph

extension GLTFReader {
    /// The coordinates a primitive's mesh keeps in `Mesh.uvs`: the `TEXCOORD_<texCoord>`
    /// its material's base colour texture (or, without one, emissive texture) names, under
    /// that reference's `KHR_texture_transform`. A set the primitive lacks falls back to
    /// `TEXCOORD_0` with one warning, so the texture is still drawn; empty when the
    /// primitive has neither.
    mutating func keptCoordinates(_ primitive: GLTFDocument.Primitive, count: Int, what: String)
        throws(AssetError) -> [Vec2]
    {
        let mapping = uvMapping(primitive.material)
        let set = mapping?.set ?? 0
        let ts = try coordinates(primitive, set: set, transform: mapping?.transform, count: count, what: what)
        guard ts.isEmpty, set != 0, primitive.attributes["TEXCOORD_\(set)"] == nil else { return ts }
        let kind =
            primitive.material.flatMap { i in
                doc.materials.flatMap { i >= 0 && i < $0.count ? $0[i] : nil }
            }?.pbrMetallicRoughness?.baseColorTexture == nil ? "emissive" : "base colour"
        warnMissingSet(set, texture: kind, what: what, outcome: "read on TEXCOORD_0")
        return try coordinates(primitive, set: 0, transform: mapping?.transform, count: count, what: what)
    }

    /// Records the one-line warning for a texture reference whose `texCoord` names a set
    /// the primitive does not have.
    mutating func warnMissingSet(_ set: Int, texture: String, what: String, outcome: String) {
        context.warnings.append(
            AssetError(file: name, "\(what): \(texture) texture reads TEXCOORD_\(set), which it lacks; \(outcome)"))
    }
}
