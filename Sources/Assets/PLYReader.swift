import Math3D
import SceneGraph

/// Reads Stanford PLY (ASCII, binary little- and big-endian) into one mesh: the `vertex`
/// element's `x y z`, optional `nx ny nz` and `red green blue` (8-bit or 0-1 floating
/// point, sRGB), and the `face` element's `vertex_indices` (or `vertex_index`) polygons,
/// fanned into triangles. A file without faces is a point cloud: every vertex is a point
/// (drawn as a small square, as OBJ `p` points are). Other elements and properties are
/// read past and ignored.
///
/// Counts are checked against the bytes the file has before anything is allocated, and
/// against `AssetLimits`' vertex and triangle caps.
enum PLYReader {
    /// Most corners of one face.
    static let maxFaceCorners = 1000

    /// Reads `bytes` as PLY into a node with one mesh.
    static func read(_ bytes: [UInt8], name: String) throws(AssetError) -> Node {
        let header = try PLYHeader(bytes, name: name)
        var values = PLYValues(bytes, header: header, name: name)
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var colors: [Vec3] = []
        var indices: [UInt32] = []
        var sawFaces = false
        for element in header.elements {
            switch element.name {
            case "vertex" where positions.isEmpty:
                guard element.count <= AssetLimits.maxVertices else {
                    throw AssetError(
                        file: name, "\(element.count) vertices, more than the \(AssetLimits.maxVertices) limit")
                }
                let layout = try VertexLayout(element, name: name)
                positions.reserveCapacity(element.count)
                var record = [Double](repeating: 0, count: element.properties.count)
                for _ in 0..<element.count {
                    try layout.read(
                        &values, record: &record, positions: &positions, normals: &normals, colors: &colors)
                }
            case "face":
                sawFaces = true
                try readFaces(element, &values, vertexCount: positions.count, into: &indices, name: name)
            default:
                try skip(element, &values)
            }
        }
        guard !positions.isEmpty else { throw AssetError(file: name, "PLY file has no vertices") }
        var groups: [Mesh.Group]? = nil
        if indices.isEmpty {
            guard !sawFaces else { throw AssetError(file: name, "PLY faces have no triangles") }
            guard positions.count <= AssetLimits.maxTriangles else {
                throw AssetError(
                    file: name, "\(positions.count) points, more than the \(AssetLimits.maxTriangles) limit")
            }
            indices.reserveCapacity(positions.count * 3)
            for i in 0..<UInt32(positions.count) {
                indices.append(i)
                indices.append(i)
                indices.append(i)
            }
            groups = [Mesh.Group(name: "points", triangles: 0..<positions.count, kind: .points)]
        }
        do {
            let mesh = try Mesh(
                name: name, positions: positions, normals: normals, indices: indices, groups: groups, colors: colors)
            return Node(name: name, children: [Node(name: "ply", mesh: mesh)])
        } catch {
            throw AssetError(file: name, error.description)
        }
    }

    /// Reads the faces, fanning each polygon; polygons of fewer than 3 corners are dropped.
    static func readFaces(
        _ element: PLYHeader.Element, _ values: inout PLYValues, vertexCount: Int, into indices: inout [UInt32],
        name: String
    ) throws(AssetError) {
        let list =
            element.properties.firstIndex {
                $0.count != nil && ($0.name == "vertex_indices" || $0.name == "vertex_index")
            }
            ?? element.properties.firstIndex { $0.count != nil }
        guard let list else { throw AssetError(file: name, "PLY face element has no list of vertex indices") }
        indices.reserveCapacity(min(element.count, AssetLimits.maxTriangles) * 3)
        if element.properties.count == 1, let countType = element.properties[0].count, countType == .uint8,
            element.properties[0].type == .int32 || element.properties[0].type == .uint32,
            try values.binaryFaces(
                element.count, signed: element.properties[0].type == .int32, vertexCount: vertexCount,
                maxCorners: maxFaceCorners, into: &indices)
        {
            return
        }
        var corners: [UInt32] = []
        for _ in 0..<element.count {
            for (k, p) in element.properties.enumerated() {
                guard let countType = p.count else {
                    _ = try values.next(p.type)
                    continue
                }
                let n = try values.count(countType, limit: k == list ? maxFaceCorners : Int(Int32.max), what: p.name)
                corners.removeAll(keepingCapacity: true)
                for _ in 0..<n {
                    let v = try values.next(p.type)
                    guard k == list else { continue }
                    guard v >= 0, v < Double(vertexCount), v == v.rounded() else {
                        throw AssetError(file: name, "face vertex index \(v) out of range (\(vertexCount) vertices)")
                    }
                    corners.append(UInt32(v))
                }
                guard k == list, n >= 3 else { continue }
                guard indices.count / 3 + n - 2 <= AssetLimits.maxTriangles else {
                    throw AssetError(file: name, "more than \(AssetLimits.maxTriangles) triangles")
                }
                for c in 1..<(n - 1) {
                    indices.append(corners[0])
                    indices.append(corners[c])
                    indices.append(corners[c + 1])
                }
            }
        }
    }

    /// Reads past every record of an element that is not drawn.
    static func skip(_ element: PLYHeader.Element, _ values: inout PLYValues) throws(AssetError) {
        for _ in 0..<element.count {
            for p in element.properties {
                if let countType = p.count {
                    let n = try values.count(countType, limit: Int(Int32.max), what: p.name)
                    for _ in 0..<n { _ = try values.next(p.type) }
                } else {
                    _ = try values.next(p.type)
                }
            }
        }
    }
}
