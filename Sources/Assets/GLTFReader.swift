import Foundation
import Math3D
import SceneGraph

/// Reads glTF 2.0: `.gltf` JSON with buffers and images embedded as `data:` URIs or in
/// files beside it, and the `.glb` binary container.
///
/// Supported: the default scene (or every root node when there are no scenes), the node
/// hierarchy with `matrix` or translation/rotation/scale, meshes whose primitives are
/// triangles, strips or fans (mode 4, 5, 6), indexed or not, with `POSITION`, `NORMAL`
/// and `TEXCOORD_n` (float, or normalized unsigned byte/short), accessors with byte
/// strides and sparse accessors, materials' `baseColorFactor`, `baseColorTexture` (PNG, JPEG
/// or TGA) with `KHR_texture_transform`, `emissiveFactor` times `emissiveTexture` (its mean
/// colour) times `KHR_materials_emissive_strength`, metalness and roughness mapped to
/// Blinn-Phong (`MetalRoughness`, per pixel under a `metallicRoughnessTexture`), and the
/// `occlusionTexture` and `normalTexture` (with `TANGENT`, or tangents made from the
/// coordinates) drawn per pixel.
/// Animations, skins and morph targets go into a `Rig` on the returned node
/// (GLTFReader+Rig, GLTFReader+Animation); the tree comes posed at rest.
/// Ignored: other attributes, cameras, `KHR_lights_punctual` lights (the scene's light is
/// used), optional extensions. Refused: files that require another extension.
struct GLTFReader {
    let doc: GLTFDocument
    let name: String
    let binaryChunk: [UInt8]?
    var context: LoadContext
    var buffers: [Int: [UInt8]] = [:]
    /// Buffer files by path below the folder: several buffers naming one file read it once.
    var bufferFiles: [String: [UInt8]] = [:]
    var meshes: [Int: Mesh?] = [:]
    /// Accessors whose values came from a decoder (Draco) instead of a buffer view.
    var decodedAccessors: [Int: (values: [Float], count: Int)] = [:]
    /// Buffer views decoded from `EXT_meshopt_compression`, by view index.
    var decodedViews: [Int: [UInt8]] = [:]
    var materials: [Int: Material] = [:]
    var nodesMade = 0
    var trianglesMade = 0
    /// What animations, skins and morph targets need (GLTFReader+Rig).
    var rigging = Rigging()

    /// Extensions a file may list in `extensionsRequired`: texture transforms, emissive
    /// strength, unlit materials and quantized attributes are applied; punctual lights are
    /// accepted and the scene keeps its own light.
    static let supportedExtensions: Set<String> = [
        "KHR_texture_transform", "KHR_materials_emissive_strength", "KHR_lights_punctual", "KHR_materials_unlit",
        "KHR_mesh_quantization", "KHR_draco_mesh_compression", "EXT_meshopt_compression", "EXT_texture_webp",
    ]

    /// Most node instances one file may expand to (a node used by several parents is
    /// counted each time), so that a shared sub-tree cannot multiply without end.
    static let maxNodeInstances = 100_000

    /// Reads a `.gltf` JSON document (`binary` is a `.glb` file's BIN chunk).
    static func read(json: [UInt8], binary: [UInt8]?, name: String, context: inout LoadContext) throws(AssetError)
        -> Node
    {
        try JSONDepth.check(json, name: name)
        let doc: GLTFDocument
        do {
            doc = try JSONDecoder().decode(GLTFDocument.self, from: Data(json))
        } catch let error as DecodingError {
            // glTF 1.0 has another layout: it fails on some other member first.
            if GLTFVersion.isVersion1(json: json) { throw AssetError(file: name, GLTFVersion.version1) }
            throw AssetError(file: name, "not a glTF document: \(JSONDepth.describe(error))")
        } catch {
            throw AssetError(file: name, "not a glTF document: invalid JSON")
        }
        guard !GLTFVersion.isVersion1(doc.asset.version) else { throw AssetError(file: name, GLTFVersion.version1) }
        guard doc.asset.version.hasPrefix("2.") else {
            throw AssetError(
                file: name, "glTF version \(AssetError.oneLine(doc.asset.version)) is not supported (2.x only)")
        }
        if let unsupported = doc.extensionsRequired?.first(where: { !GLTFReader.supportedExtensions.contains($0) }) {
            throw AssetError(
                file: name, "requires the extension \(AssetError.oneLine(unsupported)), which is not supported")
        }
        var reader = GLTFReader(doc: doc, name: name, binaryChunk: binary, context: context)
        let root = try reader.sceneRoot()
        context = reader.context
        return root
    }

