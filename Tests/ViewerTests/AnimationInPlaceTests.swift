import Display
import Gestures
import Math3D
import SceneGraph
import Testing

@testable import Viewer

/// The viewer plays a model's animation into the scene its renderer holds: frame after
/// frame the posed mesh stays in the same memory while its vertices move.
@Suite struct AnimationInPlaceTests {
    /// The renderer's posed cylinder mesh: its first vertex address and its top vertex.
    static func posedMesh(_ s: ViewerSession) -> (address: UnsafeRawPointer?, top: Vec3?) {
        var found: (UnsafeRawPointer?, Vec3?) = (nil, nil)
        s.renderer.poseScene { v in
            let mesh = v.scene.root.children[0].children[1].content?.mesh
            found = (mesh?.positionsAddress, mesh?.positions.last)
        }
        return found
    }

    @Test func framesPoseTheRenderersSceneInTheSameMemory() throws {
        let scene = Scene(root: Node(name: "root", children: [Node.skinnedCylinder(rings: 8, segments: 12)]))
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [.key("q", at: 1.0)])
        let s = try ViewerLoopTests.session(t, clock: clock, config: ViewerConfig(scene: ViewerScene(scene: scene)))
        #expect(s.animation?.playing == true, "a model with animations plays from the start")
        _ = s.renderer.frame(columns: 40, rows: 12, motion: MotionState(), full: true)
        let first = Self.posedMesh(s)
        #expect(first.address != nil)
        var tops: Set<[Float]> = []
        for _ in 0..<20 {
            s.advanceAnimation(seconds: 1.0 / 30)
            _ = s.renderer.frame(columns: 40, rows: 12, motion: MotionState(), full: false)
            let now = Self.posedMesh(s)
            #expect(now.address == first.address, "a frame moved the posed vertices")
            if let top = now.top { tops.insert([top.x, top.y, top.z]) }
        }
        #expect(tops.count > 10, "the vertices did not move")
    }
}
