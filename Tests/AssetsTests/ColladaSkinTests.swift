import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// COLLADA skins posed by their joints: a two-joint strip checked against positions worked
/// out by hand, the assimp sample files moving between two times, hostile skins.
@Suite struct ColladaSkinTests {
    /// Parts of the skin fixture a test may replace.
    struct Skin {
        var names = "base tip"
        var nameCount = "2"
        var inverseBind = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1  1 0 0 0 0 1 0 -1 0 0 1 0 0 0 0 1"
        var inverseBindCount = "32"
        var inverseBindMatrices = "2"
        var weights = "1 0.5"
        var weightCount = "2"
        var vertexCount = "4"
        var vcount = "1 1 1 2"
        var v = "0 0 0 0 1 0 1 1 0 1"
        var holder = ""
        var skeleton = "<skeleton>#base</skeleton>"
        var animations = ""
    }

    /// A strip of 4 positions, (0,0,0) (1,0,0) (0,2,0) (1,2,0), skinned to joint `base`
    /// (at the origin) and its child `tip` (translate 0 1 0, then `rotate sid="bend"` about
    /// Z): the first two positions follow `base`, the third `tip`, the fourth half each.
    /// The bind shape matrix moves the strip 1 along z; the inverse bind matrices are the
    /// joints' inverse world matrices (identity, translate 0 -1 0).
    static func document(_ s: Skin) -> String {
        """
        <?xml version="1.0"?>
        <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
        <library_geometries><geometry id="strip"><mesh>
          <source id="strip-p"><float_array id="strip-pa" count="12">0 0 0 1 0 0 0 2 0 1 2 0</float_array>
            <technique_common><accessor source="#strip-pa" count="4" stride="3">\
        <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>\
        </accessor></technique_common></source>
          <vertices id="strip-v"><input semantic="POSITION" source="#strip-p"/></vertices>
          <triangles count="2"><input semantic="VERTEX" source="#strip-v" offset="0"/><p>0 1 2 1 3 2</p></triangles>
        </mesh></geometry></library_geometries>
        <library_controllers><controller id="rig"><skin source="#strip">
          <bind_shape_matrix>1 0 0 0 0 1 0 0 0 0 1 1 0 0 0 1</bind_shape_matrix>
          <source id="rig-joints"><Name_array id="rig-ja" count="\(s.nameCount)">\(s.names)</Name_array>
            <technique_common><accessor source="#rig-ja" count="\(s.nameCount)" stride="1">\
        <param name="JOINT" type="name"/></accessor></technique_common></source>
          <source id="rig-ibm"><float_array id="rig-ia" count="\(s.inverseBindCount)">\(s.inverseBind)</float_array>
            <technique_common><accessor source="#rig-ia" count="\(s.inverseBindMatrices)" stride="16">\
        <param name="TRANSFORM" type="float4x4"/></accessor></technique_common></source>
          <source id="rig-w"><float_array id="rig-wa" count="\(s.weightCount)">\(s.weights)</float_array>
            <technique_common><accessor source="#rig-wa" count="\(s.weightCount)" stride="1">\
        <param name="WEIGHT" type="float"/></accessor></technique_common></source>
          <joints><input semantic="JOINT" source="#rig-joints"/>
            <input semantic="INV_BIND_MATRIX" source="#rig-ibm"/></joints>
          <vertex_weights count="\(s.vertexCount)">
            <input semantic="JOINT" source="#rig-joints" offset="0"/>
            <input semantic="WEIGHT" source="#rig-w" offset="1"/>
            <vcount>\(s.vcount)</vcount>
            <v>\(s.v)</v>
          </vertex_weights>
        </skin></controller></library_controllers>
        <library_animations>\(s.animations)</library_animations>
        <library_visual_scenes><visual_scene id="scene">
          <node id="base" sid="base" name="base" type="JOINT">
            <node id="tip-node" sid="tip" name="tip" type="JOINT"><translate>0 1 0</translate>\
        <rotate sid="bend">0 0 1 0</rotate></node>
          </node>
          <node id="holder" name="holder">\(s.holder)
            <instance_controller url="#rig">\(s.skeleton)</instance_controller></node>
        </visual_scene></library_visual_scenes>
        <scene><instance_visual_scene url="#scene"/></scene>
        </COLLADA>
        """
    }

