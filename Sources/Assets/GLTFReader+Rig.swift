import Math3D
import SceneGraph

/// What the reader gathers while it builds the node tree for animations, skins and morph
/// targets, and turns into a `Rig` at the end.
struct Rigging {
    /// Per vertex of a mesh (all its primitives, in order): morph target offsets and
    /// joint influences.
    struct Extras {
        var count = 0
        var morphPositions: [[Vec3]] = []
        var morphNormals: [[Vec3]] = []
        var influences = 0
        var joints: [UInt16] = []
        var weights: [Float] = []
    }

    /// Most numbers (keyframe values, morph offsets, joint weights) one file's rig may hold.
    static let maxNumbers = 40_000_000

    /// Child-index paths from the file's root node to each instance of each node.
    var paths: [Int: [[Int]]] = [:]
    /// Node instances whose mesh is skinned or morphed, in tree order.
    var deformed: [(node: Int, path: [Int])] = []
    /// Per mesh index.
    var extras: [Int: Extras] = [:]
    /// Numbers read so far, against `maxNumbers`.
    var numbers = 0
    /// Morph target counts of the meshes of the document (0 when not morphed).
    var morphTargets: [Int] = []

    /// True when mesh `index` has morph targets.
    func isMorphed(_ index: Int?) -> Bool {
        guard let index, index >= 0, index < morphTargets.count else { return false }
        return morphTargets[index] > 0
    }
}

extension GLTFReader {
    /// Counts `n` more rig numbers against the file's budget.
    mutating func spendRig(_ n: Int, _ what: String) throws(AssetError) {
        rigging.numbers += n
        guard rigging.numbers <= Rigging.maxNumbers else {
            throw AssetError(file: name, "\(what): animation, skin and morph data beyond \(Rigging.maxNumbers) numbers")
        }
    }

    /// Reads primitive `primitive`'s morph targets and joint influences for the `count`
    /// vertices it adds to mesh `index` after `base` earlier ones.
    mutating func readVertexExtras(
        _ primitive: GLTFDocument.Primitive, mesh index: Int, base: Int, count: Int, what: String
    ) throws(AssetError) {
        let g = doc.meshes?[index]
        let targetCount = g?.primitives.map { $0.targets?.count ?? 0 }.max() ?? 0
        let skinned = g?.primitives.contains { $0.attributes["JOINTS_0"] != nil } ?? false
        guard targetCount > 0 || skinned else { return }
        var e = rigging.extras[index] ?? Rigging.Extras()
        guard e.count == base else { return }
        if targetCount > 0 {
            guard targetCount <= 256 else { throw AssetError(file: name, "\(what): more than 256 morph targets") }
            try spendRig(6 * targetCount * count, what)
            if e.morphPositions.isEmpty {
                e.morphPositions = [[Vec3]](repeating: [Vec3](repeating: .zero, count: base), count: targetCount)
                e.morphNormals = e.morphPositions
            }
            let targets = primitive.targets ?? []
            for k in 0..<targetCount {
                let t = k < targets.count ? targets[k] : [:]
                e.morphPositions[k] += try vec3s(t["POSITION"], count: count, "\(what) target \(k) POSITION")
                e.morphNormals[k] += try vec3s(t["NORMAL"], count: count, "\(what) target \(k) NORMAL")
            }
        }
        if skinned {
            let wide = g?.primitives.contains { $0.attributes["JOINTS_1"] != nil } ?? false
            e.influences = wide ? 8 : 4
            try spendRig(2 * e.influences * count, what)
            var joints = [UInt16](repeating: 0, count: count * e.influences)
            var weights = [Float](repeating: 0, count: count * e.influences)
            for set in 0..<(e.influences / 4) {
                guard let ja = primitive.attributes["JOINTS_\(set)"], let wa = primitive.attributes["WEIGHTS_\(set)"]
                else { continue }
                let (jv, jc) = try floats(
                    ja, type: "VEC4", componentTypes: [5121, 5123], what: "\(what) JOINTS_\(set)")
                let (wv, wc) = try floats(
                    wa, type: "VEC4", componentTypes: [5126, 5121, 5123], what: "\(what) WEIGHTS_\(set)")
                guard jc == count, wc == count else {
                    throw AssetError(file: name, "\(what): \(jc) joints and \(wc) weights for \(count) positions")
                }
                for v in 0..<count {
                    for c in 0..<4 {
                        joints[v * e.influences + set * 4 + c] = UInt16(jv[v * 4 + c])
                        weights[v * e.influences + set * 4 + c] = max(wv[v * 4 + c], 0)
                    }
                }
            }
            // Weights as fractions of their sum (exporters round them; integer weights
            // without `normalized` still work).
            for v in 0..<count {
                let range = (v * e.influences)..<((v + 1) * e.influences)
                let sum = weights[range].reduce(0, +)
                if sum > 0 { for i in range { weights[i] /= sum } }
            }
            if e.joints.count < base * e.influences {
                e.joints += [UInt16](repeating: 0, count: base * e.influences - e.joints.count)
                e.weights += [Float](repeating: 0, count: base * e.influences - e.weights.count)
            }
            e.joints += joints
            e.weights += weights
        }
        e.count += count
        rigging.extras[index] = e
    }

