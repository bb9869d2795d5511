import Display
import Math3D
import SceneGraph
import Testing

@testable import Viewer

/// The model animation's keys and HUD words.
@Suite struct AnimationKeys {
    @Test func pNAndAngleBracketsHaveTheirCommands() {
        #expect(KeyCommands.command("p") == .toggleAnimation)
        #expect(KeyCommands.command("n") == .nextAnimation)
        #expect(KeyCommands.command("<") == .animationSpeed(0.5))
        #expect(KeyCommands.command(">") == .animationSpeed(2))
    }

    /// A scene whose child 0 carries a rig moving its child 0 along X over 2 s.
    static func scene() throws -> Scene {
        let sampler = try AnimationSampler(
            times: [0, 2], values: [0, 0, 0, 2, 0, 0], width: 3, interpolation: .linear)
        let rig = Rig(
            animations: [
                Animation(name: "wave", channels: [AnimationChannel(target: 0, path: .translation, sampler: sampler)])
            ],
            targets: [Rig.Target(name: "arm", paths: [[0]], rest: .identity)], deformers: [])
        var model = Node(name: "model", children: [Node(name: "arm", mesh: Mesh.cube())])
        model.rig = rig
        return Scene(root: Node(name: "root", children: [model]))
    }

    @Test func theHUDNamesTheAnimationItsTimeAndItsState() throws {
        let scene = try Self.scene()
        var a = ViewerAnimation(animation: try #require(SceneAnimation(scene: scene)))
        a.seconds = 2.5
        #expect(a.hud == "wave 0.5s")
        a.speed = 2
        #expect(a.hud == "wave 0.5s x2")
        a.playing = false
        #expect(a.hud == "wave 0.5s paused")
        var posed = scene
        a.animation.pose(&posed, seconds: 0.5)
        #expect(abs(posed.root.children[0].children[0].position.x - 0.5) < 1e-6)
    }
}
