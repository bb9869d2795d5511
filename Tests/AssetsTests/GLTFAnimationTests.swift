import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Writes glTF files with animations and skins: every accessor in its own buffer view of
/// one data-URI buffer, JSON through JSONSerialization.
final class RigBuilder {
    var bin: [UInt8] = []
    var accessors: [[String: Any]] = []
    var views: [[String: Any]] = []

    /// An accessor over `values` (floats, or unsigned bytes when `componentType` is 5121).
    func accessor(_ values: [Float], type: String, componentType: Int = 5126) -> Int {
        while bin.count % 4 != 0 { bin.append(0) }
        let start = bin.count
        for v in values {
            if componentType == 5121 {
                bin.append(UInt8(v))
            } else {
                withUnsafeBytes(of: v.bitPattern.littleEndian) { bin += $0 }
            }
        }
        views.append(["buffer": 0, "byteOffset": start, "byteLength": bin.count - start])
        let components = ["SCALAR": 1, "VEC3": 3, "VEC4": 4, "MAT4": 16][type] ?? 1
        accessors.append([
            "bufferView": views.count - 1, "componentType": componentType, "count": values.count / components,
            "type": type,
        ])
        return accessors.count - 1
    }

    func file(_ doc: [String: Any]) -> [UInt8] {
        var d = doc
        d["asset"] = ["version": "2.0"]
        d["accessors"] = accessors
        d["bufferViews"] = views
        d["buffers"] = [
            ["byteLength": bin.count, "uri": "data:application/octet-stream;base64," + Data(bin).base64EncodedString()]
        ]
        return [UInt8]((try? JSONSerialization.data(withJSONObject: d, options: [.sortedKeys])) ?? Data())
    }
}

@Suite struct GLTFAnimationTests {
    static func load(_ bytes: [UInt8]) throws -> Node {
        try ModelLoader.load(data: bytes, name: "rig.gltf")
    }

    /// A triangle mesh accessor set: positions only.
    static func triangle(_ b: RigBuilder, _ ps: [Float] = [0, 0, 0, 1, 0, 0, 0, 1, 0]) -> [String: Any] {
        ["primitives": [["attributes": ["POSITION": b.accessor(ps, type: "VEC3")]]]]
    }

    /// Four animations on node 0: STEP, LINEAR translation, LINEAR rotation, CUBICSPLINE.
    static func interpolationFile() -> [UInt8] {
        let b = RigBuilder()
        let mesh = triangle(b)
        let times3 = b.accessor([0, 1, 2], type: "SCALAR")
        let times2 = b.accessor([0, 1], type: "SCALAR")
        let steps = b.accessor([0, 0, 0, 1, 0, 0, 4, 0, 0], type: "VEC3")
        let s = sin(Float.pi / 4)
        let turns = b.accessor([0, 0, 0, 1, 0, 0, s, s], type: "VEC4")
        // Cubic keys: in-tangent, value, out-tangent.
        let cubic = b.accessor([0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], type: "VEC3")
        func animation(_ name: String, _ path: String, _ input: Int, _ output: Int, _ mode: String) -> [String: Any] {
            [
                "name": name, "channels": [["sampler": 0, "target": ["node": 0, "path": path]]],
                "samplers": [["input": input, "output": output, "interpolation": mode]],
            ]
        }
        return b.file([
            "scene": 0, "scenes": [["nodes": [0]]], "nodes": [["mesh": 0]], "meshes": [mesh],
            "animations": [
                animation("step", "translation", times3, steps, "STEP"),
                animation("linear", "translation", times3, steps, "LINEAR"),
                animation("turn", "rotation", times2, turns, "LINEAR"),
                animation("cubic", "translation", times2, cubic, "CUBICSPLINE"),
            ],
        ])
    }