    /// `tip` bends from 0 degrees at 0 s to 180 degrees at 2 s (90 degrees at 1 s).
    static let bend = ColladaAnimationTests.animation(
        "bend", target: "tip-node/bend.ANGLE", times: [0, 2], values: [0, 180])

    static func load(_ s: Skin, name: String = "skin.dae", warnings: inout [AssetError]) throws -> Node {
        try ModelLoader.load(data: Array(document(s).utf8), name: name, warnings: &warnings)
    }

    /// The positions of the skinned mesh, in the rig node's coordinates, after posing
    /// `animation` at `seconds` (nil: the pose the file loads in).
    static func posed(_ root: Node, animation: Int? = 0, seconds: Double = 0) throws -> [Vec3] {
        let rig = try #require(root.rig)
        let deformer = try #require(rig.deformers.first)
        var node = root
        if let animation {
            var player = AnimationPlayer(rig: rig)
            player.pose(&node, animation: animation, seconds: seconds)
        }
        var positions: [Vec3]?
        node.withDescendant(at: deformer.path) { n in
            #expect(n.transform == .identity)
            positions = n.content?.mesh.positions
        }
        return try #require(positions)
    }

    /// Every drawn vertex of the model, in its root's coordinates, after posing the first
    /// animation at `seconds`.
    static func drawn(_ root: Node, seconds: Double) throws -> [Vec3] {
        var node = root
        var player = AnimationPlayer(rig: try #require(root.rig))
        player.pose(&node, animation: 0, seconds: seconds)
        return Fixture.meshNodes(node).flatMap { n, world in
            (n.content?.mesh.positions ?? []).map { world.transformPoint($0) }
        }
    }

    static func near(_ a: [Vec3], _ b: [Vec3]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { length($0 - $1) < 1e-4 }
    }

    @Test func twoJointStripMatchesHandComputedPoses() throws {
        var warnings: [AssetError] = []
        var s = Skin()
        s.animations = Self.bend
        let root = try Self.load(s, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        // Vertices in corner order: positions 0, 1, 2, then 3.
        // Bind pose (0 degrees): the positions moved 1 along z by the bind shape matrix.
        let bind = [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(0, 2, 1), Vec3(1, 2, 1)]
        let atRest = try Self.posed(root, animation: nil)
        #expect(Self.near(atRest, bind), "\(atRest)")
        #expect(Self.near(try Self.posed(root, seconds: 0), bind))
        // 90 degrees at 1 s: tip's matrix is T(0,1,0) Rz(90) T(0,-1,0), Rz(90) (x,y) -> (-y,x).
        // Position 2 (0,2,1) -> (0,1,1) -> (-1,0,1) -> (-1,1,1). Position 3 (1,2,1): tip
        // gives (1,1,1) -> (-1,1,1) -> (-1,2,1), base keeps (1,2,1); half each: (0,2,1).
        let bent = try Self.posed(root, seconds: 1)
        #expect(Self.near(bent, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(-1, 1, 1), Vec3(0, 2, 1)]), "\(bent)")
        // 45 degrees at 0.5 s: Rz(45) (x,y) -> ((x-y)/r2, (x+y)/r2). Position 2: (0,1) ->
        // (-h,h) with h = 1/r2, then +1 in y. Position 3: tip (1,1) -> (0, 2h) -> (0, 2h+1);
        // half with base's (1,2): (0.5, h+1.5).
        let h = 1 / Float(2).squareRoot()
        let half = try Self.posed(root, seconds: 0.5)
        #expect(
            Self.near(half, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(-h, h + 1, 1), Vec3(0.5, h + 1.5, 1)]), "\(half)")
        // The bind-pose drawing is emptied: only the skinned mesh is drawn.
        #expect(Fixture.meshNodes(root).count == 1)
    }

