import Math3D

/// Triangle geometry: immutable, with storage shared between copies, so that thousands
/// of mesh nodes can instance one mesh for the cost of a reference.
///
/// Vertices are unified: vertex `i` has `positions[i]`, `normals[i]` and (when the mesh
/// has texture coordinates) `uvs[i]`. Triangles are index triples, counter-clockwise when
/// seen from the front. Groups of kind `.lines` or `.points` hold lines and points in the
/// same triples: a line from `a` to `b` is `a b b`, a point `a a a` (zero-area triangles to
/// everything that reads triangles).
public struct Mesh: Hashable, Sendable {
    /// A run of triangles (or lines, or points) that share a material.
    public struct Group: Hashable, Sendable {
        /// What a group's index triples draw.
        public enum Kind: Hashable, Sendable {
            /// Triangles `a b c`.
            case triangles
            /// Lines `a b b` from `a` to `b`, drawn one pixel wide.
            case lines
            /// Points `a a a`, drawn as small squares.
            case points
        }

        /// The group's name in its file (OBJ `usemtl`, glTF primitive), or empty.
        public var name: String
        /// The material from the file, or `nil` to use the mesh node's.
        public var material: Material?
        /// Triangle indices (not vertex indices) of the group: indices of index triples.
        public var triangles: Range<Int>
        /// What the group's triples draw. Default `.triangles`.
        public var kind: Kind

        /// A group of triangles (or, with `kind`, of lines or points).
        public init(name: String = "", material: Material? = nil, triangles: Range<Int>, kind: Kind = .triangles) {
            self.name = name
            self.material = material
            self.triangles = triangles
            self.kind = kind
        }
    }

    /// Axis-aligned bounding box.
    public struct Bounds: Hashable, Sendable {
        /// Smallest corner.
        public var min: Vec3
        /// Largest corner.
        public var max: Vec3
        /// Centre of the box.
        public var center: Vec3 { (min + max) / 2 }
        /// Edge lengths.
        public var size: Vec3 { max - min }
        /// Radius of the sphere about `center` that holds the box.
        public var radius: Float { length(size) / 2 }

        /// A box from its corners.
        public init(min: Vec3, max: Vec3) {
            self.min = min
            self.max = max
        }
    }

    /// An analytic description of the geometry, when the mesh was made from one. Renderers
    /// may use it to draw the exact shape (for instance a small sphere as a screen-space
    /// impostor) instead of the triangles; the scene graph still holds a mesh instance.
    public enum Primitive: Hashable, Sendable {
        /// A sphere of this radius centred at the mesh origin.
        case sphere(radius: Float)
    }

    /// Copy on write: `positions`, `normals` and `bounds` change only through
    /// `withMutableVertices`, which first makes the storage unique, so no other mesh ever
    /// sees them change.
    final class Storage: @unchecked Sendable {
        var positions: [Vec3]
        var normals: [Vec3]
        let uvs: [Vec2]
        let uvs1: [Vec2]
        let colors: [Vec3]
        let tangents: [Vec4]
        let indices: [UInt32]
        let groups: [Group]
        var bounds: Bounds
        let primitive: Primitive?
        init(
            positions: [Vec3], normals: [Vec3], uvs: [Vec2], indices: [UInt32], groups: [Group],
            primitive: Primitive? = nil, colors: [Vec3] = [], uvs1: [Vec2] = [], tangents: [Vec4] = []
        ) {
            self.colors = colors
            self.uvs1 = uvs1
            self.tangents = tangents
            self.primitive = primitive
            self.positions = positions
            self.normals = normals
            self.uvs = uvs
            self.indices = indices
            self.groups = groups
            bounds = Storage.bounds(of: positions)
        }

        /// The smallest box holding `positions` (a zero box at the origin for none).
        static func bounds(of positions: [Vec3]) -> Bounds {
            var lo = Vec3(repeating: .infinity)
            var hi = Vec3(repeating: -.infinity)
            for p in positions {
                lo = pointwiseMin(lo, p)
                hi = pointwiseMax(hi, p)
            }
            return positions.isEmpty ? Bounds(min: .zero, max: .zero) : Bounds(min: lo, max: hi)
        }

        /// A storage holding the same arrays (shared until one of them is written).
        func copy() -> Storage {
            Storage(
                positions: positions, normals: normals, uvs: uvs, indices: indices, groups: groups,
                primitive: primitive, colors: colors, uvs1: uvs1, tangents: tangents)
        }
    }

    var storage: Storage
    /// A name for messages.
    public let name: String

