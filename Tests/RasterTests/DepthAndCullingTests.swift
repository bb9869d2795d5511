import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct DepthAndCulling {
    static let red = TestScenes.matte(Vec3(1, 0, 0))
    static let green = TestScenes.matte(Vec3(0, 1, 0))

    @Test(arguments: [false, true])
    func nearerTrianglesWinRegardlessOfDrawOrder(nearFirst: Bool) {
        // A red square at z = 0 and a smaller green one at z = 0.5 in front of it.
        let far = Node(name: "far", mesh: .plane(size: 2), material: Self.red)
        let near = Node(
            name: "near", mesh: .plane(size: 1), material: Self.green, transform: Transform(position: Vec3(0.5, 0, 0.5))
        )
        let scene = TestScenes.scene(nearFirst ? [near, far] : [far, near])
        let (fb, _) = TestScenes.render(scene, width: 80, height: 80)
        var greenPixels = 0
        var redPixels = 0
        for i in fb.color.indices where fb.coverage[i] != 0 {
            if fb.color[i].y > 0.5 {
                greenPixels += 1
                #expect(fb.depth[i] < 2.6)
            }
            if fb.color[i].x > 0.5 {
                redPixels += 1
                #expect(fb.depth[i] > 2.9)
            }
        }
        #expect(greenPixels > 200 && redPixels > 200)
        // Centre of the green square: green, at depth 2.5.
        let c = fb.index(x: 40 + 9, y: 40)
        #expect(fb.color[c].y > 0.5 && fb.color[c].x == 0)
        #expect(abs(fb.depth[c] - 2.5) < 1e-4)
    }

    @Test func bothDrawOrdersGiveTheSameFrame() {
        let far = Node(name: "far", mesh: .plane(size: 2), material: Self.red)
        let near = Node(
            name: "near", mesh: .plane(size: 1), material: Self.green,
            transform: Transform(position: Vec3(0.3, 0.2, 0.2)))
        let (a, _) = TestScenes.render(TestScenes.scene([far, near]), width: 64, height: 48)
        let (b, _) = TestScenes.render(TestScenes.scene([near, far]), width: 64, height: 48)
        #expect(a.color == b.color && a.depth == b.depth)
    }

    @Test func backFacesAreCulled() {
        let facing = Node(mesh: .plane(size: 1), material: Self.red)
        let away = Node(
            mesh: .plane(size: 1), material: Self.red,
            transform: Transform(rotation: Quaternion(angle: .degrees(180), axis: Vec3(0, 1, 0))))
        let (shown, s1) = TestScenes.render(TestScenes.scene([facing]), width: 40, height: 40)
        let (hidden, s2) = TestScenes.render(TestScenes.scene([away]), width: 40, height: 40)
        #expect(shown.coveredCount > 100 && s1.trianglesDrawn == 2)
        #expect(hidden.coveredCount == 0)
        #expect(s2.trianglesSubmitted == 2 && s2.trianglesCulled == 2 && s2.trianglesDrawn == 0)
    }

    @Test func aClosedCubeDrawsOnlyItsFrontFaces() {
        let cube = Node(
            mesh: .cube(), material: Self.red,
            transform: Transform(rotation: Quaternion(eulerX: .degrees(25), y: .degrees(35), z: .zero)))
        let (_, stats) = TestScenes.render(TestScenes.scene([cube]), width: 60, height: 60)
        // Three faces (six triangles) face the camera, three face away.
        #expect(stats.trianglesSubmitted == 12)
        #expect(stats.trianglesDrawn == 6)
        #expect(stats.trianglesCulled == 6)
    }

    @Test func offScreenObjectsAreRejectedBeforeRasterizing() {
        let aside = Node(mesh: .cube(), material: Self.red, transform: Transform(position: Vec3(40, 0, 0)))
        let behind = Node(mesh: .cube(), material: Self.red, transform: Transform(position: Vec3(0, 0, 10)))
        let (fb, stats) = TestScenes.render(TestScenes.scene([aside, behind]), width: 40, height: 40)
        #expect(fb.coveredCount == 0)
        #expect(stats.trianglesDrawn == 0 && stats.trianglesCulled == 24 && stats.trianglesClipped == 0)
    }

    @Test func hiddenNodesAreNotDrawn() {
        var node = Node(mesh: .cube(), material: Self.red)
        node.isHidden = true
        let scene = TestScenes.scene([node, Node(mesh: .plane(), material: Self.green)])
        let (_, stats) = TestScenes.render(scene, width: 20, height: 20)
        #expect(stats.trianglesSubmitted == scene.triangleCount)
        #expect(stats.trianglesSubmitted == 2)
    }
}
