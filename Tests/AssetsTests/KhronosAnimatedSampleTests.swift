import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Golden poses of the Khronos glTF sample models that move (Fixtures/SimpleSkin,
/// RiggedSimple, BoxAnimated, RiggedFigure; SOURCE.md in each). Each pose the reader and
/// `AnimationPlayer` draw is compared, vertex by vertex, with the pose worked out in the
/// test from the file's own keys, nodes, joints, weights and inverse bind matrices
/// (`KhronosSampleFile`), at key times and between keys; property checks then say what a
/// wrong pose would look like on screen.
@Suite struct KhronosAnimatedSampleTests {
    typealias File = KhronosSampleFile

    /// The largest distance between the drawn vertices and the hand-computed ones.
    static func worst(_ drawn: [Vec3], _ expected: [[Double]]) -> Double {
        #expect(drawn.count == expected.count)
        return zip(drawn, expected).map { File.distance($0, $1) }.max() ?? .infinity
    }

    // MARK: SimpleSkin

    /// A strip of 10 vertices in 5 rows from y = 0 to y = 2, skinned to a joint at y = 1
    /// (not animated) and its child, which turns about Z: +90 degrees by 1 s, back by 2.5 s,
    /// -90 degrees by 4 s, back by 5.5 s. Rows 1 to 3 blend the two joints.
    @Test func simpleSkinMatchesItsKeysAtEveryVertex() throws {
        let file = try File("SimpleSkin")
        let root = try file.load()
        #expect(try #require(root.rig).animations.first?.duration == 5.5)
        for t in [0, 0.5, 0.8, 1, 1.3, 2.2, 2.75, 3.7, 4, 4.25, 5.3] {
            let drawn = try File.posedSkin(root, seconds: t)
            let expected = try file.skinnedVertices(node: 0, animation: 0, at: t)
            #expect(Self.worst(drawn, expected) < 1e-4, "t = \(t): \(drawn) against \(expected)")
        }
        // The check has teeth: at 1.3 s the top row is far from where it rests.
        let rest = try file.skinnedVertices(node: 0, animation: nil, at: 0)[8...]
        let bent = try file.skinnedVertices(node: 0, animation: 0, at: 1.3)[8...]
        #expect(zip(rest, bent).allSatisfy { File.distance(Vec3(Float($0[0]), Float($0[1]), Float($0[2])), $1) > 1 })
    }

    @Test func simpleSkinBendsLeftThenRightAboutItsMiddle() throws {
        let root = try File("SimpleSkin").load()
        func rows(_ t: Double) throws -> (bottom: [Vec3], top: Vec3) {
            let p = try File.posedSkin(root, seconds: t)
            return ([p[0], p[1]], (p[8] + p[9]) / 2)
        }
        for t in [0, 0.7, 1.25, 2.75, 4.25, 5.1] {
            // The bottom row follows the still joint only: it never moves.
            let b = try rows(t).bottom
            #expect(File.distance(b[0], [-0.5, 0, 0]) < 1e-5 && File.distance(b[1], [0.5, 0, 0]) < 1e-5, "t = \(t)")
        }
        // Straight up at the start and between the two still keys at 2.5 and 3 s.
        for t in [0, 2.75] { #expect(File.distance(try rows(t).top, [0, 2, 0]) < 1e-5, "t = \(t)") }
        // Turned 90 degrees about the joint at y = 1: the top row's middle lies left of it
        // at 1.25 s, right of it at 4.25 s, one unit out, at the joint's height.
        #expect(File.distance(try rows(1.25).top, [-1, 1, 0]) < 1e-4)
        #expect(File.distance(try rows(4.25).top, [1, 1, 0]) < 1e-4)
    }

    // MARK: RiggedSimple

    /// A cylinder 9.15 long on a two-joint armature (Z up in the file, turned Y up by the
    /// root node's matrix): the upper joint, at the middle, swings about 34 degrees about X
    /// and back over 2.08 s; the middle ring of vertices blends the two joints.
    @Test func riggedSimpleMatchesItsKeysAtEveryVertex() throws {
        let file = try File("RiggedSimple")
        let root = try file.load()
        let count = try file.vertexCount(mesh: 0)
        #expect(count == 96)
        for t in [0, 0.041_666_62, 0.4, 0.75, 1.041_666_6, 1.3, 1.9, 2.05] {
            let drawn = try File.posedSkin(root, seconds: t)
            let expected = try file.skinnedVertices(node: 1, animation: 0, at: t)
            #expect(Self.worst(drawn, expected) < 1e-4, "t = \(t)")
        }
        // Two vertices singled out, at the peak of the swing: 2 (at mid-height, 0.74 the lower
        // joint and 0.26 the upper) and 64 (on the top ring, the upper joint only).
        let drawn = try File.posedSkin(root, seconds: 1.041_666_6)
        let peak = try file.skinnedVertices(node: 1, animation: 0, at: 1.041_666_6)
        let still = try file.skinnedVertices(node: 1, animation: nil, at: 0)
        for v in [2, 64] {
            let (e, rest) = (peak[v], still[v])
            #expect(File.distance(drawn[v], e) < 1e-4, "vertex \(v): \(drawn[v]) against \(e)")
            #expect(File.distance(drawn[v], rest) > 0.05, "vertex \(v) does not move")
        }
    }

    @Test func riggedSimpleIsStraightAtTheStartAndBentAtItsMiddleJointMidway() throws {
        let root = try File("RiggedSimple").load()
        func centre(_ p: [Vec3], _ keep: (Vec3) -> Bool) -> Vec3 {
            let ring = p.filter(keep)
            return ring.reduce(Vec3.zero, +) / Float(max(ring.count, 1))
        }
        let start = try File.posedSkin(root, seconds: 0)
        // Upright and straight: every vertex within the unit radius of the Y axis, from
        // y = -4.575 to 4.575.
        #expect(start.allSatisfy { ($0.x * $0.x + $0.z * $0.z).squareRoot() < 1.0001 })
        let (lo, hi) = CesiumMan.bounds(start)
        #expect(abs(hi.y - 4.575) < 1e-3 && abs(lo.y + 4.575) < 1e-3, "\(lo) \(hi)")
        let mid = try File.posedSkin(root, seconds: 1.041_666_6)
        let bottomAtStart = centre(start) { $0.y < -4 }
        let bottom = centre(mid) { $0.y < -4 }
        let top = centre(mid) { $0.y > 3 }
        // The lower half stays put; the upper half leans over by more than 2 units (toward
        // -Z) about the middle joint near the origin, keeping its length.
        #expect(length(bottom - bottomAtStart) < 1e-4)
        #expect(top.z < -2 && abs(top.x) < 1e-3, "\(top)")
        let joint = Vec3(0, 0.007, -0.028)
        let lean = acos(Double(normalize(top - joint).y)) * 180 / .pi
        #expect(lean > 20 && lean < 40, "leans \(lean) degrees")
        #expect(abs(length(top - joint) - 4.57) < 0.05, "\(length(top - joint))")
    }

    // MARK: BoxAnimated

    /// One animation of two channels of different lengths: the inner box (node 2, under
    /// nodes 0 and 1) rises 2.52 in 1.25 s (translation of node 0), flips half a turn about
    /// X from 1.25 to 2.5 s (rotation of node 2), and sinks back by 3.71 s. The outer box
    /// (node 3) never moves.
    @Test func boxAnimatedMatchesItsKeysAtEveryVertex() throws {
        let file = try File("BoxAnimated")
        let root = try file.load()
        let duration = try file.duration(0)
        #expect(abs(Double(try #require(root.rig).animations[0].duration) - duration) < 1e-6)
        for t in [0, 0.6, 1.25, 1.625, 1.875, 2.2, 2.5, 3.1, 3.7, duration + 0.6] {
            var node = root
            var player = AnimationPlayer(rig: try #require(root.rig))
            player.pose(&node, animation: 0, seconds: t)
            let fileTime = t.truncatingRemainder(dividingBy: duration)
            for (n, mesh) in [(2, 0), (3, 1)] {
                let name = mesh == 0 ? "inner_box" : "outer_box"
                let drawn = try #require(Fixture.meshNodes(node).first { $0.node.content?.mesh.name == name })
                let positions = try #require(drawn.node.content?.mesh.positions)
                let world = try file.world(n, animation: 0, at: fileTime)
                let primitive = try #require(
                    (file.list("meshes")[mesh]["primitives"] as? [[String: Any]])?.first?["attributes"]
                        as? [String: Any])
                let expected = try file.accessor(File.int(primitive["POSITION"])).map { File.apply(world, $0) }
                let moved = positions.map { drawn.world.transformPoint($0) }
                #expect(Self.worst(moved, expected) < 1e-4, "t = \(t), \(name)")
            }
        }
    }

    @Test func boxAnimatedRisesFlipsAndSinksInOneTimeline() throws {
        let root = try File("BoxAnimated").load()
        let rig = try #require(root.rig)
        func inner(_ t: Double) throws -> (lo: Vec3, hi: Vec3, up: Vec3) {
            var node = root
            var player = AnimationPlayer(rig: rig)
            player.pose(&node, animation: 0, seconds: t)
            let box = try #require(Fixture.meshNodes(node).first { $0.node.content?.mesh.name == "inner_box" })
            let p = try #require(box.node.content?.mesh.positions).map { box.world.transformPoint($0) }
            let (lo, hi) = CesiumMan.bounds(p)
            return (lo, hi, box.world.transformDirection(Vec3(0, 1, 0)))
        }
        // At rest inside the outer box (half size 0.5), as tall as it, upright.
        let start = try inner(0)
        #expect(start.lo.min() > -0.5 - 1e-6 && start.hi.max() < 0.5 + 1e-6, "\(start)")
        #expect(max(start.hi.x, start.hi.z) < 0.34 && start.up.y > 0.9999, "\(start)")
        // Risen clear of the outer box while it turns.
        for t in [1.25, 1.6, 1.875, 2.3, 2.5] {
            #expect(try inner(t).lo.y > 0.5, "t = \(t)")
        }
        // A quarter turn at 1.875 s: its up axis lies along Z.
        let quarter = try inner(1.875).up
        #expect(abs(quarter.y) < 1e-4 && abs(abs(quarter.z) - 1) < 1e-4, "\(quarter)")
        // Sinking upside down after 2.5 s: 2.52 x (3.7083 - 3.1) / 1.2083 above its start.
        let sinking = try inner(3.1)
        #expect(sinking.up.y < -0.9999, "\(sinking.up)")
        #expect(abs((sinking.lo.y + sinking.hi.y) / 2 - 2.52 * (3.708_33 - 3.1) / 1.208_33) < 1e-3)
        // The rotation channel ends at 2.5 s but the animation at 3.71 s: on the second
        // pass the box rises upright again before it turns (0.6 s in: 0.6 / 1.25 of 2.52).
        let again = try inner(Double(rig.animations[0].duration) + 0.6)
        #expect(again.up.y > 0.9999, "\(again.up)")
        #expect(abs((again.lo.y + again.hi.y) / 2 - 2.52 * 0.6 / 1.25) < 1e-3, "\(again)")
    }
}

extension KhronosAnimatedSampleTests {
    // MARK: RiggedFigure

    /// A figure of 370 vertices skinned to 19 joints (up to 4 a vertex; Z up under a root
    /// matrix that turns it Y up) raising both arms and nodding over 1.25 s: two keys per
    /// joint, one animation of 57 channels.
    @Test func riggedFigureMatchesItsKeysAtEveryVertex() throws {
        let file = try File("RiggedFigure")
        let root = try file.load()
        #expect(try #require(root.rig).animations.first?.duration == 1.25)
        let count = try file.vertexCount(mesh: 0)
        #expect(count == 370)
        for t in [0, 0.3, 0.625, 0.9, 1.1, 1.249] {
            let drawn = try File.posedSkin(root, seconds: t)
            let expected = try file.skinnedVertices(node: 1, animation: 0, at: t)
            #expect(Self.worst(drawn, expected) < 1e-4, "t = \(t)")
        }
        // The arms move by up to 21 cm between the start and the middle.
        let start = try File.posedSkin(root, seconds: 0)
        let middle = try File.posedSkin(root, seconds: 0.625)
        #expect(zip(start, middle).map { length($0 - $1) }.max() ?? 0 > 0.2)
    }

    /// The vertices whose heaviest joint is the node named `name`.
    static func centre(of name: String, _ drawn: [Vec3], _ file: File) throws -> Vec3 {
        let attributes = try #require(
            (file.list("meshes")[0]["primitives"] as? [[String: Any]])?.first?["attributes"] as? [String: Any])
        let joints = try file.accessor(File.int(attributes["JOINTS_0"]))
        let weights = try file.accessor(File.int(attributes["WEIGHTS_0"]))
        let skinJoints = try #require(File.doubles(file.list("skins")[0]["joints"])).map { Int($0) }
        let node = try #require(file.nodes.firstIndex { $0["name"] as? String == name })
        let mine = drawn.indices.filter { v in
            let heaviest = (0..<4).max { weights[v][$0] < weights[v][$1] } ?? 0
            return skinJoints[Int(joints[v][heaviest])] == node
        }
        #expect(!mine.isEmpty, "\(name)")
        return mine.reduce(Vec3.zero) { $0 + drawn[$1] } / Float(max(mine.count, 1))
    }

    @Test func riggedFigureStandsUprightAndRaisesBothArms() throws {
        let file = try File("RiggedFigure")
        let root = try file.load()
        var reach: [Float] = []
        var lift: [Float] = []
        for t in [0, 0.2, 0.5, 0.8, 1.1, 1.249, 1.25 + 0.5] {
            let p = try File.posedSkin(root, seconds: t)
            let (lo, hi) = CesiumMan.bounds(p)
            // Y up, 1.45 to 1.48 tall, feet on the floor.
            #expect(hi.y - lo.y > 1.4 && hi.y - lo.y < 1.55 && abs(lo.y) < 0.01, "t = \(t): \(lo) \(hi)")
            // Head over chest over hips over feet; left hand on +X, right hand on -X, level.
            let head = try Self.centre(of: "neck_joint_2", p, file)
            let chest = try Self.centre(of: "torso_joint_3", p, file)
            let hips = try Self.centre(of: "torso_joint_1", p, file)
            let feet = [try Self.centre(of: "leg_joint_L_5", p, file), try Self.centre(of: "leg_joint_R_5", p, file)]
            #expect(head.y > chest.y && chest.y > hips.y && feet.allSatisfy { $0.y < 0.1 && $0.y < hips.y - 0.5 })
            #expect(feet[0].x > 0.05 && feet[1].x < -0.05, "t = \(t): feet \(feet)")
            let left = try Self.centre(of: "arm_joint_L_3", p, file)
            let right = try Self.centre(of: "arm_joint_R_3", p, file)
            #expect(left.x > 0.2 && right.x < -0.2 && abs(left.x + right.x) < 0.03, "t = \(t): \(left) \(right)")
            #expect(abs(left.y - right.y) < 0.03, "t = \(t): \(left) \(right)")
            reach.append(left.x - right.x)
            lift.append(left.y + right.y)
        }
        // The arms rise outward all through the animation, then start again (1.75 s plays as 0.5 s).
        for a in [reach, lift] {
            #expect(zip(a.dropLast(2), a.dropFirst().dropLast()).allSatisfy { $0 < $1 }, "\(a)")
            #expect(abs(a[a.count - 1] - a[2]) < 1e-5, "\(a)")
        }
    }
}

extension KhronosAnimatedSampleTests {
    // MARK: Fox

    /// The fox: 1,728 vertices skinned to 24 joints (about 160 units from nose to tail),
    /// three animations driving the same joints: Survey, Walk and Run.
    @Test func foxMatchesEachOfItsThreeAnimationsAtEveryVertex() throws {
        let file = try File("Fox")
        let root = try file.load()
        let rig = try #require(root.rig)
        #expect(rig.animations.map(\.name) == ["Survey", "Walk", "Run"])
        let node = try #require(file.nodes.firstIndex { $0["skin"] != nil })
        var middles: [[Vec3]] = []
        for a in 0..<3 {
            let duration = try file.duration(a)
            for fraction in [0, 0.37, 0.81] {
                let t = duration * fraction
                let drawn = try File.posedSkin(root, animation: a, seconds: t)
                let expected = try file.skinnedVertices(node: node, animation: a, at: t)
                // A thousandth of a unit on a 160-unit fox (single against double precision:
                // 3e-5 measured).
                #expect(Self.worst(drawn, expected) < 1e-3, "\(rig.animations[a].name) at \(t) s")
            }
            middles.append(try File.posedSkin(root, animation: a, seconds: duration * 0.37))
        }
        // Three animations, three different poses: each moves some vertex by over 5 units.
        for (a, b) in [(0, 1), (1, 2), (0, 2)] {
            let apart = zip(middles[a], middles[b]).map { length($0 - $1) }.max() ?? 0
            #expect(apart > 5, "animations \(a) and \(b): \(apart)")
        }
    }
}
