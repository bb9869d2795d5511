import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// A skinned figure as Blender exports it: the armature node turned -90 degrees about X
/// (its Z up becomes Y up), the mesh and the bones below it with the mesh standing along
/// the armature's Z, inverse bind matrices relative to the mesh. It must stand upright
/// (along +Y), at rest and posed: the skinned mesh node's own transform is not applied.
@Suite struct GLTFUprightFigureTests {
    static func file() -> [UInt8] {
        let b = RigBuilder()
        // A thin strip two units tall along Z: feet at z = 0 on joint 0, head at z = 2 on joint 1.
        let positions = b.accessor([0, 0, 0, 0.2, 0, 0, 0, 0, 2, 0.2, 0, 2], type: "VEC3")
        let indices = b.accessor([0, 1, 2, 1, 3, 2], type: "SCALAR", componentType: 5121)
        let joints = b.accessor([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], type: "VEC4", componentType: 5121)
        let weights = b.accessor([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], type: "VEC4")
        let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        var up = identity
        up[14] = -1
        let inverseBind = b.accessor(identity + up, type: "MAT4")
        let times = b.accessor([0, 1], type: "SCALAR")
        let s = sin(Float.pi / 8)
        // Joint 1 leans 45 degrees about X over 1 s.
        let lean = b.accessor([0, 0, 0, 1, s, 0, 0, cos(Float.pi / 8)], type: "VEC4")
        let r = sin(Float.pi / 4)
        return b.file([
            "scene": 0, "scenes": [["nodes": [0]]],
            "nodes": [
                ["name": "Armature", "rotation": [-r, 0, 0, r], "children": [1, 2]],
                ["name": "Body", "mesh": 0, "skin": 0],
                ["name": "hips", "children": [3]],
                ["name": "chest", "translation": [0, 0, 1]],
            ],
            "meshes": [
                [
                    "primitives": [
                        [
                            "attributes": ["POSITION": positions, "JOINTS_0": joints, "WEIGHTS_0": weights],
                            "indices": indices,
                        ]
                    ]
                ]
            ],
            "skins": [["joints": [2, 3], "inverseBindMatrices": inverseBind]],
            "animations": [
                [
                    "name": "lean", "channels": [["sampler": 0, "target": ["node": 3, "path": "rotation"]]],
                    "samplers": [["input": times, "output": lean]],
                ]
            ],
        ])
    }

    /// Every drawn vertex in world coordinates.
    static func world(_ root: Node) -> [Vec3] {
        Scene(root: root).drawList().flatMap { item in
            item.mesh.positions.map { p in
                let v = item.world * Vec4(p.x, p.y, p.z, 1)
                return Vec3(v.x, v.y, v.z)
            }
        }
    }

    @Test func theFigureStandsUprightAtRest() throws {
        let root = try ModelLoader.load(data: Self.file(), name: "figure.gltf")
        let points = Self.world(root)
        #expect(points.count == 4)
        let ys = points.map(\.y)
        let zs = points.map(\.z)
        #expect(abs((ys.min() ?? 9) - 0) < 1e-4 && abs((ys.max() ?? 0) - 2) < 1e-4, "\(points)")
        #expect((zs.map(abs).max() ?? 9) < 1e-4, "lies along Z: \(points)")
    }

    @Test func theFigureLeansFromItsFeetWhenPosed() throws {
        let loaded = try ModelLoader.load(data: Self.file(), name: "figure.gltf")
        var root = loaded
        var player = AnimationPlayer(rig: try #require(loaded.rig))
        player.pose(&root, animation: 0, seconds: 0.5)
        let points = Self.world(root)
        // The feet stay on the ground; the head, 1 above the chest joint (at height 1),
        // leans 22.5 degrees about X: height 1 + cos(22.5), sideways sin(22.5) (either way).
        #expect(points.contains { length($0 - Vec3(0, 0, 0)) < 1e-4 }, "\(points)")
        let head = try #require(points.max { $0.y < $1.y })
        let a = Float.pi / 8
        #expect(abs(head.y - (1 + cos(a))) < 1e-4 && abs(abs(head.z) - sin(a)) < 1e-4, "\(points)")
    }
}
