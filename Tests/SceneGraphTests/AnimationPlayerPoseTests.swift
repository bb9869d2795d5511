import Math3D
import Testing

@testable import SceneGraph

/// Posing in place: the player rewrites the posed meshes in their own memory, and the
/// skinning split over threads gives the single-threaded vertices.
@Suite struct AnimationPlayerPoseTests {
    /// The posed mesh of `node` (a skinned cylinder).
    static func mesh(_ node: Node) throws -> Mesh { try #require(node.children[1].content?.mesh) }

    @Test func posingAgainRewritesTheSameVertexMemory() throws {
        var node = Node.skinnedCylinder(rings: 8, segments: 12)
        let rig = try #require(node.rig)
        var player = AnimationPlayer(rig: rig)
        player.pose(&node, animation: 0, seconds: 0.25)
        // Only addresses and values are kept: a held copy of the mesh would share it.
        let address = try Self.mesh(node).positionsAddress
        let firstTop = try Self.mesh(node).positions.last
        let bind = rig.deformers[0].mesh
        #expect(address != nil)
        #expect(address != bind.positionsAddress)
        for frame in 1...30 {
            player.pose(&node, animation: 0, seconds: 0.25 + Double(frame) / 30)
            #expect(try Self.mesh(node).positionsAddress == address, "frame \(frame) moved the vertices")
        }
        let last = try Self.mesh(node)
        #expect(last.vertexCount == bind.vertexCount)
        #expect(last.positions.last != firstTop, "the pose did not change")
        // The bind mesh the rig keeps is untouched.
        #expect(bind.positions[bind.vertexCount - 12] == Vec3(0.25, 2, 0))
    }

    @Test func posingMatchesTheJointRotationAndBoundsFollow() throws {
        var node = Node.skinnedCylinder(rings: 8, segments: 12)
        var player = AnimationPlayer(rig: try #require(node.rig))
        // At 1 s the upper joint is turned 60 degrees about Z at height 1: the top ring's
        // first vertex (0.25, 2, 0) goes to (0, 1, 0) + R(60)(0.25, 1, 0).
        player.pose(&node, animation: 0, seconds: 1)
        let mesh = try Self.mesh(node)
        let c = Float(0.5)
        let s = Float(3).squareRoot() / 2
        let expected = Vec3(0.25 * c - 1 * s, 1 + 0.25 * s + 1 * c, 0)
        let top = mesh.positions[mesh.vertexCount - 12]
        #expect(length(top - expected) < 1e-5, "\(top) vs \(expected)")
        #expect(mesh.bounds.min.x < -0.8, "bounds not recomputed: \(mesh.bounds)")
    }

    @Test func threadedSkinningEqualsSingleThreaded() throws {
        // 101 x 128 vertices: above the parallel threshold.
        var threaded = Node.skinnedCylinder(rings: 100, segments: 128)
        var single = threaded
        let rig = try #require(threaded.rig)
        #expect(rig.deformers[0].mesh.vertexCount >= AnimationPlayer.parallelVertices)
        var a = AnimationPlayer(rig: rig)
        var b = AnimationPlayer(rig: rig)
        b.parallel = false
        for t in [0.3, 0.9, 1.6] {
            a.pose(&threaded, animation: 0, seconds: t)
            b.pose(&single, animation: 0, seconds: t)
            let x = try Self.mesh(threaded)
            let y = try Self.mesh(single)
            #expect(x.positions == y.positions)
            #expect(x.normals == y.normals)
            #expect(x.positions != rig.deformers[0].mesh.positions)
        }
    }

    @Test func switchingAnimationPutsFormerlyDrivenNodesBackToRest() throws {
        var node = Node.skinnedCylinder(rings: 2, segments: 3)
        var player = AnimationPlayer(rig: try #require(node.rig))
        player.pose(&node, animation: 0, seconds: 1)
        #expect(node.children[0].children[0].rotation != .identity)
        player.pose(&node, animation: nil, seconds: 1)
        #expect(node.children[0].children[0].transform == Transform(position: Vec3(0, 1, 0)))
    }

    /// Skins one vertex at (1, 0, 0) with `normal` by `matrices` blended with `weights`,
    /// and returns its normal.
    static func skinnedNormal(_ normal: Vec3, _ matrices: [Matrix4], weights: [Float]) -> Vec3 {
        let skin = Rig.Skin(
            joints: matrices.indices.map { $0 }, inverseBind: matrices.map { _ in .identity }, influences: 4,
            jointIndices: (0..<4).map { UInt16(min($0, matrices.count - 1)) },
            weights: (0..<4).map { $0 < weights.count ? weights[$0] : 0 })
        var positions = [Vec3(1, 0, 0)]
        var normals = [normal]
        positions.withUnsafeMutableBufferPointer { p in
            normals.withUnsafeMutableBufferPointer { n in
                AnimationPlayer.skin(skin, joints: matrices, positions: p, normals: n, parallel: false)
            }
        }
        return normals[0]
    }

    @Test func normalsFollowTheInverseTransposeOfTheBlend() {
        // The plane x + y = 1 stretched twice along X becomes x / 2 + y = 1: its normal
        // turns towards Y, (1/2, 1, 0), not towards X as the stretch itself would send it.
        let stretched = Self.skinnedNormal(normalize(Vec3(1, 1, 0)), [.scale(Vec3(2, 1, 1))], weights: [1])
        #expect(length(stretched - normalize(Vec3(0.5, 1, 0))) < 1e-5, "\(stretched)")
        // A mirroring joint keeps the normal outward: (1, 0, 0) on the mirrored side points -X.
        let mirrored = Self.skinnedNormal(Vec3(1, 0, 0), [.scale(Vec3(-1, 1, 1))], weights: [1])
        #expect(length(mirrored - Vec3(-1, 0, 0)) < 1e-6, "\(mirrored)")
        // Rotations blend as before: halfway between 0 and 90 degrees about Z.
        let turned = Self.skinnedNormal(
            Vec3(1, 0, 0), [.identity, .rotation(.degrees(90), axis: Vec3(0, 0, 1))], weights: [0.5, 0.5])
        #expect(length(turned - normalize(Vec3(1, 1, 0))) < 1e-5, "\(turned)")
    }
}
