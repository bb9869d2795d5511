import Math3D
import SceneGraph

/// Reads 3MF (3D Manufacturing Format, core specification 1.3): a zip package whose root
/// model part (named by `_rels/.rels`, else `3D/3dmodel.model`) holds objects, each a mesh
/// of `<vertex x y z>` and `<triangle v1 v2 v3>` or `<components>` placing other objects,
/// and `<build>` items placing objects with 3 x 4 transforms. Colours come from
/// `<basematerials>` (`displaycolor`) and the materials extension's `<colorgroup>`
/// (`color`), per object (`pid`/`pindex`) or per triangle corner (`p1 p2 p3`), sRGB.
///
/// Every triangle keeps its own three vertices and its facet normal (flat shading, as
/// STL). The package is bounded as a zip (`ZipArchive`); the model part as XML
/// (`XMLTree`); objects placed by components at most `maxNodes` times in all.
enum ThreeMFReader {
    /// Most nodes built from build items and components, in all.
    static let maxNodes = 100_000

    /// Reads `bytes` as a 3MF package.
    static func read(_ bytes: [UInt8], name: String) throws(AssetError) -> Node {
        let zip = try ZipArchive(bytes, name: name)
        let part = modelPart(zip) ?? "3D/3dmodel.model"
        guard let entry = zip.entry(part) else {
            throw AssetError(file: name, "3MF package has no model part '\(AssetError.oneLine(part))'")
        }
        let model = try XMLTree.parse(try zip.read(entry), name: name)
        guard model.name == "model" else { throw AssetError(file: name, "3MF model part's root is not <model>") }
        var state = try State(model, name: name)
        guard let build = model.child("build") else { throw AssetError(file: name, "3MF model has no <build>") }
        var children: [Node] = []
        for item in build.children("item") {
            children.append(try state.place(item, depth: 0))
        }
        return Node(name: name, children: children)
    }

    /// The root model part named by the package relationships, or nil.
    static func modelPart(_ zip: ZipArchive) -> String? {
        guard let rels = zip.entry("_rels/.rels"), let bytes = try? zip.read(rels, limit: 1 << 20),
            let root = try? XMLTree.parse(bytes, name: "_rels/.rels")
        else { return nil }
        let model = root.children("Relationship").first { ($0.attributes["Type"] ?? "").hasSuffix("/3dmodel") }
        return model?.attributes["Target"]
    }

    /// A colour attribute `#RRGGBB` or `#RRGGBBAA` (sRGB) in linear light, or nil.
    static func color(_ text: String?) -> Vec3? {
        guard let text, text.hasPrefix("#"), text.count == 7 || text.count == 9,
            let v = UInt32(text.dropFirst().prefix(6), radix: 16)
        else { return nil }
        return Vec3(SRGB.toLinear[Int(v >> 16 & 255)], SRGB.toLinear[Int(v >> 8 & 255)], SRGB.toLinear[Int(v & 255)])
    }

    /// A 3MF transform, 12 numbers `m00 m01 m02 m10 ... m32` applied to row vectors
    /// (x' = m00 x + m10 y + m20 z + m30), as a column-vector matrix; identity when absent.
    static func matrix(_ text: String?, name: String) throws(AssetError) -> Matrix4 {
        guard let text else { return .identity }
        let values = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .compactMap { Float($0) }
        guard values.count == 12, values.allSatisfy(\.isFinite) else {
            throw AssetError(
                file: name, "3MF transform '\(AssetError.oneLine(String(text.prefix(80))))' is not 12 numbers")
        }
        var m: [Float] = []
        for row in 0..<4 { m += values[(row * 3)..<(row * 3 + 3)] + [row == 3 ? 1 : 0] }
        return Matrix4(columnMajor: m)
    }
}
