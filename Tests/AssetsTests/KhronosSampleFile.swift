import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// A Khronos glTF sample file (Fixtures/NAME/NAME.gltf, embedded buffers) read a second
/// time, apart from the reader under test: JSON through JSONSerialization, buffers by
/// base64, and the glTF rules for node matrices, LINEAR keys and skinning written out again
/// in doubles. The tests compare what the reader and `AnimationPlayer` draw with the poses
/// this works out from the file's own numbers.
struct KhronosSampleFile {
    /// A 4 x 4 matrix in doubles, column-major as glTF stores it.
    typealias M4 = [Double]

    let json: [String: Any]
    let buffers: [Data]
    let path: String

    init(_ name: String) throws {
        path =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)/\(name).gltf").path
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var buffers: [Data] = []
        for b in try #require(json["buffers"] as? [[String: Any]]) {
            let uri = try #require(b["uri"] as? String)
            let bytes: Data
            if uri.hasPrefix("data:") {
                let comma = try #require(uri.firstIndex(of: ","))
                bytes = try #require(Data(base64Encoded: String(uri[uri.index(after: comma)...])))
            } else {
                // A buffer in a file beside the model (Fox.bin).
                bytes = try Data(
                    contentsOf: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(uri))
            }
            #expect(bytes.count == Self.int(b["byteLength"]), "\(name): buffer length")
            buffers.append(bytes)
        }
        self.buffers = buffers
    }

    /// The model as the reader under test loads it (no warnings expected).
    func load() throws -> Node {
        var warnings: [AssetError] = []
        let root = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(warnings.isEmpty, "\(path): \(warnings)")
        return root
    }

    static func int(_ v: Any?) -> Int { (v as? NSNumber)?.intValue ?? -1 }
    static func doubles(_ v: Any?) -> [Double]? { (v as? [NSNumber])?.map(\.doubleValue) }

    func list(_ key: String) -> [[String: Any]] { json[key] as? [[String: Any]] ?? [] }
    var nodes: [[String: Any]] { list("nodes") }

    /// Accessor `index`'s elements (floats, unsigned bytes or shorts), each as its numbers.
    func accessor(_ index: Int) throws -> [[Double]] {
        let a = list("accessors")[index]
        let view = list("bufferViews")[Self.int(a["bufferView"])]
        let data = buffers[Self.int(view["buffer"])]
        let widths = ["SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16]
        let width = try #require(widths[a["type"] as? String ?? ""])
        let kind = Self.int(a["componentType"])
        let size = try #require([5126: 4, 5123: 2, 5121: 1][kind])
        let stride = view["byteStride"] == nil ? width * size : Self.int(view["byteStride"])
        let start = max(Self.int(view["byteOffset"]), 0) + max(Self.int(a["byteOffset"]), 0)
        return (0..<Self.int(a["count"])).map { k in
            (0..<width).map { c in
                let at = start + k * stride + c * size
                var bits: UInt32 = 0
                for b in 0..<size { bits |= UInt32(data[data.startIndex + at + b]) << (8 * UInt32(b)) }
                return kind == 5126 ? Double(Float(bitPattern: bits)) : Double(bits)
            }
        }
    }

    // MARK: Matrices and quaternions, in doubles

    static let identity: M4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    static func mul(_ a: M4, _ b: M4) -> M4 {
        var m = M4(repeating: 0, count: 16)
        for c in 0..<4 {
            for r in 0..<4 { m[4 * c + r] = (0..<4).reduce(0) { $0 + a[4 * $1 + r] * b[4 * c + $1] } }
        }
        return m
    }

    static func apply(_ m: M4, _ p: [Double]) -> [Double] {
        (0..<3).map { r in m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r] }
    }

    static func scaled(_ m: M4, _ s: Double) -> M4 { m.map { $0 * s } }
    static func sum(_ a: M4, _ b: M4) -> M4 { zip(a, b).map { $0 + $1 } }

    /// T * R * S from a translation, a unit quaternion (x, y, z, w) and a scale.
    static func trs(_ t: [Double], _ q: [Double], _ s: [Double]) -> M4 {
        let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).squareRoot()
        let (x, y, z, w) = (q[0] / n, q[1] / n, q[2] / n, q[3] / n)
        let r: [Double] = [
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
        ]
        return [
            r[0] * s[0], r[1] * s[0], r[2] * s[0], 0,
            r[3] * s[1], r[4] * s[1], r[5] * s[1], 0,
            r[6] * s[2], r[7] * s[2], r[8] * s[2], 0,
            t[0], t[1], t[2], 1,
        ]
    }

    /// Spherical interpolation from `a` to `b` (the shorter way round) by `s`.
    static func slerp(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] {
        var b = b
        var d = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        if d < 0 {
            b = b.map { -$0 }
            d = -d
        }
        if d > 0.999_999 { return zip(a, b).map { $0 + s * ($1 - $0) } }
        let angle = acos(min(d, 1))
        let wa = sin((1 - s) * angle) / sin(angle)
        let wb = sin(s * angle) / sin(angle)
        return zip(a, b).map { wa * $0 + wb * $1 }
    }

    // MARK: The pose the file asks for

    /// Animation `animation`'s value for node `node`'s `path` at `t` seconds (LINEAR keys,
    /// held before the first and after the last), or nil when no channel drives it.
    func sampled(_ node: Int, _ path: String, animation: Int, at t: Double) throws -> [Double]? {
        let a = list("animations")[animation]
        let samplers = a["samplers"] as? [[String: Any]] ?? []
        for channel in a["channels"] as? [[String: Any]] ?? [] {
            let target = channel["target"] as? [String: Any] ?? [:]
            guard Self.int(target["node"]) == node, target["path"] as? String == path else { continue }
            let sampler = samplers[Self.int(channel["sampler"])]
            #expect((sampler["interpolation"] as? String ?? "LINEAR") == "LINEAR")
            let times = try accessor(Self.int(sampler["input"])).map { $0[0] }
            let values = try accessor(Self.int(sampler["output"]))
            if t <= times[0] { return values[0] }
            guard let k = times.firstIndex(where: { $0 > t }) else { return values[values.count - 1] }
            let s = (t - times[k - 1]) / (times[k] - times[k - 1])
            if path == "rotation" { return Self.slerp(values[k - 1], values[k], s) }
            return zip(values[k - 1], values[k]).map { $0 + s * ($1 - $0) }
        }
        return nil
    }

    /// The duration of animation `animation`: its last key time.
    func duration(_ animation: Int) throws -> Double {
        let a = list("animations")[animation]
        return try (a["samplers"] as? [[String: Any]] ?? []).map { s in
            try accessor(Self.int(s["input"])).map { $0[0] }.max() ?? 0
        }.max() ?? 0
    }

    /// Node `node`'s local matrix at `t` seconds into `animation` (nil: at rest).
    func local(_ node: Int, animation: Int?, at t: Double) throws -> M4 {
        let n = nodes[node]
        if let m = Self.doubles(n["matrix"]) { return m }
        func part(_ path: String, _ rest: [Double]) throws -> [Double] {
            if let a = animation, let v = try sampled(node, path, animation: a, at: t) { return v }
            return Self.doubles(n[path]) ?? rest
        }
        return Self.trs(
            try part("translation", [0, 0, 0]), try part("rotation", [0, 0, 0, 1]), try part("scale", [1, 1, 1]))
    }

    /// Node `node`'s world matrix (relative to the scene) at `t` seconds into `animation`.
    func world(_ node: Int, animation: Int?, at t: Double) throws -> M4 {
        var parent: [Int: Int] = [:]
        for (i, n) in nodes.enumerated() {
            for c in Self.doubles(n["children"]) ?? [] { parent[Int(c)] = i }
        }
        var m = try local(node, animation: animation, at: t)
        var at = node
        while let p = parent[at] {
            m = Self.mul(try local(p, animation: animation, at: t), m)
            at = p
        }
        return m
    }

    /// The vertices of the first primitive of the mesh on node `node`, skinned by the
    /// node's skin at `t` seconds into `animation` (nil: at rest): for each, the sum over its
    /// JOINTS_0 / WEIGHTS_0 of weight x joint world x inverse bind matrix, applied to its
    /// POSITION.
    func skinnedVertices(node: Int, animation: Int?, at t: Double) throws -> [[Double]] {
        let n = nodes[node]
        let primitive = try #require((list("meshes")[Self.int(n["mesh"])]["primitives"] as? [[String: Any]])?.first)
        let attributes = try #require(primitive["attributes"] as? [String: Any])
        let positions = try accessor(Self.int(attributes["POSITION"]))
        let joints = try accessor(Self.int(attributes["JOINTS_0"]))
        let weights = try accessor(Self.int(attributes["WEIGHTS_0"]))
        let skin = list("skins")[Self.int(n["skin"])]
        let jointNodes = try #require(Self.doubles(skin["joints"])).map { Int($0) }
        let inverseBind = try accessor(Self.int(skin["inverseBindMatrices"]))
        let jointMatrices = try jointNodes.indices.map { j in
            Self.mul(try world(jointNodes[j], animation: animation, at: t), inverseBind[j])
        }
        return positions.indices.map { v in
            var m = M4(repeating: 0, count: 16)
            for k in 0..<4 where weights[v][k] != 0 {
                m = Self.sum(m, Self.scaled(jointMatrices[Int(joints[v][k])], weights[v][k]))
            }
            return Self.apply(m, positions[v])
        }
    }

    /// The number of vertices of the first primitive of mesh `mesh`.
    func vertexCount(mesh: Int) throws -> Int {
        let primitive = try #require((list("meshes")[mesh]["primitives"] as? [[String: Any]])?.first)
        let attributes = try #require(primitive["attributes"] as? [String: Any])
        return Self.int(list("accessors")[Self.int(attributes["POSITION"])]["count"])
    }

    /// The posed vertices of the skinned mesh of `root` (its first deformer), after
    /// `AnimationPlayer` poses animation `animation` at `seconds`.
    static func posedSkin(_ root: Node, animation: Int = 0, seconds: Double) throws -> [Vec3] {
        try ColladaSkinTests.posed(root, animation: animation, seconds: seconds)
    }

    static func distance(_ a: Vec3, _ b: [Double]) -> Double {
        let d = [Double(a.x) - b[0], Double(a.y) - b[1], Double(a.z) - b[2]]
        return (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
    }
}
