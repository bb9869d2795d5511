import Display
import Gestures
import Math3D
import SceneGraph
import Testing

@testable import Viewer

@Suite struct ScenePosing {
    @Test func theMotionTurnsTheWholeTreeAndMovesTheCamera() {
        let child = Node(name: "earth", transform: Transform(position: Vec3(1, 0, 0)))
        let scene = Scene(root: Node(name: "root", children: [child]), camera: Camera(position: Vec3(0, 0, 3)))
        var motion = MotionState()
        motion.apply(.swipe(.right))
        motion.advance(ticks: 45)  // 90 degrees about Y
        motion.apply(.pinchOut)
        let posed = ViewerScene.posed(scene, by: motion)
        var world: Matrix4 = .identity
        posed.root.traverse { node, m in if node.name == "earth" { world = m } }
        let p = world.transformPoint(Vec3(0, 0, 0))
        // (1, 0, 0) turned 90 degrees about +Y lands on (0, 0, -1).
        #expect(p.isApproximatelyEqual(to: Vec3(0, 0, -1), tolerance: 1e-5))
        #expect(abs(posed.camera.distance - 3 / 1.1) < 1e-5)
        #expect(posed.camera.target == scene.camera.target)
    }

    @Test func theSceneItselfIsLeftAsItWas() {
        let scene = Scene(root: Node(name: "root"))
        _ = ViewerScene.posed(scene, by: MotionState(spin: 0.5, yaw: 30))
        #expect(scene.root.children.isEmpty)
        #expect(scene.root.name == "root")
    }
}