    @Test func bindPoseIsDrawnWhereTheUnposedMeshWas() throws {
        // The holder node moves the strip 5 along x: at the bind pose the skinned mesh stays
        // where the node and the bind shape matrix put it.
        var warnings: [AssetError] = []
        var s = Skin()
        s.holder = "<translate>5 0 0</translate>"
        s.animations = Self.bend
        let root = try Self.load(s, warnings: &warnings)
        let rest = try Self.posed(root, seconds: 0)
        #expect(Self.near(rest, [Vec3(5, 0, 1), Vec3(6, 0, 1), Vec3(5, 2, 1), Vec3(6, 2, 1)]), "\(rest)")
    }

    @Test func skinWithoutAnimationsIsPosedByTheSceneJoints() throws {
        // No animation: the rig still poses the strip by the joints as the scene places them
        // (tip turned 90 degrees here), like the 1 s pose above.
        var warnings: [AssetError] = []
        let text = Self.document(Skin()).replacingOccurrences(
            of: "<rotate sid=\"bend\">0 0 1 0</rotate>", with: "<rotate sid=\"bend\">0 0 1 90</rotate>")
        let root = try ModelLoader.load(data: Array(text.utf8), name: "still.dae", warnings: &warnings)
        #expect(try #require(root.rig).animations.isEmpty)
        let still = try Self.posed(root, animation: nil)
        #expect(Self.near(still, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(-1, 1, 1), Vec3(0, 2, 1)]), "\(still)")
    }

    @Test func jointNumberMinusOneIsTheBindShape() throws {
        // Position 2 is half tip, half bind shape (joint -1): at 90 degrees it is halfway
        // between (-1,1,1) and its bind position (0,2,1).
        var warnings: [AssetError] = []
        var s = Skin()
        s.vcount = "1 1 2 2"
        s.v = "0 0 0 0 1 1 -1 1 0 1 1 1"
        s.animations = Self.bend
        let root = try Self.load(s, warnings: &warnings)
        let bent = try Self.posed(root, seconds: 1)
        #expect(Self.near(bent, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(-0.5, 1.5, 1), Vec3(0, 2, 1)]), "\(bent)")
    }

