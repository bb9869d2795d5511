import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// COLLADA `<library_animations>` played: poses at given times against transforms
/// computed here, clips as named animations, the assimp sample files, hostile channels.
@Suite struct ColladaAnimationTests {
    /// A `<source>` of floats (`stride` per element) or of names.
    static func source(_ id: String, _ values: [String], stride: Int = 1, names: Bool = false) -> String {
        let tag = names ? "Name_array" : "float_array"
        return """
            <source id="\(id)"><\(tag) id="\(id)-array" count="\(values.count)">\(values.joined(separator: " "))\
            </\(tag)><technique_common><accessor source="#\(id)-array" count="\(values.count / stride)" \
            stride="\(stride)"/></technique_common></source>
            """
    }

    /// An `<animation>` with one channel driving `target`.
    static func animation(
        _ id: String, target: String, times: [Float], values: [Float], stride: Int = 1, interpolation: String = "LINEAR"
    ) -> String {
        """
        <animation id="\(id)">
        \(source("\(id)-in", times.map { "\($0)" }))
        \(source("\(id)-out", values.map { "\($0)" }, stride: stride))
        \(source("\(id)-ip", [String](repeating: interpolation, count: times.count), names: true))
        <sampler id="\(id)-s"><input semantic="INPUT" source="#\(id)-in"/>\
        <input semantic="OUTPUT" source="#\(id)-out"/><input semantic="INTERPOLATION" source="#\(id)-ip"/></sampler>
        <channel source="#\(id)-s" target="\(target)"/>
        </animation>
        """
    }

    /// The fixture cube under node `mover` (translate `location`, rotate `spin` about Z)
    /// and node `jumper` (a `matrix`), with `animations` and `extra` (clips) added.
    static func document(animations: String, extra: String = "") -> String {
        var text = ColladaFixture.cube()
        let nodes = """
            <node id="mover" name="mover"><translate sid="location">0 0 0</translate>\
            <rotate sid="spin">0 0 1 0</rotate><instance_geometry url="#cube"/></node>
            <node id="jumper" name="jumper"><matrix sid="transform">1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 1</matrix>\
            <instance_geometry url="#cube"/></node>
            """
        text = text.replacing(#/<node id="cube-node"[\s\S]*?</node>/#, with: nodes)
        return text.replacingOccurrences(
            of: "<library_visual_scenes>",
            with: "<library_animations>\(animations)</library_animations>\(extra)<library_visual_scenes>")
    }

    static let walk =
        animation("slide", target: "mover/location.X", times: [0, 2], values: [0, 4])
        + animation("turn", target: "mover/spin.ANGLE", times: [0, 2], values: [0, 360])
    static let hop = animation(
        "hop", target: "jumper/transform", times: [0, 1, 2],
        values: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] + [1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1, 0, 0, 0, 0, 1]
            + [1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1, 0, 0, 0, 0, 1],
        stride: 16, interpolation: "STEP")

    /// The local matrix of rig target `name` after posing `animation` at `seconds`.
    static func local(_ root: Node, _ name: String, animation: Int, seconds: Double) throws -> Matrix4 {
        let rig = try #require(root.rig)
        let target = try #require(rig.targets.first { $0.name == name })
        var node = root
        var player = AnimationPlayer(rig: rig)
        player.pose(&node, animation: animation, seconds: seconds)
        var m: Matrix4?
        node.withDescendant(at: target.paths[0]) { m = $0.transform.matrix }
        return try #require(m)
    }

    @Test func linearTranslateAndFullTurnsMatchHandComputedTransforms() throws {
        let root = try ModelLoader.load(data: Array(Self.document(animations: Self.walk).utf8), name: "walk.dae")
        let rig = try #require(root.rig)
        #expect(rig.animations.count == 1)
        #expect(abs(rig.animations[0].duration - 2) < 1e-5)
        // x = 2t; the angle turns 360 degrees in 2 s, so at 0.5 s it is 90, at 1.5 s 270
        // (a full turn between two keys is not lost to the shortest path).
        for t in [0.25, 0.5, 1.0, 1.5, 1.9] {
            let expected =
                Matrix4.translation(Vec3(Float(2 * t), 0, 0)) * .rotation(.degrees(180 * t), axis: Vec3(0, 0, 1))
            let m = try Self.local(root, "mover", animation: 0, seconds: t)
            #expect(m.isApproximatelyEqual(to: expected, tolerance: 0.02), "t=\(t): \(m) vs \(expected)")
        }
    }

