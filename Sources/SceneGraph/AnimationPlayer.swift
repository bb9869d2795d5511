import Dispatch
import Math3D

/// Poses a node tree from its rig for a time: animated nodes get their transforms and
/// deformed meshes (morphed, then skinned on the CPU) are written in place. The renderer
/// draws the result as any other tree.
///
/// The player keeps its working arrays between poses, and a deformed mesh is rewritten in
/// the memory of the previous pose (`Mesh.withMutableVertices`), so posing the same tree
/// again allocates nothing as long as nothing else holds the posed meshes.
public struct AnimationPlayer: Sendable {
    /// The rig played.
    public let rig: Rig
    /// Vertices per deformed mesh above which skinning is split across all cores.
    public static let parallelVertices = 8192
    /// Whether large meshes are skinned on all cores (default true); false skins on the
    /// calling thread only. Both give the same vertices, bit for bit.
    public var parallel = true

    private var locals: [Transform]
    private var weights: [[Float]]
    /// Targets the current pose's animation drives, and those the previous pose's drove
    /// (put back to rest when the animation changes).
    private var driven: [Bool]
    private var wasDriven: [Bool]
    private var sample: [Float]
    private var jointMatrices: [Matrix4] = []
    /// Nanoseconds the last `pose` spent morphing and skinning meshes.
    public private(set) var deformNanoseconds: UInt64 = 0

    /// A player for `rig`.
    public init(rig: Rig) {
        self.rig = rig
        locals = rig.targets.map(\.rest)
        // Own copies: the player writes them every pose.
        weights = rig.targets.map { t in
            var own = [Float]()
            own.append(contentsOf: t.weights)
            return own
        }
        driven = [Bool](repeating: false, count: rig.targets.count)
        wasDriven = driven
        let widest = rig.animations.flatMap(\.channels).map(\.sampler.width).max() ?? 0
        sample = [Float](repeating: 0, count: max(widest, 4))
        let joints = rig.deformers.compactMap(\.skin).map(\.joints.count).max() ?? 0
        jointMatrices.reserveCapacity(joints)
    }

    /// The time within animation `index` that `seconds` of playing reaches: animations
    /// loop, so this is `seconds` modulo the duration (0 for an animation of no length).
    public func loopedTime(_ seconds: Double, animation index: Int) -> Double {
        guard index >= 0, index < rig.animations.count else { return 0 }
        let d = Double(rig.animations[index].duration)
        guard d > 0, seconds.isFinite else { return 0 }
        let t = seconds.truncatingRemainder(dividingBy: d)
        return t < 0 ? t + d : t
    }