    /// Errors from `Mesh.init(validating...)`.
    public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// A mesh from unified vertex arrays, checked: `normals` is empty (then smooth normals
    /// are computed) or as long as `positions`; `uvs` is empty or as long as `positions`;
    /// `indices` is a multiple of 3 and every index is in range; every value is finite;
    /// `groups` (default: one group of all triangles) cover valid triangle ranges; `colors`
    /// (linear-light RGB per vertex, multiplying the material's colours; default none) is
    /// empty or as long as `positions`, with components 0 or more; `uvs1` (a second texture
    /// coordinate set, default none) is empty or as long as `positions`; `tangents` (see
    /// `Mesh.tangents`, default none) is empty or as long as `positions`, every component
    /// finite.
    public init(
        name: String = "", positions: [Vec3], normals: [Vec3] = [], uvs: [Vec2] = [],
        indices: [UInt32], groups: [Group]? = nil, colors: [Vec3] = [], uvs1: [Vec2] = [], tangents: [Vec4] = []
    ) throws(ValidationError) {
        guard tangents.isEmpty || tangents.count == positions.count else {
            throw ValidationError(description: "\(tangents.count) tangents for \(positions.count) positions")
        }
        for t in tangents where !(t.x.isFinite && t.y.isFinite && t.z.isFinite && t.w.isFinite) {
            throw ValidationError(description: "tangent \(t) is not finite")
        }
        guard uvs1.isEmpty || uvs1.count == positions.count else {
            throw ValidationError(
                description: "\(uvs1.count) second texture coordinates for \(positions.count) positions")
        }
        for t in uvs1 where !(t.x.isFinite && t.y.isFinite) {
            throw ValidationError(description: "texture coordinate \(t) is not finite")
        }
        guard indices.count % 3 == 0 else {
            throw ValidationError(description: "index count \(indices.count) is not a multiple of 3")
        }
        guard normals.isEmpty || normals.count == positions.count else {
            throw ValidationError(description: "\(normals.count) normals for \(positions.count) positions")
        }
        guard uvs.isEmpty || uvs.count == positions.count else {
            throw ValidationError(description: "\(uvs.count) texture coordinates for \(positions.count) positions")
        }
        guard colors.isEmpty || colors.count == positions.count else {
            throw ValidationError(description: "\(colors.count) vertex colours for \(positions.count) positions")
        }
        for c in colors where !(c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x.isFinite && c.y.isFinite && c.z.isFinite) {
            throw ValidationError(description: "vertex colour \(c) is not finite and 0 or more")
        }
        let n = UInt32(clamping: positions.count)
        if let bad = indices.first(where: { $0 >= n }) {
            throw ValidationError(description: "vertex index \(bad) out of range (\(positions.count) vertices)")
        }
        for p in positions where !(p.x.isFinite && p.y.isFinite && p.z.isFinite) {
            throw ValidationError(description: "vertex position \(p) is not finite")
        }
        for t in uvs where !(t.x.isFinite && t.y.isFinite) {
            throw ValidationError(description: "texture coordinate \(t) is not finite")
        }
        let triangleCount = indices.count / 3
        let gs = groups ?? [Group(triangles: 0..<triangleCount)]
        for g in gs where g.triangles.lowerBound < 0 || g.triangles.upperBound > triangleCount {
            throw ValidationError(description: "group '\(g.name)' covers triangles \(g.triangles) of \(triangleCount)")
        }
        var ns = normals
        if ns.isEmpty {
            ns = Mesh.smoothNormals(positions: positions, indices: indices)
        } else {
            ns = ns.map { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite ? normalize($0) : .zero }
        }
        storage = Storage(
            positions: positions, normals: ns, uvs: uvs, indices: indices, groups: gs, colors: colors, uvs1: uvs1,
            tangents: tangents)
        self.name = name
    }

    /// Unchecked initializer for generators inside the library whose output is valid by construction.
    init(
        trusted name: String, positions: [Vec3], normals: [Vec3], uvs: [Vec2], indices: [UInt32],
        groups: [Group]? = nil, primitive: Primitive? = nil, colors: [Vec3] = [], uvs1: [Vec2] = [],
        tangents: [Vec4] = []
    ) {
        storage = Storage(
            positions: positions, normals: normals, uvs: uvs, indices: indices,
            groups: groups ?? [Group(triangles: 0..<indices.count / 3)], primitive: primitive, colors: colors,
            uvs1: uvs1, tangents: tangents)
        self.name = name
    }