    @Test func stepMatrixHoldsUntilTheNextKeyAndClipsAreNamedAnimations() throws {
        let clips = """
            <library_animation_clips>
              <animation_clip id="c1" name="walk" start="0" end="2">\
            <instance_animation url="#slide"/><instance_animation url="#turn"/></animation_clip>
              <animation_clip id="c2" name="hop" start="0" end="2"><instance_animation url="#hop"/></animation_clip>
            </library_animation_clips>
            """
        let text = Self.document(animations: Self.walk + Self.hop, extra: clips)
        let root = try ModelLoader.load(data: Array(text.utf8), name: "clips.dae")
        let rig = try #require(root.rig)
        #expect(rig.animations.map(\.name) == ["walk", "hop"])
        let hop = try #require(rig.animationIndex("hop"))
        let before = try Self.local(root, "jumper", animation: hop, seconds: 0.9)
        #expect(before.isApproximatelyEqual(to: .identity, tolerance: 1e-4), "\(before)")
        for t in [1.0, 1.5] {
            let after = try Self.local(root, "jumper", animation: hop, seconds: t)
            #expect(after.isApproximatelyEqual(to: .translation(Vec3(0, 5, 0)), tolerance: 1e-4), "\(after)")
        }
        // The walk clip does not move the jumper.
        let still = try Self.local(root, "jumper", animation: 0, seconds: 1.0)
        #expect(still.isApproximatelyEqual(to: .identity, tolerance: 1e-4))
    }

    @Test func oneMatrixNumberIsDrivenByRowAndColumn() throws {
        let lift = Self.animation("lift", target: "jumper/transform(0)(3)", times: [0, 2], values: [0, 4])
        let root = try ModelLoader.load(data: Array(Self.document(animations: lift).utf8), name: "lift.dae")
        let m = try Self.local(root, "jumper", animation: 0, seconds: 1)
        #expect(m.isApproximatelyEqual(to: .translation(Vec3(2, 0, 0)), tolerance: 1e-4), "\(m)")
    }

    @Test func assimpSampleAnimationsAreRead() throws {
        let folder = "/usr/share/assimp/models/Collada/"
        var warnings: [AssetError] = []
        let turns = try ModelLoader.load(
            path: folder + "anims_with_full_rotations_between_keys.DAE", warnings: &warnings)
        let rig = try #require(turns.rig)
        #expect(rig.animations.count == 1 && rig.targets.count >= 64, "\(rig.targets.count)")
        let first = try Self.local(turns, "Box001", animation: 0, seconds: 0)
        let later = try Self.local(turns, "Box001", animation: 0, seconds: 3)
        #expect(!first.isApproximatelyEqual(to: later, tolerance: 1e-3))
        let clips = try ModelLoader.load(path: folder + "library_animation_clips.dae")
        #expect(try #require(clips.rig).animations.map(\.name) == ["bend", "turn"])
        let nested = try ModelLoader.load(path: folder + "box_nested_animation.dae")
        let nestedRig = try #require(nested.rig)
        #expect(nestedRig.animations.count == 1 && nestedRig.targets.map(\.name) == ["Bone"])
    }

    @Test func hostileAnimationsAreOneLineErrorsOrWarnings() throws {
        func error(_ animations: String) -> String? {
            do {
                _ = try ModelLoader.load(data: Array(Self.document(animations: animations).utf8), name: "bad.dae")
                return nil
            } catch {
                return error.description
            }
        }
        // The OUTPUT array holds one value where its accessor declares two.
        let mismatched = Self.walk.replacingOccurrences(of: ">0.0 4.0</float_array>", with: ">0.0</float_array>")
        let e1 = try #require(error(mismatched))
        #expect(e1.hasPrefix("bad.dae: ") && !e1.contains("\n"), "\(e1)")
        let huge = Self.walk.replacingOccurrences(
            of: "id=\"slide-in-array\" count=\"2\"", with: "id=\"slide-in-array\" count=\"2000000000\"")
        let e2 = try #require(error(huge))
        #expect(e2.contains("2000000000") && !e2.contains("\n"), "\(e2)")
        let missing = Self.walk.replacingOccurrences(of: "source=\"#slide-out\"", with: "source=\"#nothing\"")
        let e3 = try #require(error(missing))
        #expect(e3.contains("'#nothing' not found") && !e3.contains("\n"), "\(e3)")
        let counts = Self.animation("c", target: "mover/location.X", times: [0, 1, 2], values: [0, 1])
        let e4 = try #require(error(counts))
        #expect(e4.contains("3 key times but 2 values"), "\(e4)")
        let backwards = Self.animation("b", target: "mover/location.X", times: [1, 0], values: [0, 1])
        #expect(try #require(error(backwards)).contains("key times decrease"))
        // A rotation of 1e30 degrees between two keys would need endless steps: refused.
        let spin = Self.animation("s", target: "mover/spin.ANGLE", times: [0, 1], values: [0, 1e30])
        #expect(try #require(error(spin)).contains("more than 100000 keys"))
        // A channel on something other than a node transform is a warning, not an error.
        var warnings: [AssetError] = []
        let other = Self.animation("m", target: "skin-material/diffuse", times: [0, 1], values: [0, 1])
        let root = try ModelLoader.load(
            data: Array(Self.document(animations: other).utf8), name: "other.dae", warnings: &warnings)
        #expect(root.rig == nil)
        #expect(
            warnings.map(\.description) == [
                "other.dae: 1 animation channel(s) not played: only nodes' "
                    + "matrix, translate, rotate and scale are"
            ], "\(warnings)")
    }
}