    /// Poses `node` (the node holding `rig`) for animation `animation` at `seconds`
    /// (looped; see `loopedTime`), or at rest when `animation` is nil or out of range.
    public mutating func pose(_ node: inout Node, animation: Int?, seconds: Double) {
        for i in rig.targets.indices {
            locals[i] = rig.targets[i].rest
            let rest = rig.targets[i].weights
            for k in weights[i].indices where k < rest.count { weights[i][k] = rest[k] }
            wasDriven[i] = driven[i]
            driven[i] = false
        }
        if let a = animation, a >= 0, a < rig.animations.count {
            let t = Float(loopedTime(seconds, animation: a))
            for channel in rig.animations[a].channels where channel.target < locals.count {
                apply(channel, at: t)
                driven[channel.target] = true
            }
        }
        for i in driven.indices where driven[i] || wasDriven[i] {
            for path in rig.targets[i].paths { node.withDescendant(at: path) { $0.transform = locals[i] } }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        for d in rig.deformers {
            prepareJoints(d, in: node)
            node.withDescendant(at: d.path) { n in
                if n.content == nil { n.content = MeshNode(mesh: d.mesh) }
                if n.content?.mesh.vertexCount != d.mesh.vertexCount { n.content?.mesh = d.mesh }
                n.content?.mesh.withMutableVertices { ps, ns in deform(d, positions: ps, normals: ns) }
            }
        }
        deformNanoseconds = DispatchTime.now().uptimeNanoseconds - start
    }

    private mutating func apply(_ channel: AnimationChannel, at t: Float) {
        let i = channel.target
        channel.sampler.sample(at: t, rotation: channel.path == .rotation, into: &sample)
        switch channel.path {
        case .translation: locals[i].position = Vec3(sample[0], sample[1], sample[2])
        case .scale: locals[i].scale = Vec3(sample[0], sample[1], sample[2])
        case .rotation: locals[i].rotation = Quaternion(x: sample[0], y: sample[1], z: sample[2], w: sample[3])
        case .weights:
            let n = min(weights[i].count, channel.sampler.width)
            for k in 0..<n { weights[i][k] = sample[k] }
        }
    }

    /// The world matrix, relative to `node`, of the node at `path`.
    private func matrix(at path: [Int], in node: Node) -> Matrix4 {
        var m = Matrix4.identity
        var n = node
        for i in path {
            guard i < n.children.count else { break }
            n = n.children[i]
            m = m * n.transform.matrix
        }
        return m
    }

    /// Fills `jointMatrices` with `d`'s joints' current matrices (joint world x inverse bind).
    private mutating func prepareJoints(_ d: Rig.Deformer, in node: Node) {
        jointMatrices.removeAll(keepingCapacity: true)
        guard let skin = d.skin else { return }
        for (j, target) in skin.joints.enumerated() {
            let world =
                target < rig.targets.count ? matrix(at: rig.targets[target].paths.first ?? [], in: node) : .identity
            jointMatrices.append(world * (j < skin.inverseBind.count ? skin.inverseBind[j] : .identity))
        }
    }

    /// Writes `d`'s mesh morphed by its current weights, then skinned by `jointMatrices`,
    /// into `positions` and `normals` (as many as the mesh has vertices).
    private func deform(
        _ d: Rig.Deformer, positions: UnsafeMutableBufferPointer<Vec3>, normals: UnsafeMutableBufferPointer<Vec3>
    ) {
        let base = d.mesh
        let count = positions.count
        base.storage.positions.withUnsafeBufferPointer { bp in
            for v in 0..<min(count, bp.count) { positions[v] = bp[v] }
        }
        let hasNormals = normals.count == count
        if hasNormals {
            base.storage.normals.withUnsafeBufferPointer { bn in
                for v in 0..<min(count, bn.count) { normals[v] = bn[v] }
            }
        }
        if let w = d.weightsTarget, w < weights.count {
            let ws = weights[w]
            for k in 0..<min(ws.count, d.morphPositions.count) where ws[k] != 0 {
                let wk = ws[k]
                d.morphPositions[k].withUnsafeBufferPointer { offsets in
                    if offsets.count == count { for v in 0..<count { positions[v] += wk * offsets[v] } }
                }
                if hasNormals, k < d.morphNormals.count {
                    d.morphNormals[k].withUnsafeBufferPointer { no in
                        if no.count == count { for v in 0..<count { normals[v] += wk * no[v] } }
                    }
                }
            }
        }
        if let skin = d.skin, skin.jointIndices.count == count * skin.influences {
            AnimationPlayer.skin(
                skin, joints: jointMatrices, positions: positions, normals: hasNormals ? normals : nil,
                parallel: parallel)
        } else if d.weightsTarget != nil, hasNormals {
            for v in 0..<count { normals[v] = normalize(normals[v]) }
        }
    }

    /// Skins every vertex in place: p' = B p with B = sum w_i J_i, n' = B^-T n normalized. Meshes
    /// of `parallelVertices` or more are split into chunks skinned on all cores when
    /// `parallel`; each vertex is computed the same way either way.
    static func skin(
        _ skin: Rig.Skin, joints: [Matrix4], positions: UnsafeMutableBufferPointer<Vec3>,
        normals: UnsafeMutableBufferPointer<Vec3>?, parallel: Bool
    ) {
        let count = positions.count
        skin.jointIndices.withUnsafeBufferPointer { js in
            skin.weights.withUnsafeBufferPointer { ws in
                joints.withUnsafeBufferPointer { ms in
                    let job = SkinJob(
                        positions: positions, normals: normals, joints: js, weights: ws, matrices: ms,
                        influences: skin.influences)
                    if parallel && count >= parallelVertices {
                        let chunks = 16
                        let size = (count + chunks - 1) / chunks
                        DispatchQueue.concurrentPerform(iterations: chunks) { c in
                            let lo = c * size
                            let hi = min(count, lo + size)
                            if lo < hi { job.run(lo..<hi) }
                        }
                    } else {
                        job.run(0..<count)
                    }
                }
            }
        }
    }
}

/// One skinning pass over borrowed buffers; chunks of vertices run on separate threads,
/// each writing only its own vertices.
private struct SkinJob: @unchecked Sendable {
    let positions: UnsafeMutableBufferPointer<Vec3>
    let normals: UnsafeMutableBufferPointer<Vec3>?
    let joints: UnsafeBufferPointer<UInt16>
    let weights: UnsafeBufferPointer<Float>
    let matrices: UnsafeBufferPointer<Matrix4>
    let influences: Int