    @Test func jointsResolveBySidUnderTheSkeletonThenByIdOrName() throws {
        var warnings: [AssetError] = []
        // Without <skeleton>: the names are found as node ids or names anywhere.
        var s = Skin()
        s.skeleton = ""
        s.names = "base tip-node"
        s.animations = Self.bend
        let root = try Self.load(s, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        let bent = try Self.posed(root, seconds: 1)
        #expect(Self.near(bent, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(-1, 1, 1), Vec3(0, 2, 1)]), "\(bent)")
    }

    @Test func assimpSkinnedSamplesMoveBetweenTwoTimes() throws {
        let folder = "/usr/share/assimp/models/Collada/"
        for file in ["box_nested_animation.dae", "library_animation_clips.dae"] {
            var warnings: [AssetError] = []
            let root = try ModelLoader.load(path: folder + file, warnings: &warnings)
            #expect(warnings.isEmpty, "\(file): \(warnings)")
            let rig = try #require(root.rig)
            #expect(rig.deformers.count == 1 && rig.deformers[0].skin != nil, "\(file)")
            let first = try Self.drawn(root, seconds: 0.1)
            let later = try Self.drawn(root, seconds: 0.5)
            let moved = zip(first, later).map { length($0 - $1) }.max() ?? 0
            #expect(moved > 0.1, "\(file): vertices move at most \(moved)")
        }
        // At rest the box's bone stands at its bind pose: the cube is drawn where the
        // unposed mesh was, the armature's (1,-1,0) and the bind shape's (-1,1,1) moving the
        // 2-unit cube about the origin to (-1..1, -1..1, 0..2) in the file's Z-up space.
        let box = try ModelLoader.load(path: folder + "box_nested_animation.dae")
        let rest = try Self.posed(box, animation: nil)
        let lo = rest.reduce(Vec3(repeating: .infinity)) { pointwiseMin($0, $1) }
        let hi = rest.reduce(Vec3(repeating: -.infinity)) { pointwiseMax($0, $1) }
        #expect(length(lo - Vec3(-1, -1, 0)) < 1e-3 && length(hi - Vec3(1, 1, 2)) < 1e-3, "\(lo) \(hi)")
    }

    @Test func anAnimatedModelIsPlacedByTheBoxItsAnimationSweeps() throws {
        // box_nested_animation's keys carry the cube away from the rest pose: placed by the
        // rest pose it left the view; placed by the swept box it stays within the unit
        // box the viewer frames (normalized to 2 units about the origin) at every time.
        let path = "/usr/share/assimp/models/Collada/box_nested_animation.dae"
        let root = try ModelLoader.load(path: path, options: LoadOptions(center: true, normalizeSize: 2))
        let rigPath = try #require(root.rigPath)
        var holder = root
        for i in rigPath { holder = holder.children[i] }
        let duration = try #require(holder.rig?.animations.first?.duration)
        var widest: Float = 0
        for k in 0...40 {
            var node = root
            node.withDescendant(at: rigPath) { n in
                guard let rig = n.rig else { return }
                var player = AnimationPlayer(rig: rig)
                player.pose(&n, animation: 0, seconds: Double(duration) * Double(k) / 40)
            }
            let box = try #require(ModelLoader.bounds(of: node))
            widest = max(widest, box.size.max())
            #expect(box.min.min() > -1.05 && box.max.max() < 1.05, "at \(k)/40 of the animation: \(box)")
        }
        // The sweep is measured, not padded: some pose spans most of the box.
        #expect(widest > 1.2, "\(widest)")
        // A still model is placed by its own box, as before.
        let still = try ModelLoader.load(
            path: "/usr/share/assimp/models/Collada/duck.dae", options: LoadOptions(center: true, normalizeSize: 2))
        #expect(ModelLoader.sweptBounds(of: still) == nil)
        let box = try #require(ModelLoader.bounds(of: still))
        #expect(abs(box.size.max() - 2) < 1e-3, "\(box)")
    }

    /// The error loading `s`, or nil when it loads.
    static func error(_ s: Skin) -> String? {
        var warnings: [AssetError] = []
        do {
            _ = try ModelLoader.load(data: Array(document(s).utf8), name: "bad.dae", warnings: &warnings)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func hostileSkinsAreOneLineErrors() throws {
        var cases: [(Skin, String)] = []
        var s = Skin()
        s.vcount = "1 1 1 9"
        cases.append((s, "<vcount> needs more than the 10 numbers <v> holds"))
        s = Skin()
        s.vcount = "1 1 1 9999999999999999"
        cases.append((s, "'9999999999999999' is not an index"))
        s = Skin()
        s.vcount = "1 1 1 2000000000"
        cases.append((s, "<vcount> needs more than the 10 numbers <v> holds"))
        s = Skin()
        s.v = "0 0 0 0 7 0 1 1 0 1"
        cases.append((s, "joint index 7 out of range (2 joints)"))
        s = Skin()
        s.v = "0 0 0 0 1 5 1 1 0 1"
        cases.append((s, "weight index 5 out of range (2 weights)"))
        s = Skin()
        s.v = "0 0 0 0 -2 0 1 1 0 1"
        cases.append((s, "'-2' is not an index"))
        s = Skin()
        s.weights = "1 nan"
        cases.append((s, "is not a finite number"))
        s = Skin()
        s.inverseBind = "1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1"
        s.inverseBindCount = "16"
        cases.append((s, "declares 2 elements"))
        s = Skin()
        s.vertexCount = "3"
        s.vcount = "1 1 1"
        s.v = "0 0 0 0 1 0"
        cases.append((s, "vertex_weights count 3 but the geometry uses position 3"))
        s = Skin()
        s.vertexCount = "5"
        cases.append((s, "vertex_weights count 5 but <vcount> holds 4"))
        s = Skin()
        s.vertexCount = "-1"
        cases.append((s, "vertex_weights count is not a valid number"))
        s = Skin()
        s.nameCount = "3"
        cases.append((s, "Name_array declares 3 names but holds 2"))
        for (skin, expected) in cases {
            let e = try #require(Self.error(skin), "\(expected)")
            #expect(e.hasPrefix("bad.dae: line ") && !e.contains("\n") && e.contains(expected), "\(expected): \(e)")
        }
    }

    @Test func missingJointKeepsTheBindPoseWithOneWarning() throws {
        var warnings: [AssetError] = []
        var s = Skin()
        s.names = "base nobody"
        s.animations = Self.bend
        let root = try Self.load(s, name: "lost.dae", warnings: &warnings)
        #expect(
            warnings.map(\.description) == [
                "lost.dae: 1 skinned mesh(es) drawn in the bind pose: joint 'nobody' names no node"
            ], "\(warnings)")
        #expect(try #require(root.rig).deformers.isEmpty)
        // Drawn as before: the strip under the bind shape matrix.
        let meshes = Fixture.meshNodes(root)
        #expect(meshes.count == 1)
        let mesh = try #require(meshes.first?.node.content?.mesh)
        let world = try #require(meshes.first?.world)
        let drawn = mesh.positions.map { world.transformPoint($0) }
        #expect(Self.near(drawn, [Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(0, 2, 1), Vec3(1, 2, 1)]), "\(drawn)")
        // A name no vertex uses may name nothing.
        var unused = Skin()
        unused.names = "base nobody tip"
        unused.nameCount = "3"
        unused.inverseBind += " 1 0 0 0 0 1 0 -1 0 0 1 0 0 0 0 1"
        unused.inverseBindCount = "48"
        unused.inverseBindMatrices = "3"
        unused.v = "0 0 0 0 2 0 2 1 0 1"
        warnings = []
        let fine = try Self.load(unused, name: "unused.dae", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(try #require(fine.rig).deformers.count == 1)
    }

    @Test func skinWithoutWeightsKeepsTheBindPoseWithOneWarning() throws {
        var warnings: [AssetError] = []
        let text = Self.document(Skin()).replacing(#/<vertex_weights[\s\S]*?</vertex_weights>/#, with: "")
        let root = try ModelLoader.load(data: Array(text.utf8), name: "bare.dae", warnings: &warnings)
        #expect(warnings.count == 1 && warnings[0].message.contains("no <joints> or <vertex_weights>"), "\(warnings)")
        #expect(root.rig == nil)
        #expect(Fixture.meshNodes(root).count == 1)
    }
    @Test func everyNumberOfTheSkinMadeHostileNeverCrashes() throws {
        // Each number of the controller (counts, offsets, indices, weights, matrices) in
        // turn becomes a hostile value: the file loads (and poses) or fails in one line.
        var s = Skin()
        s.animations = Self.bend
        let text = Self.document(s)
        let start = try #require(text.range(of: "<library_controllers>"))
        let end = try #require(text.range(of: "</library_controllers>"))
        let section = text[start.upperBound..<end.lowerBound]
        var loaded = 0
        var failed = 0
        for match in section.matches(of: /-?[0-9][0-9.]*/) {
            for value in ["-1", "-2", "0", "3", "7", "65536", "2147483647", "99999999999", "1e30", "nan", ""] {
                let mutated = String(text[..<match.range.lowerBound]) + value + String(text[match.range.upperBound...])
                var warnings: [AssetError] = []
                do {
                    var root = try ModelLoader.load(
                        data: Array(mutated.utf8), name: "hostile.dae", warnings: &warnings)
                    if let rig = root.rig {
                        var player = AnimationPlayer(rig: rig)
                        player.pose(&root, animation: 0, seconds: 1)
                    }
                    #expect(warnings.count <= 1, "\(warnings)")
                    loaded += 1
                } catch {
                    #expect(!error.description.contains("\n") && error.description.hasPrefix("hostile.dae: "))
                    failed += 1
                }
            }
        }
        #expect(loaded > 0 && failed > 0)
    }
}