    /// Reads a `.glb` container: a 12-byte header, a JSON chunk, an optional BIN chunk.
    static func read(glb: [UInt8], name: String, context: inout LoadContext) throws(AssetError) -> Node {
        func u32(_ i: Int) -> Int {
            Int(UInt32(glb[i]) | UInt32(glb[i + 1]) << 8 | UInt32(glb[i + 2]) << 16 | UInt32(glb[i + 3]) << 24)
        }
        guard glb.count >= 20 else { throw AssetError(file: name, "too short for a GLB file (\(glb.count) bytes)") }
        guard u32(0) == 0x4654_6C67 else { throw AssetError(file: name, "not a GLB file (no 'glTF' magic)") }
        guard u32(4) != 1 else { throw AssetError(file: name, GLTFVersion.version1) }
        guard u32(4) == 2 else { throw AssetError(file: name, "GLB version \(u32(4)) is not supported (2 only)") }
        let total = u32(8)
        guard total <= glb.count else {
            throw AssetError(file: name, "GLB header declares \(total) bytes but the file has \(glb.count) (truncated)")
        }
        var json: [UInt8]?
        var binary: [UInt8]?
        var offset = 12
        while offset + 8 <= total {
            let length = u32(offset)
            let type = u32(offset + 4)
            let start = offset + 8
            guard length <= total - start else {
                throw AssetError(
                    file: name, "GLB chunk at byte \(offset) declares \(length) bytes but only \(total - start) remain")
            }
            let chunk = Array(glb[start..<(start + length)])
            if type == 0x4E4F_534A, json == nil {
                json = chunk
            } else if type == 0x004E_4942, binary == nil {
                binary = chunk
            }
            offset = start + length
        }
        guard var json else { throw AssetError(file: name, "GLB file has no JSON chunk") }
        // Padding should be spaces; some exporters pad with NUL bytes, which JSON refuses.
        while let last = json.last, last == 0 || last == 0x20 { json.removeLast() }
        return try read(json: json, binary: binary, name: name, context: &context)
    }

    /// The file's default scene as one node.
    mutating func sceneRoot() throws(AssetError) -> Node {
        let allNodes = doc.nodes ?? []
        rigging.morphTargets = (doc.meshes ?? []).map { $0.primitives.map { $0.targets?.count ?? 0 }.max() ?? 0 }
        var roots: [Int]
        if let scenes = doc.scenes, !scenes.isEmpty {
            let s = doc.scene ?? 0
            guard s >= 0, s < scenes.count else {
                throw AssetError(file: name, "scene \(s) out of range (\(scenes.count) scenes)")
            }
            roots = scenes[s].nodes ?? []
        } else {
            var isChild = Set<Int>()
            for n in allNodes { for c in n.children ?? [] { isChild.insert(c) } }
            roots = allNodes.indices.filter { !isChild.contains($0) }
        }
        var root = Node(name: name)
        for (k, r) in roots.enumerated() { root.children.append(try node(r, depth: 1, path: [], at: [k])) }
        if allNodes.isEmpty, let ms = doc.meshes {
            for i in ms.indices {
                if let mesh = try mesh(i) { root.children.append(Node(name: ms[i].name ?? "mesh \(i)", mesh: mesh)) }
            }
        }
        try rig(&root)
        return root
    }

