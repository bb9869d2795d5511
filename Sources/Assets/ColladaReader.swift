import Foundation
import Math3D
import SceneGraph

/// Reads COLLADA 1.4 and 1.5 (`.dae`) through `XMLTree`.
///
/// Supported: the instanced visual scene (or the first one), its node hierarchy with
/// `matrix` (row-major), `translate`, `rotate` (degrees) and `scale` applied in document
/// order, `instance_geometry` with `bind_material`, `instance_node` (from
/// `library_nodes`); geometries' `mesh` with `triangles`, `polylist`, `polygons`,
/// `trifans` and `tristrips`
/// (inputs at their offsets: VERTEX/POSITION, NORMAL, the first TEXCOORD set; sources
/// with accessor count/stride/offset); common-profile `constant`/`lambert`/`phong`/`blinn`
/// effects (emission colour and texture, ambient, diffuse colour or texture, specular, shininess,
/// transparency); images through `surface`/`sampler2D` (1.4) or `instance_image` (1.5);
/// `asset/up_axis` (Z_UP and X_UP turned to Y up) and `asset/unit` (scaled to metres).
/// `instance_controller`: skins posed by their joints (see `ColladaReader+Skin`), morphs
/// in their base shape; `library_animations` on node transforms, one animation per
/// `animation_clip` (see `ColladaReader+Rig`).
/// Ignored: `lookat`, `skew`, lines, `<ph>` holes, morph weights,
/// cameras, lights, physics, other profiles.
struct ColladaReader {
    let name: String
    var context: LoadContext
    var ids: [String: XElement] = [:]
    /// Meshes per geometry and bound materials, with each vertex's position index.
    var meshCache: [String: (Mesh, [Int32])?] = [:]
    var materialCache: [String: Material] = [:]
    var nodesMade = 0
    var trianglesMade = 0
    /// Node elements animations drive.
    var animated: Set<ObjectIdentifier> = []
    /// Animated node elements met while building, each with its child-index path from the
    /// node being built (prefixed as building returns up the tree).
    var found: [(element: ObjectIdentifier, path: [Int])] = []
    /// Skins to pose, per `instance_controller` element, in document order.
    var skins: [ObjectIdentifier: ColladaSkin] = [:]
    var skinOrder: [ObjectIdentifier] = []
    /// Per posed `instance_controller`: its base mesh and each vertex's position index.
    var skinnedMeshes: [ObjectIdentifier: (mesh: Mesh, origins: [Int32])] = [:]
    /// Why the skin of an `instance_controller` element cannot be posed.
    var skinFailures: [ObjectIdentifier: String] = [:]
    /// Skinned meshes of the scene left in the bind pose, with the first reason, for one warning.
    var unposedSkins: Set<ObjectIdentifier> = []
    var unposedReason = ""

    /// Reads `bytes` as a COLLADA document.
    static func read(_ bytes: [UInt8], name: String, context: inout LoadContext) throws(AssetError) -> Node {
        let root = try XMLTree.parse(bytes, name: name)
        guard root.name == "COLLADA" else {
            throw AssetError(file: name, "not a COLLADA document (root element <\(AssetError.oneLine(root.name))>)")
        }
        var reader = ColladaReader(name: name, context: context)
        for e in root.descendants() { if let id = e.attributes["id"], reader.ids[id] == nil { reader.ids[id] = e } }
        reader.animated = reader.animatedNodeElements(root)
        try reader.prepareSkins(root)
        var result = try reader.scene(root)
        var paths: [ObjectIdentifier: [[Int]]] = [:]
        for f in reader.found { paths[f.element, default: []].append(f.path) }
        try reader.rig(&result, document: root, paths: paths)
        context = reader.context
        return result
    }

    /// The element a `#id` URL names, or nil.
    func lookup(_ url: String?) -> XElement? {
        guard let url, url.hasPrefix("#") else { return nil }
        return ids[String(url.dropFirst())]
    }

    /// The numbers of a node's transform element (`matrix`, `translate`, `rotate`, `scale`),
    /// which must be exactly `count` of them.
    func transform(_ e: XElement, node: String, count: Int) throws(AssetError) -> [Float] {
        let v = try numbers(e, what: "node '\(node)' \(e.name)")
        guard v.count == count else {
            throw AssetError(
                file: name, line: e.line, "node '\(node)': \(e.name) needs \(count) numbers, found \(v.count)")
        }
        return v
    }

