import Foundation
import Math3D

extension Node {
    /// A skinned test and benchmark model: an upright open cylinder (radius 0.25, height 2,
    /// base at the origin) of `rings` x `segments` quads (2 x rings x segments triangles)
    /// bound to a two-joint skeleton, the lower joint at the origin and the upper one at
    /// height 1. Each vertex has up to two joint influences blending over the middle half
    /// of the height. Its one animation, `bend`, turns the upper joint about Z from 0 to 60
    /// degrees and back over 2 seconds (linear). The node carries the rig; its children
    /// are the skeleton (child 0, the upper joint its child 0) and the mesh (child 1).
    /// - Parameters:
    ///   - rings: quads along the height, at least 1.
    ///   - segments: quads around, at least 3.
    public static func skinnedCylinder(rings: Int, segments: Int) -> Node {
        let rings = max(1, rings)
        let segments = max(3, segments)
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var joints: [UInt16] = []
        var weights: [Float] = []
        positions.reserveCapacity((rings + 1) * segments)
        for r in 0...rings {
            let y = 2 * Float(r) / Float(rings)
            let upper = min(1, max(0, (y - 0.5) / 1))
            for s in 0..<segments {
                let a = 2 * Float.pi * Float(s) / Float(segments)
                let n = Vec3(cosf(a), 0, -sinf(a))
                positions.append(Vec3(0.25 * n.x, y, 0.25 * n.z))
                normals.append(n)
                joints += [0, 1, 0, 0]
                weights += [1 - upper, upper, 0, 0]
            }
        }
        var indices: [UInt32] = []
        indices.reserveCapacity(rings * segments * 6)
        for r in 0..<rings {
            for s in 0..<segments {
                let a = UInt32(r * segments + s)
                let b = UInt32(r * segments + (s + 1) % segments)
                let c = a + UInt32(segments)
                let d = b + UInt32(segments)
                indices += [a, b, d, a, d, c]
            }
        }
        let mesh = Mesh(trusted: "skinned cylinder", positions: positions, normals: normals, uvs: [], indices: indices)
        let upperRest = Transform(position: Vec3(0, 1, 0))
        let skeleton = Node(name: "lower", children: [Node(name: "upper", transform: upperRest)])
        let skin = Rig.Skin(
            joints: [0, 1], inverseBind: [.identity, .translation(Vec3(0, -1, 0))], influences: 4,
            jointIndices: joints, weights: weights)
        let bent = Quaternion(angle: .degrees(60), axis: Vec3(0, 0, 1))
        let q = Quaternion.identity.vector
        let b = bent.vector
        // Three keys at 0, 1 and 2 s, linear: a fixed sampler, valid by construction.
        let sampler = try? AnimationSampler(
            times: [0, 1, 2], values: [q.x, q.y, q.z, q.w, b.x, b.y, b.z, b.w, q.x, q.y, q.z, q.w], width: 4,
            interpolation: .linear)
        let animations = sampler.map { bend in
            [Animation(name: "bend", channels: [AnimationChannel(target: 1, path: .rotation, sampler: bend)])]
        }
        let rig = Rig(
            animations: animations ?? [],
            targets: [
                Rig.Target(name: "lower", paths: [[0]], rest: .identity),
                Rig.Target(name: "upper", paths: [[0, 0]], rest: upperRest),
            ],
            deformers: [Rig.Deformer(path: [1], mesh: mesh, skin: skin)])
        var node = Node(name: "skinned cylinder", children: [skeleton, Node(name: "mesh", mesh: mesh)])
        node.rig = rig
        return node
    }
}