    /// Node `index` and its subtree, at child-index path `at` from the file's root node.
    mutating func node(_ index: Int, depth: Int, path: Set<Int>, at treePath: [Int]) throws(AssetError) -> Node {
        let all = doc.nodes ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "node index \(index) out of range (\(all.count) nodes)")
        }
        guard depth <= AssetLimits.maxDepth else {
            throw AssetError(file: name, "nodes nested deeper than \(AssetLimits.maxDepth) levels")
        }
        guard !path.contains(index) else { throw AssetError(file: name, "node \(index) is its own ancestor (a cycle)") }
        nodesMade += 1
        guard nodesMade <= GLTFReader.maxNodeInstances else {
            throw AssetError(file: name, "more than \(GLTFReader.maxNodeInstances) node instances")
        }
        let n = all[index]
        let nodeName = n.name ?? "node \(index)"
        var content: MeshNode?
        if let m = n.mesh, let mesh = try mesh(m) { content = MeshNode(mesh: mesh) }
        rigging.paths[index, default: []].append(treePath)
        if content != nil, n.skin != nil || rigging.isMorphed(n.mesh) {
            rigging.deformed.append((node: index, path: treePath))
            // A skinned mesh is drawn in the file root's coordinates (its node's transform
            // is ignored, glTF 2.0 3.7.3.3): GLTFReader+Rig moves it there.
            if n.skin != nil { content = nil }
        }
        var children: [Node] = []
        var inner = path
        inner.insert(index)
        // A matrix with a shear becomes two nested nodes, the children under the inner one.
        var childPath = treePath
        if let m = n.matrix, m.count == 16, NodeMatrix.decompose(Matrix4(columnMajor: m)) == nil { childPath += [0] }
        for (k, c) in (n.children ?? []).enumerated() {
            children.append(try node(c, depth: depth + 1, path: inner, at: childPath + [k]))
        }
        if let values = n.matrix {
            guard values.count == 16, values.allSatisfy(\.isFinite) else {
                throw AssetError(file: name, "node \(index): matrix needs 16 finite numbers")
            }
            return try NodeMatrix.node(
                name: nodeName, matrix: Matrix4(columnMajor: values), content: content, children: children, file: name)
        }
        var t = Transform()
        if let v = n.translation { t.position = try vector3(v, "node \(index): translation") }
        if let v = n.scale { t.scale = try vector3(v, "node \(index): scale") }
        if let v = n.rotation {
            guard v.count == 4, v.allSatisfy(\.isFinite) else {
                throw AssetError(file: name, "node \(index): rotation needs 4 finite numbers")
            }
            t.rotation = Quaternion(x: v[0], y: v[1], z: v[2], w: v[3]).normalized
        }
        return Node(name: nodeName, transform: t, content: content, children: children)
    }

    func vector3(_ v: [Float], _ what: String) throws(AssetError) -> Vec3 {
        guard v.count == 3, v.allSatisfy(\.isFinite) else {
            throw AssetError(file: name, "\(what) needs 3 finite numbers")
        }
        return Vec3(v[0], v[1], v[2])
    }

    /// Material `index` as a scene-graph material (cached).
    mutating func material(_ index: Int) throws(AssetError) -> Material {
        if let m = materials[index] { return m }
        let all = doc.materials ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "material index \(index) out of range (\(all.count) materials)")
        }
        let g = all[index]
        let pbr = g.pbrMetallicRoughness
        let factor = pbr?.baseColorFactor ?? [1, 1, 1, 1]
        guard factor.count == 4, factor.allSatisfy(\.isFinite) else {
            throw AssetError(file: name, "material \(index): baseColorFactor needs 4 finite numbers")
        }
        let base = Color(linear: GLTFReader.clamp01(Vec3(factor[0], factor[1], factor[2])))
        // Metalness and roughness as Blinn-Phong (`MetalRoughness`); glTF's defaults are 1.
        let metallic = try unitFactor(pbr?.metallicFactor, "metallicFactor", material: index)
        let roughness = try unitFactor(pbr?.roughnessFactor, "roughnessFactor", material: index)
        let look = MetalRoughness(base: base.rgb, metallic: metallic, roughness: roughness)
        var m = Material(
            name: g.name ?? "material \(index)", ambient: base, diffuse: Color(linear: base.rgb * look.diffuseScale),
            specular: Color(linear: look.specular), shininess: look.shininess, opacity: min(max(factor[3], 0), 1))
        if let (map, scale, set) = try normalMap(g, index: index) {
            m.normalTexture = map
            m.normalScale = scale
            m.normalUVSet = set
        }
        if let (map, set) = try metalRoughnessMap(pbr, material: index) {
            // Per pixel: the base colour stays whole; the map's channels scale the factors.
            m.diffuse = base
            m.metallicRoughnessTexture = map
            m.metallicRoughnessUVSet = set
            m.metallic = min(max(metallic, 0), 1)
            m.roughness = min(max(roughness, 0), 1)
        }
        (m.emissive, m.emissiveTexture, m.emissiveUVSet) = try emission(g, index: index)
        m.doubleSided = g.doubleSided ?? false
        m.alphaMode = try alphaMode(g, index: index)
        if let info = pbr?.baseColorTexture { m.texture = try texture(info.index) }
        if let (ao, strength, set) = try occlusion(g, index: index) {
            m.occlusionTexture = ao
            m.occlusionStrength = strength
            m.occlusionUVSet = set
        }
        if g.extensions?.unlit != nil { m = GLTFReader.unlit(m) }
        materials[index] = m
        return m
    }

    /// Texture `index`'s image, decoded.
    mutating func texture(_ index: Int) throws(AssetError) -> Texture? {
        let textures = doc.textures ?? []
        guard index >= 0, index < textures.count else {
            throw AssetError(file: name, "texture index \(index) out of range (\(textures.count) textures)")
        }
        // EXT_texture_webp names the WebP image; `source` is then a fallback or absent.
        guard let source = textures[index].extensions?.webp?.source ?? textures[index].source else { return nil }
        let sampler = try self.sampler(textures[index].sampler)
        let images = doc.images ?? []
        guard source >= 0, source < images.count else {
            throw AssetError(file: name, "image index \(source) out of range (\(images.count) images)")
        }
        let image = images[source]
        if let uri = image.uri {
            if uri.hasPrefix("data:") {
                return GLTFReader.sampled(
                    try embedded(try dataURI(uri, what: "image \(source)"), source: source), sampler)
            }
            let path = uri.removingPercentEncoding ?? uri
            let file = name
            return try context.optional({ $0.within(file: file, "image \(source)") }) {
                (c: inout LoadContext) throws(AssetError) -> Texture in
                try c.texture(reference: path, directory: c.access.base, from: file)
            }.map { GLTFReader.sampled($0, sampler) }
        }
        guard let view = image.bufferView else {
            throw AssetError(file: name, "image \(source) has neither a uri nor a bufferView")
        }
        let (bytes, start, length, _) = try bufferView(view)
        return GLTFReader.sampled(try embedded(Array(bytes[start..<(start + length)]), source: source), sampler)
    }

    /// Image `source` decoded from bytes inside the file; errors read `model.glb: image 2: ...`.
    mutating func embedded(_ bytes: [UInt8], source: Int) throws(AssetError) -> Texture {
        do throws(AssetError) {
            return try context.texture(bytes: bytes, key: "\u{0}image \(source)", name: "image \(source)")
        } catch {
            throw error.within(file: name)
        }
    }

    /// Each component clamped to 0...1.
    static func clamp01(_ v: Vec3) -> Vec3 { pointwiseMin(pointwiseMax(v, .zero), .one) }

    /// The bytes of a `data:` URI (base64 only).
    func dataURI(_ uri: String, what: String) throws(AssetError) -> [UInt8] {
        guard let comma = uri.firstIndex(of: ",") else {
            throw AssetError(file: name, "\(what): data URI without a comma")
        }
        let header = uri[..<comma]
        guard header.hasSuffix(";base64") else {
            throw AssetError(file: name, "\(what): only base64 data URIs are supported")
        }
        guard let data = Data(base64Encoded: String(uri[uri.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else {
            throw AssetError(file: name, "\(what): data URI is not valid base64")
        }
        return [UInt8](data)
    }
}