    /// Vertex positions.
    public var positions: [Vec3] { storage.positions }
    /// Unit vertex normals, one per position.
    public var normals: [Vec3] { storage.normals }
    /// Texture coordinates, one per position, or empty.
    public var uvs: [Vec2] { storage.uvs }
    /// Triangle vertex indices, three per triangle.
    public var indices: [UInt32] { storage.indices }
    /// Material groups, covering the triangles.
    public var groups: [Group] { storage.groups }
    /// Bounding box of the positions.
    public var bounds: Bounds { storage.bounds }
    /// The analytic shape the mesh approximates, if known (`Mesh.sphere` sets it).
    public var primitive: Primitive? { storage.primitive }
    /// Number of triangles.
    public var triangleCount: Int { storage.indices.count / 3 }
    /// Number of vertices.
    public var vertexCount: Int { storage.positions.count }
    /// A second set of texture coordinates, one per position, or empty: what a material's
    /// emission texture reads when its `emissiveUVSet` is 1 (glTF's `TEXCOORD_1`, baked light).
    public var uvs1: [Vec2] { storage.uvs1 }
    /// Tangents, one per position, or empty: `xyz` the surface direction in which the normal
    /// map's texture coordinate u grows (model space, unit length), `w` +1 or -1, the
    /// handedness: the bitangent (the way v grows, up the image) is `w * cross(normal, xyz)`,
    /// as glTF's `TANGENT`. What a material's `normalTexture` is drawn with.
    public var tangents: [Vec4] { storage.tangents }
    /// True when the mesh has texture coordinates.
    public var hasUVs: Bool { !storage.uvs.isEmpty }
    /// Linear-light RGB colours, one per position, multiplying the material's diffuse,
    /// ambient and texture colours (glTF's `COLOR_0`), or empty.
    public var colors: [Vec3] { storage.colors }

    /// Area-weighted smooth normals: each vertex gets the normalized sum of the
    /// (unnormalized) face normals of the triangles that use it.
    public static func smoothNormals(positions: [Vec3], indices: [UInt32]) -> [Vec3] {
        var acc = [Vec3](repeating: .zero, count: positions.count)
        var t = 0
        while t + 2 < indices.count {
            let a = Int(indices[t])
            let b = Int(indices[t + 1])
            let c = Int(indices[t + 2])
            if a < positions.count, b < positions.count, c < positions.count {
                let n = cross(positions[b] - positions[a], positions[c] - positions[a])
                acc[a] += n
                acc[b] += n
                acc[c] += n
            }
            t += 3
        }
        return acc.map { normalize($0) }
    }

    /// A copy whose vertices are moved and scaled: `p' = (p - center) * factor`.
    public func transformed(center: Vec3, factor: Float) -> Mesh {
        Mesh(
            trusted: name, positions: positions.map { ($0 - center) * factor },
            normals: factor < 0 ? normals.map { -$0 } : normals, uvs: uvs, indices: indices, groups: groups,
            colors: colors, uvs1: uvs1, tangents: factor < 0 ? tangents.map { -$0 } : tangents)
    }

    /// A copy moved so that its bounding box is centred at the origin (the original
    /// engine's "centralize").
    public func centered() -> Mesh { transformed(center: bounds.center, factor: 1) }

    /// A copy centred at the origin and scaled so that its largest bounding-box edge is
    /// `size` (the original engine's "normalize"). A mesh of zero size is only centred.
    public func normalized(to size: Float = 1) -> Mesh {
        let extent = bounds.size.max()
        return transformed(center: bounds.center, factor: extent > 0 ? size / extent : 1)
    }

    /// A copy with a different material on every group.
    public func withMaterial(_ material: Material?) -> Mesh {
        Mesh(
            trusted: name, positions: positions, normals: normals, uvs: uvs, indices: indices,
            groups: groups.map { Group(name: $0.name, material: material, triangles: $0.triangles, kind: $0.kind) },
            primitive: primitive, colors: colors, uvs1: uvs1, tangents: tangents)
    }

    /// Meshes are equal when their names and contents (positions, normals, texture
    /// coordinates, colours, indices, groups, primitive) are; copies sharing storage are compared
    /// without reading the vertices.
    public static func == (a: Mesh, b: Mesh) -> Bool {
        guard a.name == b.name else { return false }
        if a.storage === b.storage { return true }
        let x = a.storage
        let y = b.storage
        return x.primitive == y.primitive && x.bounds == y.bounds && x.groups == y.groups && x.indices == y.indices
            && x.positions == y.positions && x.normals == y.normals && x.uvs == y.uvs && x.colors == y.colors
            && x.uvs1 == y.uvs1 && x.tangents == y.tangents
    }

    /// Hashes the name, the sizes and the bounds: cheap, and the same for equal contents.
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(storage.positions.count)
        h.combine(storage.indices.count)
        h.combine(storage.bounds)
        h.combine(storage.primitive)
    }

    /// True when both meshes share the same storage (an instance of the same geometry).
    public func sharesStorage(with other: Mesh) -> Bool { storage === other.storage }
}
