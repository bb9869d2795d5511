import Math3D
import SceneGraph

/// The meshes a reader in a child process passes back over a pipe: a small binary format
/// read with every count checked against the bytes present, so a broken or hostile child
/// cannot make the parent allocate more than it sent.
///
/// Layout (little-endian): `ORBM`, the part count (u32), then per part: kind (u32: 0
/// triangles, 1 lines, 2 points), vertex count, index count, flags (u32: 1 normals, 2
/// colours, 4 diffuse colour), the diffuse colour (3 x f32, sRGB-encoded as files write
/// it), the name's length and UTF-8
/// bytes, positions (3 x f32 each), normals, colours (3 x f32 each, linear), indices (u32
/// each, in triples). A failure is `ORBE` and a UTF-8 message.
public enum MeshWire {
    /// One mesh of the child's result.
    public struct Part: Sendable {
        /// 0 triangles, 1 lines (`a b b`), 2 points (`a a a`).
        public var kind: UInt32
        /// The mesh's name in its file.
        public var name: String
        /// x y z per vertex.
        public var positions: [Float]
        /// x y z per vertex, or empty.
        public var normals: [Float]
        /// Linear r g b per vertex, or empty.
        public var colors: [Float]
        /// Vertex indices in triples.
        public var indices: [UInt32]
        /// The material's diffuse colour, linear r g b, or nil.
        public var diffuse: Vec3?

        /// A part from its arrays (see the type's fields).
        public init(
            kind: UInt32, name: String, positions: [Float], normals: [Float], colors: [Float], indices: [UInt32],
            diffuse: Vec3?
        ) {
            self.kind = kind
            self.name = name
            self.positions = positions
            self.normals = normals
            self.colors = colors
            self.indices = indices
            self.diffuse = diffuse
        }
    }

    static let meshMagic: [UInt8] = Array("ORBM".utf8)
    static let errorMagic: [UInt8] = Array("ORBE".utf8)

    /// The bytes of `parts`.
    public static func encode(_ parts: [Part]) -> [UInt8] {
        var out = meshMagic
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        u32(UInt32(parts.count))
        for p in parts {
            u32(p.kind)
            u32(UInt32(p.positions.count / 3))
            u32(UInt32(p.indices.count))
            u32((p.normals.isEmpty ? 0 : 1) | (p.colors.isEmpty ? 0 : 2) | (p.diffuse == nil ? 0 : 4))
            let d = p.diffuse ?? .zero
            f32(d.x)
            f32(d.y)
            f32(d.z)
            let name = Array(p.name.utf8.prefix(1024))
            u32(UInt32(name.count))
            out += name
            for v in p.positions { f32(v) }
            for v in p.normals { f32(v) }
            for v in p.colors { f32(v) }
            for i in p.indices { u32(i) }
        }
        return out
    }

    /// The bytes of a failure message.
    public static func encode(error message: String) -> [UInt8] { errorMagic + Array(message.utf8.prefix(400)) }

    /// A node with one child per part of `bytes`.
    /// - Throws: `AssetError` naming `name`: the child's own message for a failure, or what
    ///   is wrong with the bytes.
    static func decode(_ bytes: [UInt8], name: String) throws(AssetError) -> Node {
        if bytes.starts(with: errorMagic) {
            throw AssetError(file: name, AssetError.oneLine(String(decoding: bytes.dropFirst(4), as: UTF8.self)))
        }
        guard bytes.starts(with: meshMagic) else { throw AssetError(file: name, "the isolated reader sent no meshes") }
        var reader = Reader(bytes: bytes, at: 4, name: name)
        let count = try reader.u32()
        var children: [Node] = []
        var vertices = 0
        var triangles = 0
        for _ in 0..<count {
            let kind = try reader.u32()
            let vertexCount = try reader.u32()
            let indexCount = try reader.u32()
            let flags = try reader.u32()
            let diffuse = Vec3(try reader.f32(), try reader.f32(), try reader.f32())
            let nameLength = try reader.u32()
            guard kind <= 2, indexCount % 3 == 0, nameLength <= 1024 else {
                throw AssetError(file: name, "the isolated reader sent a broken mesh")
            }
            vertices += vertexCount
            triangles += indexCount / 3
            guard vertices <= AssetLimits.maxVertices, triangles <= AssetLimits.maxTriangles else {
                throw AssetError(
                    file: name,
                    "more than \(AssetLimits.maxVertices) vertices or \(AssetLimits.maxTriangles) triangles")
            }
            let partName = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
            let positions = try reader.vectors(vertexCount)
            let normals = flags & 1 != 0 ? try reader.vectors(vertexCount) : []
            let colors = flags & 2 != 0 ? try reader.vectors(vertexCount) : []
            let indices = try reader.indices(indexCount)
            guard !indices.isEmpty else { continue }
            let group = Mesh.Group(
                name: partName, triangles: 0..<(indices.count / 3),
                kind: kind == 0 ? .triangles : kind == 1 ? .lines : .points)
            let mesh: Mesh
            do {
                mesh = try Mesh(
                    name: partName, positions: positions, normals: normals, indices: indices, groups: [group],
                    colors: colors.map { pointwiseMax($0, .zero) })
            } catch {
                throw AssetError(file: name, error.description)
            }
            var material = Material.default
            if flags & 4 != 0, diffuse.x.isFinite, diffuse.y.isFinite, diffuse.z.isFinite {
                let c = pointwiseMin(pointwiseMax(diffuse, .zero), Vec3(repeating: 1))
                material.diffuse = Color(linear: Vec3(SRGB.decode(c.x), SRGB.decode(c.y), SRGB.decode(c.z)))
            }
            children.append(Node(name: partName, mesh: mesh, material: material))
        }
        return Node(name: name, children: children)
    }

    /// Reads values, each read checked against the bytes left.
    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        let name: String

        mutating func bytes(_ n: Int) throws(AssetError) -> ArraySlice<UInt8> {
            guard n >= 0, n <= bytes.count - at else {
                throw AssetError(file: name, "the isolated reader's output ends early")
            }
            defer { at += n }
            return bytes[at..<(at + n)]
        }

        mutating func u32() throws(AssetError) -> Int {
            let b = try bytes(4)
            let i = b.startIndex
            return Int(UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24)
        }

        mutating func f32() throws(AssetError) -> Float { Float(bitPattern: UInt32(try u32())) }

        mutating func vectors(_ n: Int) throws(AssetError) -> [Vec3] {
            guard n <= (bytes.count - at) / 12 else {
                throw AssetError(file: name, "the isolated reader's output ends early")
            }
            var out: [Vec3] = []
            out.reserveCapacity(n)
            for _ in 0..<n { out.append(Vec3(try f32(), try f32(), try f32())) }
            return out
        }

        mutating func indices(_ n: Int) throws(AssetError) -> [UInt32] {
            guard n <= (bytes.count - at) / 4 else {
                throw AssetError(file: name, "the isolated reader's output ends early")
            }
            var out: [UInt32] = []
            out.reserveCapacity(n)
            for _ in 0..<n { out.append(UInt32(try u32())) }
            return out
        }
    }
}