    /// Accessor `index` as `count` vectors, or zeros when there is none.
    mutating func vec3s(_ index: Int?, count: Int, _ what: String) throws(AssetError) -> [Vec3] {
        guard let index else { return [Vec3](repeating: .zero, count: count) }
        let (v, c) = try floats(index, type: "VEC3", componentTypes: [5126, 5120, 5122], what: what)
        guard c == count else { throw AssetError(file: name, "\(what): \(c) elements for \(count) vertices") }
        return (0..<count).map { Vec3(v[3 * $0], v[3 * $0 + 1], v[3 * $0 + 2]) }
    }

    /// Builds the rig of the file's root node `root` (nothing when the file has no
    /// animations, skins or morph targets), moves skinned meshes to the root, and poses the
    /// tree at rest.
    mutating func rig(_ root: inout Node) throws(AssetError) {
        let animations = try readAnimations()
        guard !animations.isEmpty || !rigging.deformed.isEmpty else { return }
        let all = doc.nodes ?? []
        var targets: [Rig.Target] = []
        for (i, n) in all.enumerated() {
            var rest = Transform()
            if let v = n.translation, v.count == 3, v.allSatisfy(\.isFinite) { rest.position = Vec3(v[0], v[1], v[2]) }
            if let v = n.scale, v.count == 3, v.allSatisfy(\.isFinite) { rest.scale = Vec3(v[0], v[1], v[2]) }
            if let v = n.rotation, v.count == 4, v.allSatisfy(\.isFinite) {
                rest.rotation = Quaternion(x: v[0], y: v[1], z: v[2], w: v[3]).normalized
            }
            let morphs = n.mesh.map { $0 >= 0 && $0 < rigging.morphTargets.count ? rigging.morphTargets[$0] : 0 } ?? 0
            var weights = n.weights ?? n.mesh.flatMap { doc.meshes?[$0].weights } ?? []
            if weights.count != morphs || !weights.allSatisfy(\.isFinite) {
                weights = [Float](repeating: 0, count: morphs)
            }
            targets.append(
                Rig.Target(name: n.name ?? "node \(i)", paths: rigging.paths[i] ?? [], rest: rest, weights: weights))
        }
        var deformers: [Rig.Deformer] = []
        for (index, path) in rigging.deformed {
            let n = all[index]
            guard let m = n.mesh, let mesh = try mesh(m) else { continue }
            let extras = rigging.extras[m] ?? Rigging.Extras()
            var skin: Rig.Skin?
            var at = path
            if let s = n.skin {
                skin = try self.skin(s, extras: extras, vertexCount: mesh.vertexCount)
                root.children.append(Node(name: n.name ?? "node \(index)", mesh: mesh))
                at = [root.children.count - 1]
            }
            let morphed = extras.morphPositions.first?.count == mesh.vertexCount
            deformers.append(
                Rig.Deformer(
                    path: at, mesh: mesh, morphPositions: morphed ? extras.morphPositions : [],
                    morphNormals: morphed ? extras.morphNormals : [], weightsTarget: morphed ? index : nil, skin: skin))
        }
        let rig = Rig(animations: animations, targets: targets, deformers: deformers)
        root.rig = rig
        var player = AnimationPlayer(rig: rig)
        player.pose(&root, animation: nil, seconds: 0)
    }

    /// Skin `index` for a mesh with `extras`' joint influences, or nil when the mesh has none.
    mutating func skin(_ index: Int, extras: Rigging.Extras, vertexCount: Int) throws(AssetError) -> Rig.Skin? {
        let skins = doc.skins ?? []
        guard index >= 0, index < skins.count else {
            throw AssetError(file: name, "skin index \(index) out of range (\(skins.count) skins)")
        }
        let s = skins[index]
        let nodeCount = doc.nodes?.count ?? 0
        guard !s.joints.isEmpty, s.joints.count <= 65536 else {
            throw AssetError(file: name, "skin \(index): \(s.joints.count) joints is not in 1...65536")
        }
        if let bad = s.joints.first(where: { $0 < 0 || $0 >= nodeCount }) {
            throw AssetError(file: name, "skin \(index): joint node \(bad) out of range (\(nodeCount) nodes)")
        }
        var inverseBind = [Matrix4](repeating: .identity, count: s.joints.count)
        if let a = s.inverseBindMatrices {
            let (v, c) = try floats(a, type: "MAT4", componentTypes: [5126], what: "skin \(index) inverseBindMatrices")
            guard c >= s.joints.count else {
                throw AssetError(file: name, "skin \(index): \(c) inverse bind matrices for \(s.joints.count) joints")
            }
            for j in inverseBind.indices { inverseBind[j] = Matrix4(columnMajor: Array(v[(16 * j)..<(16 * j + 16)])) }
        }
        guard extras.influences > 0, extras.joints.count == vertexCount * extras.influences else { return nil }
        var weights = extras.weights
        for (k, j) in extras.joints.enumerated() where Int(j) >= s.joints.count { weights[k] = 0 }
        return Rig.Skin(
            joints: s.joints, inverseBind: inverseBind, influences: extras.influences, jointIndices: extras.joints,
            weights: weights)
    }
}