    static func posed(_ root: Node, _ animation: String, _ seconds: Double) throws -> Node {
        let rig = try #require(root.rig)
        var player = AnimationPlayer(rig: rig)
        var node = root
        player.pose(&node, animation: try #require(rig.animationIndex(animation)), seconds: seconds)
        return node
    }

    @Test func stepHoldsTheEarlierKeyUntilTheNext() throws {
        let root = try Self.load(Self.interpolationFile())
        #expect(try Self.posed(root, "step", 0.5).children[0].position.x == 0)
        #expect(try Self.posed(root, "step", 1).children[0].position.x == 1)
        #expect(try Self.posed(root, "step", 1.9).children[0].position.x == 1)
    }

    @Test func linearInterpolatesBetweenKeysAndAnimationsLoop() throws {
        let root = try Self.load(Self.interpolationFile())
        #expect(abs(try Self.posed(root, "linear", 0.25).children[0].position.x - 0.25) < 1e-5)
        #expect(abs(try Self.posed(root, "linear", 1.5).children[0].position.x - 2.5) < 1e-5)
        // Two seconds long: 2.25 s plays as 0.25 s.
        #expect(abs(try Self.posed(root, "linear", 2.25).children[0].position.x - 0.25) < 1e-5)
    }

    @Test func rotationsAreSphericallyInterpolated() throws {
        let root = try Self.load(Self.interpolationFile())
        let q = try Self.posed(root, "turn", 0.5).children[0].rotation
        // Halfway from identity to 90 degrees about Z: 45 degrees about Z.
        let half = Float.pi / 8
        #expect(abs(q.vector.z - sin(half)) < 1e-5 && abs(q.vector.w - cos(half)) < 1e-5)
        #expect(abs(q.vector.x) < 1e-6 && abs(q.vector.y) < 1e-6)
    }

    @Test func cubicSplineFollowsTheHermiteCurve() throws {
        let root = try Self.load(Self.interpolationFile())
        // p(s) = (2s^3-3s^2+1) 0 + (s^3-2s^2+s) 1 * 3 + (-2s^3+3s^2) 1 + (s^3-s^2) 1 * 0.
        for s in [0.25, 0.5, 0.75] {
            let expected = (s * s * s - 2 * s * s + s) * 3 + (-2 * s * s * s + 3 * s * s)
            let x = try Self.posed(root, "cubic", s).children[0].position.x
            #expect(abs(Double(x) - expected) < 1e-5)
        }
        #expect(try Self.posed(root, "cubic", 0).children[0].position.x == 0)
    }

    /// Node 0 draws the skinned triangle (its own transform to be ignored); joints 1 and 2
    /// (2 is 1 unit above 1); vertex 2 follows joint 2, which turns 90 degrees about Z in 1 s.
    static func skinFile() -> [UInt8] {
        let b = RigBuilder()
        let positions = b.accessor([0, 0, 0, 1, 0, 0, 0, 2, 0], type: "VEC3")
        let joints = b.accessor([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0], type: "VEC4", componentType: 5121)
        let weights = b.accessor([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], type: "VEC4")
        let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        var down = identity
        down[13] = -1
        let inverseBind = b.accessor(identity + down, type: "MAT4")
        let times = b.accessor([0, 1], type: "SCALAR")
        let s = sin(Float.pi / 4)
        let turns = b.accessor([0, 0, 0, 1, 0, 0, s, s], type: "VEC4")
        return b.file([
            "scene": 0, "scenes": [["nodes": [0, 1]]],
            "nodes": [
                ["mesh": 0, "skin": 0, "translation": [100, 0, 0], "rotation": [s, 0, 0, s]],
                ["children": [2]], ["translation": [0, 1, 0]],
            ],
            "meshes": [
                ["primitives": [["attributes": ["POSITION": positions, "JOINTS_0": joints, "WEIGHTS_0": weights]]]]
            ],
            "skins": [["joints": [1, 2], "inverseBindMatrices": inverseBind]],
            "animations": [
                [
                    "name": "bend", "channels": [["sampler": 0, "target": ["node": 2, "path": "rotation"]]],
                    "samplers": [["input": times, "output": turns]],
                ]
            ],
        ])
    }

    static func close(_ a: Vec3, _ b: Vec3) -> Bool { length(a - b) < 1e-4 }

    @Test func aSkinnedMeshIgnoresItsNodeTransformAtRest() throws {
        let root = try Self.load(Self.skinFile())
        #expect(root.children[0].content == nil)
        let mesh = try #require(root.children[2].content?.mesh)
        #expect(root.children[2].transform == .identity)
        #expect(Self.close(mesh.positions[1], Vec3(1, 0, 0)))
        #expect(Self.close(mesh.positions[2], Vec3(0, 2, 0)))
    }

    @Test func twoJointSkinFollowsTheTurnedJoint() throws {
        let root = try Self.load(Self.skinFile())
        let bent = try Self.posed(root, "bend", 0.999_999)
        let mesh = try #require(bent.children[2].content?.mesh)
        // Vertex 2: 1 above joint 2, turned 90 degrees about Z -> (-1, 0, 0), plus joint 2 at (0, 1, 0).
        #expect(Self.close(mesh.positions[2], Vec3(-1, 1, 0)))
        #expect(Self.close(mesh.positions[0], Vec3(0, 0, 0)))
        #expect(Self.close(mesh.positions[1], Vec3(1, 0, 0)))
        let half = try #require(Self.posed(root, "bend", 0.5).children[2].content?.mesh)
        let c = cos(Float.pi / 4)
        #expect(Self.close(half.positions[2], Vec3(-c, 1 + c, 0)))
    }

    @Test func simpleSkinAndAnimatedMorphCubeMove() throws {
        let base = "/usr/share/assimp/models/glTF2/"
        let skin = try ModelLoader.load(path: base + "simple_skin/simple_skin.gltf")
        let skinRig = try #require(skin.rig)
        #expect(skinRig.animations.count == 1 && skinRig.deformers.first?.skin != nil)
        let cube = try ModelLoader.load(
            path: base + "glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf")
        let cubeRig = try #require(cube.rig)
        #expect(cubeRig.animations.first?.channels.first?.path == .weights)
        for (root, rig) in [(skin, skinRig), (cube, cubeRig)] {
            let d = try #require(rig.deformers.first)
            var player = AnimationPlayer(rig: rig)
            var a = root
            var b = root
            let half = Double(rig.animations[0].duration) / 2
            player.pose(&a, animation: 0, seconds: 0)
            player.pose(&b, animation: 0, seconds: half * 0.5)
            var ma: Mesh?
            var mb: Mesh?
            a.withDescendant(at: d.path) { ma = $0.content?.mesh }
            b.withDescendant(at: d.path) { mb = $0.content?.mesh }
            #expect(try #require(ma).positions != (try #require(mb)).positions)
        }
    }

    /// Malformed animation and skin data: one error naming the file and the part.
    @Test func badAnimationsAndSkinsAreErrorsNamingThePart() throws {
        func attempt(_ edit: (RigBuilder, inout [String: Any]) -> Void) -> String {
            let b = RigBuilder()
            var doc: [String: Any] = [
                "scene": 0, "scenes": [["nodes": [0]]], "nodes": [["mesh": 0]], "meshes": [Self.triangle(b)],
            ]
            edit(b, &doc)
            do {
                _ = try Self.load(b.file(doc))
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        let decreasing = attempt { b, doc in
            let t = b.accessor([1, 0], type: "SCALAR")
            let v = b.accessor([0, 0, 0, 1, 1, 1], type: "VEC3")
            doc["animations"] = [
                [
                    "channels": [["sampler": 0, "target": ["node": 0, "path": "scale"]]],
                    "samplers": [["input": t, "output": v]],
                ]
            ]
        }
        #expect(decreasing == "rig.gltf: animation 0 channel 0: key times decrease at key 1", "\(decreasing)")
        let sampler = attempt { _, doc in
            doc["animations"] = [
                ["channels": [["sampler": 3, "target": ["node": 0, "path": "scale"]]], "samplers": []]
            ]
        }
        #expect(sampler.contains("animation 0 channel 0: sampler 3 out of range"), "\(sampler)")
        let node = attempt { _, doc in
            doc["animations"] = [
                ["channels": [["sampler": 0, "target": ["node": 9, "path": "scale"]]], "samplers": []]
            ]
        }
        #expect(node.contains("node 9 out of range"), "\(node)")
        let shortValues = attempt { b, doc in
            let t = b.accessor([0, 1, 2], type: "SCALAR")
            let v = b.accessor([0, 0, 0, 1, 1, 1], type: "VEC3")
            doc["animations"] = [
                [
                    "channels": [["sampler": 0, "target": ["node": 0, "path": "translation"]]],
                    "samplers": [["input": t, "output": v, "interpolation": "CUBICSPLINE"]],
                ]
            ]
        }
        #expect(shortValues.contains("6 values for 3 keys of 9 numbers each"), "\(shortValues)")
        let joint = attempt { _, doc in
            doc["nodes"] = [["mesh": 0, "skin": 0]]
            doc["skins"] = [["joints": [5]]]
        }
        #expect(joint.contains("skin 0: joint node 5 out of range"), "\(joint)")
    }

    /// A triangle with one morph target lifting every vertex 1 along Z: default weight 0.5
    /// from the mesh, animated from 0 to 1 over 1 s.
    @Test func morphTargetsBlendByDefaultAndAnimatedWeights() throws {
        let b = RigBuilder()
        let positions = b.accessor([0, 0, 0, 1, 0, 0, 0, 1, 0], type: "VEC3")
        let lift = b.accessor([0, 0, 1, 0, 0, 1, 0, 0, 1], type: "VEC3")
        let times = b.accessor([0, 1], type: "SCALAR")
        let weights = b.accessor([0, 1], type: "SCALAR")
        let root = try Self.load(
            b.file([
                "scene": 0, "scenes": [["nodes": [0]]], "nodes": [["mesh": 0]],
                "meshes": [
                    [
                        "primitives": [["attributes": ["POSITION": positions], "targets": [["POSITION": lift]]]],
                        "weights": [0.5],
                    ]
                ],
                "animations": [
                    [
                        "name": "rise", "channels": [["sampler": 0, "target": ["node": 0, "path": "weights"]]],
                        "samplers": [["input": times, "output": weights]],
                    ]
                ],
            ]))
        let rest = try #require(root.children[0].content?.mesh)
        #expect(rest.positions.allSatisfy { abs($0.z - 0.5) < 1e-6 })
        let risen = try #require(try Self.posed(root, "rise", 0.25).children[0].content?.mesh)
        #expect(Self.close(risen.positions[1], Vec3(1, 0, 0.25)))
    }
}