    /// Numbers in an element's text, each required to be finite.
    func numbers(_ e: XElement, what: String) throws(AssetError) -> [Float] {
        var out: [Float] = []
        let bytes = Array(e.text.utf8)
        for token in TextScanner.xmlTokens(bytes[...]) {
            guard let v = TextScanner.float(token) else {
                throw AssetError(
                    file: name, line: e.line, "\(what): '\(TextScanner.text(token))' is not a finite number")
            }
            out.append(v)
        }
        return out
    }

    /// Non-negative integers in an element's text.
    func integers(_ e: XElement, what: String) throws(AssetError) -> [Int] {
        var out: [Int] = []
        let bytes = Array(e.text.utf8)
        for token in TextScanner.xmlTokens(bytes[...]) {
            guard let v = TextScanner.int(token), v >= 0 else {
                throw AssetError(file: name, line: e.line, "\(what): '\(TextScanner.text(token))' is not an index")
            }
            out.append(v)
        }
        return out
    }

    /// The whole scene, turned to Y up and metres.
    mutating func scene(_ root: XElement) throws(AssetError) -> Node {
        var visual = lookup(root.path("scene", "instance_visual_scene")?.attributes["url"])
        if visual == nil { visual = root.path("library_visual_scenes", "visual_scene") }
        guard let visual else { throw AssetError(file: name, line: root.line, "no visual scene") }
        var children: [Node] = []
        for n in visual.children("node") {
            let mark = found.count
            children.append(try node(n, depth: 1, path: []))
            for k in mark..<found.count { found[k].path.insert(children.count - 1, at: 0) }
        }
        var t = Transform()
        switch root.path("asset", "up_axis")?.text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "Z_UP": t.rotation = Quaternion(angle: .degrees(-90), axis: Vec3(1, 0, 0))
        case "X_UP": t.rotation = Quaternion(angle: .degrees(90), axis: Vec3(0, 0, 1))
        default: break
        }
        if let meter = root.path("asset", "unit")?.attributes["meter"] {
            guard let m = Float(meter), m.isFinite, m > 0 else {
                throw AssetError(
                    file: name, line: root.line, "unit meter='\(AssetError.oneLine(meter))' is not a positive number")
            }
            t.scale = Vec3(repeating: m)
        }
        return Node(name: name, transform: t, children: children)
    }

    /// A `<node>` and its subtree.
    mutating func node(_ e: XElement, depth: Int, path: Set<ObjectIdentifier>) throws(AssetError) -> Node {
        guard depth <= AssetLimits.maxDepth else {
            throw AssetError(file: name, line: e.line, "nodes nested deeper than \(AssetLimits.maxDepth) levels")
        }
        guard !path.contains(ObjectIdentifier(e)) else {
            throw AssetError(
                file: name, line: e.line,
                "node '\(AssetError.oneLine(e.attributes["id"] ?? "?"))' instances itself (a cycle)")
        }
        nodesMade += 1
        guard nodesMade <= GLTFReader.maxNodeInstances else {
            throw AssetError(file: name, line: e.line, "more than \(GLTFReader.maxNodeInstances) node instances")
        }
        let nodeName = e.attributes["name"] ?? e.attributes["id"] ?? ""
        var inner = path
        inner.insert(ObjectIdentifier(e))
        var matrix = Matrix4.identity
        var meshes: [MeshNode] = []
        var children: [Node] = []
        let mark = found.count
        for c in e.children {
            switch c.name {
            case "matrix", "translate", "rotate", "scale":
                let v = try transform(c, node: nodeName, count: Self.transformWidths[c.name] ?? 0)
                Self.compose(c.name, v, into: &matrix)
            case "instance_geometry":
                if let content = try instanceGeometry(c) { meshes.append(content) }
            case "instance_controller":
                if let (content, bindShape, origins) = try instanceController(c) {
                    let key = ObjectIdentifier(c)
                    if let why = skinFailures[key] { keepBindPose(key, why) }
                    if skins[key] != nil {
                        // A skin to pose: drawn in the bind pose in a child node until the
                        // rig replaces it (see `ColladaReader+Skin`).
                        if skinnedMeshes[key] == nil { skinnedMeshes[key] = (content.mesh, origins) }
                        children.append(
                            try NodeMatrix.node(
                                name: content.mesh.name, matrix: bindShape, content: content, children: [], file: name))
                        if NodeMatrix.decompose(bindShape) != nil {
                            found.append((key, [children.count - 1]))
                        } else if NodeMatrix.split(bindShape) != nil {
                            found.append((key, [children.count - 1, 0]))
                        }
                    } else if bindShape == .identity {
                        meshes.append(content)
                    } else {
                        children.append(
                            try NodeMatrix.node(
                                name: content.mesh.name, matrix: bindShape, content: content, children: [], file: name))
                    }
                }
            case "instance_node":
                guard let target = lookup(c.attributes["url"]) else {
                    throw AssetError(
                        file: name, line: c.line,
                        "instance_node url '\(AssetError.oneLine(c.attributes["url"] ?? ""))' names "
                            + "no node in this file"
                    )
                }
                let before = found.count
                children.append(try node(target, depth: depth + 1, path: inner))
                for k in before..<found.count { found[k].path.insert(children.count - 1, at: 0) }
            case "node":
                let before = found.count
                children.append(try node(c, depth: depth + 1, path: inner))
                for k in before..<found.count { found[k].path.insert(children.count - 1, at: 0) }
            default:
                break
            }
        }
        // One geometry is the node's content; several become child nodes.
        var content: MeshNode?
        if meshes.count == 1 {
            content = meshes[0]
        } else {
            children = meshes.map { Node(name: $0.mesh.name, content: $0) } + children
            for k in mark..<found.count { found[k].path[0] += meshes.count }
        }
        let made = try NodeMatrix.node(
            name: nodeName, matrix: matrix, content: content, children: children, file: name)
        if NodeMatrix.decompose(matrix) == nil {
            // Split in two (a shear: children sit under the inner node) or baked (animations
            // below cannot be played).
            if NodeMatrix.split(matrix) != nil {
                for k in mark..<found.count { found[k].path.insert(0, at: 0) }
            } else {
                found.removeSubrange(mark...)
            }
        }
        if animated.contains(ObjectIdentifier(e)) { found.append((ObjectIdentifier(e), [])) }
        return made
    }

    /// An `<instance_geometry>` with its bound materials, or nil for a geometry without triangles.
    mutating func instanceGeometry(_ e: XElement) throws(AssetError) -> MeshNode? {
        let url = e.attributes["url"] ?? ""
        guard let geometry = lookup(url), geometry.name == "geometry" else {
            throw AssetError(
                file: name, line: e.line,
                "instance_geometry url '\(AssetError.oneLine(url))' names no geometry in this file")
        }
        return try bound(geometry, url: url, instance: e)
    }

    /// The geometry `geometry` (named by `url`) with the materials bound by `instance`
    /// (an `instance_geometry` or `instance_controller`), shared between instances.
    mutating func bound(_ geometry: XElement, url: String, instance e: XElement) throws(AssetError) -> MeshNode? {
        try boundWithOrigins(geometry, url: url, instance: e)?.0
    }

    /// `bound`, with each vertex's index in the geometry's POSITION source.
    mutating func boundWithOrigins(_ geometry: XElement, url: String, instance e: XElement) throws(AssetError)
        -> (MeshNode, [Int32])?
    {
        var bindings: [String: String] = [:]
        for im in e.path("bind_material", "technique_common")?.children("instance_material") ?? [] {
            if let symbol = im.attributes["symbol"], let target = im.attributes["target"] { bindings[symbol] = target }
        }
        let key =
            url + "\u{0}"
            + bindings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{0}")
        if let cached = meshCache[key] { return cached.map { (MeshNode(mesh: $0.0), $0.1) } }
        let mesh = try self.mesh(geometry, bindings: bindings)
        meshCache[key] = .some(mesh)
        return mesh.map { (MeshNode(mesh: $0.0), $0.1) }
    }
}
