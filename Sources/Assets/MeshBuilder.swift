import Math3D
import SceneGraph

/// Collects triangles whose corners are (position, texture coordinate, normal) index
/// triples, unifying equal triples into one vertex with a hash table (`CornerTable`), and groups
/// triangles by material. Used by the OBJ and COLLADA readers.
struct MeshBuilder {
    /// One corner's source indices; -1 where the corner has no such attribute.
    struct Corner: Hashable {
        var position: Int32
        var uv: Int32
        var normal: Int32
        /// Which set of sources the indices refer to (COLLADA primitives may differ).
        var set: Int32 = 0
    }

    private(set) var positions: [Vec3] = []
    private var normals: [Vec3] = []
    private var hasNormal: [Bool] = []
    private var uvs: [Vec2] = []
    private var anyUV = false
    private var missingNormals = false
    private(set) var indices: [UInt32] = []
    /// When true, `vertex` records each new vertex's corner position index in `origins`.
    var recordsOrigins = false
    /// Per vertex made by `vertex` (when `recordsOrigins`): its corner's position index.
    private(set) var origins: [Int32] = []
    private var lookup = CornerTable()
    private var groups: [Mesh.Group] = []
    private var groupStart = 0
    private var groupName = ""
    private var groupMaterial: Material?
    private var groupKind = Mesh.Group.Kind.triangles

    /// Number of triangles added so far.
    var triangleCount: Int { indices.count / 3 }
    /// Number of unified vertices so far.
    var vertexCount: Int { positions.count }

    /// The vertex for `corner`, made from the given attribute values the first time the
    /// triple is seen. Throws when the model grows past `AssetLimits.maxVertices`.
    mutating func vertex(_ corner: Corner, position: Vec3, uv: Vec2?, normal: Vec3?, file: String, line: Int? = nil)
        throws(AssetError) -> UInt32
    {
        if let v = lookup.vertex(of: corner) { return v }
        let v = try newVertex(position: position, uv: uv, normal: normal, file: file, line: line)
        lookup.append(corner, vertex: v)
        if recordsOrigins { origins.append(corner.position) }
        return v
    }

    /// Makes a vertex that `vertex` will not find until `index` enters it: for a reader that
    /// knows the corner is new (the OBJ reader, for the first corner of each position).
    /// Throws when the model grows past `AssetLimits.maxVertices`.
    mutating func newVertex(position: Vec3, uv: Vec2?, normal: Vec3?, file: String, line: Int? = nil)
        throws(AssetError) -> UInt32
    {
        guard positions.count < AssetLimits.maxVertices else {
            throw AssetError(file: file, line: line, "more than \(AssetLimits.maxVertices) vertices")
        }
        let v = UInt32(positions.count)
        positions.append(position)
        uvs.append(uv ?? .zero)
        if uv != nil { anyUV = true }
        normals.append(normal ?? .zero)
        hasNormal.append(normal != nil)
        if normal == nil { missingNormals = true }
        return v
    }

    /// Enters vertex `v`, made by `newVertex`, as the vertex of `corner` for `vertex` to find.
    mutating func index(_ v: UInt32, as corner: Corner) { lookup.append(corner, vertex: v) }

    /// Adds a triangle of vertices returned by `vertex`. Throws past `AssetLimits.maxTriangles`.
    mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32, file: String, line: Int? = nil) throws(AssetError) {
        try element(a, b, c, kind: .triangles, file: file, line: line)
    }

    /// Adds a line from `a` to `b` (stored as `a b b` in a group of lines).
    mutating func line(_ a: UInt32, _ b: UInt32, file: String, line: Int? = nil) throws(AssetError) {
        try element(a, b, b, kind: .lines, file: file, line: line)
    }

    /// Adds a point at `a` (stored as `a a a` in a group of points).
    mutating func point(_ a: UInt32, file: String, line: Int? = nil) throws(AssetError) {
        try element(a, a, a, kind: .points, file: file, line: line)
    }

    /// Adds one index triple of `kind`, starting a new group when the kind changes. Lines
    /// and points count towards `AssetLimits.maxTriangles`.
    private mutating func element(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, kind: Mesh.Group.Kind, file: String, line: Int?
    ) throws(AssetError) {
        guard indices.count / 3 < AssetLimits.maxTriangles else {
            throw AssetError(file: file, line: line, "more than \(AssetLimits.maxTriangles) triangles")
        }
        if kind != groupKind {
            closeGroup()
            groupKind = kind
        }
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// Starts a new material group for the triangles that follow (unless it is the
    /// current group's material).
    mutating func useMaterial(name: String, material: Material?) {
        // The same material again continues the current group.
        if name == groupName, material == groupMaterial { return }
        closeGroup()
        groupName = name
        groupMaterial = material
    }

    private mutating func closeGroup() {
        let end = indices.count / 3
        if end > groupStart {
            groups.append(
                Mesh.Group(name: groupName, material: groupMaterial, triangles: groupStart..<end, kind: groupKind))
        }
        groupStart = end
    }

    /// The mesh, or nil when no triangle was added. Vertices without a normal get
    /// area-weighted smooth normals; without texture coordinates, (0, 0) when others have them.
    mutating func build(name: String, file: String) throws(AssetError) -> Mesh? {
        closeGroup()
        guard !indices.isEmpty else { return nil }
        var ns = normals
        if missingNormals {
            let smooth = Mesh.smoothNormals(positions: positions, indices: indices)
            for i in ns.indices where !hasNormal[i] { ns[i] = smooth[i] }
        }
        do {
            return try Mesh(
                name: name, positions: positions, normals: ns, uvs: anyUV ? uvs : [], indices: indices, groups: groups)
        } catch {
            throw AssetError(file: file, "mesh '\(name)': \(error.description)")
        }
    }
}