    func run(_ range: Range<Int>) {
        let k = influences
        for v in range {
            var c0 = Vec4.zero
            var c1 = Vec4.zero
            var c2 = Vec4.zero
            var c3 = Vec4.zero
            var total: Float = 0
            for i in 0..<k {
                let w = weights[v * k + i]
                let j = Int(joints[v * k + i])
                guard w != 0, j < matrices.count else { continue }
                let m = matrices[j]
                c0 += w * m.columns.0
                c1 += w * m.columns.1
                c2 += w * m.columns.2
                c3 += w * m.columns.3
                total += w
            }
            guard total > 0 else { continue }
            let p = positions[v]
            let q = c0 * p.x + c1 * p.y + c2 * p.z + c3
            positions[v] = Vec3(q.x, q.y, q.z)
            if let normals {
                // The blend's inverse transpose, as the cofactor matrix (columns b x c,
                // c x a, a x b of the blend's columns a, b, c), signed by the determinant
                // so a mirroring joint keeps the normal outward. It is the blend itself
                // for rotations with uniform scale, and stays right under a joint's
                // non-uniform scale, where the blend would tilt normals along the stretch.
                let a = Vec3(c0.x, c0.y, c0.z)
                let b = Vec3(c1.x, c1.y, c1.z)
                let c = Vec3(c2.x, c2.y, c2.z)
                let bc = cross(b, c)
                let n = normals[v]
                let r = n.x * bc + n.y * cross(c, a) + n.z * cross(a, b)
                let det = dot(a, bc)
                let len = length(r)
                if len > 0, det != 0 { normals[v] = r * ((det < 0 ? -1 : 1) / len) }
            }
        }
    }
}

extension Node {
    /// Runs `body` on the descendant at child-index `path` (this node for an empty path);
    /// does nothing when the path leaves the tree.
    public mutating func withDescendant(at path: [Int], _ body: (inout Node) -> Void) {
        withDescendant(at: path[...], body)
    }

    private mutating func withDescendant(at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
        guard let first = path.first else { return body(&self) }
        guard first >= 0, first < children.count else { return }
        children[first].withDescendant(at: path.dropFirst(), body)
    }

    /// Child-index path to the first node in this subtree (depth first, this one
    /// included) that carries a rig, or nil.
    public var rigPath: [Int]? {
        if rig != nil { return [] }
        for (i, c) in children.enumerated() { if let p = c.rigPath { return [i] + p } }
        return nil
    }
}
