import Math3D
import SceneGraph

extension ThreeMFReader {
    /// The resources of one model part, and the meshes made from them once each.
    struct State {
        let name: String
        var objects: [String: XElement] = [:]
        /// Colours of each `<basematerials>` or `<colorgroup>`, by id.
        var palettes: [String: [Vec3?]] = [:]
        var meshes: [String: Mesh?] = [:]
        var nodes = 0

        init(_ model: XElement, name: String) throws(AssetError) {
            self.name = name
            guard let resources = model.child("resources") else {
                throw AssetError(file: name, "3MF model has no <resources>")
            }
            for r in resources.children {
                guard let id = r.attributes["id"] else { continue }
                switch r.name {
                case "object": objects[id] = r
                case "basematerials": palettes[id] = r.children("base").map { color($0.attributes["displaycolor"]) }
                case "colorgroup": palettes[id] = r.children("color").map { color($0.attributes["color"]) }
                default: continue
                }
            }
        }

        /// The node of a build item or component: its object under its transform.
        mutating func place(_ element: XElement, depth: Int) throws(AssetError) -> Node {
            nodes += 1
            guard nodes <= maxNodes else {
                throw AssetError(file: name, "3MF build places objects more than \(maxNodes) times")
            }
            guard depth < AssetLimits.maxDepth else {
                throw AssetError(file: name, "3MF components nest more than \(AssetLimits.maxDepth) deep (a cycle?)")
            }
            let id = element.attributes["objectid"] ?? ""
            guard let object = objects[id] else {
                throw AssetError(file: name, "3MF build names object '\(AssetError.oneLine(id))', which is not defined")
            }
            var content: MeshNode?
            if let mesh = try mesh(of: object, id: id) { content = MeshNode(mesh: mesh) }
            var children: [Node] = []
            for c in object.child("components")?.children("component") ?? [] {
                children.append(try place(c, depth: depth + 1))
            }
            let m = try matrix(element.attributes["transform"], name: name)
            return try NodeMatrix.node(
                name: object.attributes["name"] ?? "object \(id)", matrix: m, content: content, children: children,
                file: name)
        }

        /// The mesh of an object with a `<mesh>`, made once; nil for one of components.
        mutating func mesh(of object: XElement, id: String) throws(AssetError) -> Mesh? {
            if let made = meshes[id] { return made }
            guard let element = object.child("mesh") else {
                meshes[id] = .some(nil)
                return nil
            }
            let vertices = try (element.child("vertices")?.children("vertex") ?? []).map {
                (v: XElement) throws(AssetError) -> Vec3 in
                func coordinate(_ key: String) throws(AssetError) -> Float {
                    guard let text = v.attributes[key], let f = Float(text), f.isFinite else {
                        throw AssetError(file: name, line: v.line, "3MF vertex needs a finite \(key)")
                    }
                    return f
                }
                return Vec3(try coordinate("x"), try coordinate("y"), try coordinate("z"))
            }
            let triangles = element.child("triangles")?.children("triangle") ?? []
            guard triangles.count <= AssetLimits.maxTriangles else {
                throw AssetError(file: name, "3MF object has more than \(AssetLimits.maxTriangles) triangles")
            }
            var positions: [Vec3] = []
            var normals: [Vec3] = []
            var colors: [Vec3] = []
            var anyColor = false
            positions.reserveCapacity(triangles.count * 3)
            for t in triangles {
                var corner: [Vec3] = []
                for key in ["v1", "v2", "v3"] {
                    guard let text = t.attributes[key], let i = Int(text), i >= 0, i < vertices.count else {
                        throw AssetError(
                            file: name, line: t.line,
                            "3MF triangle \(key) is not a vertex index (\(vertices.count) vertices)")
                    }
                    corner.append(vertices[i])
                }
                let n = normalize(cross(corner[1] - corner[0], corner[2] - corner[0]))
                positions += corner
                normals += [n, n, n]
                let pid = t.attributes["pid"] ?? object.attributes["pid"]
                let p1 = t.attributes["p1"] ?? (t.attributes["pid"] == nil ? object.attributes["pindex"] : nil) ?? "0"
                for key in ["p1", "p2", "p3"] {
                    let c = lookup(pid, t.attributes[key] ?? p1)
                    anyColor = anyColor || c != nil
                    colors.append(c ?? Vec3(1, 1, 1))
                }
            }
            guard !positions.isEmpty else {
                meshes[id] = .some(nil)
                return nil
            }
            do {
                let mesh = try Mesh(
                    name: object.attributes["name"] ?? "object \(id)", positions: positions, normals: normals,
                    indices: (0..<UInt32(positions.count)).map { $0 }, colors: anyColor ? colors : [])
                meshes[id] = mesh
                return mesh
            } catch {
                throw AssetError(file: name, error.description)
            }
        }

        /// The colour at `index` of palette `pid`, or nil.
        func lookup(_ pid: String?, _ index: String) -> Vec3? {
            guard let pid, let palette = palettes[pid], let i = Int(index), i >= 0, i < palette.count else {
                return nil
            }
            return palette[i]
        }
    }
}
