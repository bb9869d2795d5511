import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct SphereImpostors {
    @Test func subPixelSpheresStillCoverThePixelHoldingTheirCentre() {
        let camera = Camera(position: Vec3(0, 0, 5))
        let w = 80
        let h = 60
        var nodes: [Node] = []
        var expected = Set<Int>()
        let f = 1 / tan(camera.fieldOfView.radians / 2)
        for k in 0..<40 {
            // Spread on a grid, radius far below a pixel.
            let p = Vec3(Float(k % 8) * 0.4 - 1.4, Float(k / 8) * 0.4 - 0.8, 0)
            nodes.append(
                Node(
                    mesh: .sphere(radius: 1), material: TestScenes.matte(.one),
                    transform: Transform(position: p, scale: Vec3(repeating: 0.001))))
            let ndcX = f / (Double(w) / Double(h)) * Double(p.x) / 5
            let ndcY = f * Double(p.y) / 5
            let px = Int(((ndcX + 1) / 2 * Double(w)).rounded(.down))
            let py = Int(((1 - ndcY) / 2 * Double(h)).rounded(.down))
            expected.insert(py * w + px)
        }
        let (fb, stats) = TestScenes.render(TestScenes.scene(nodes, camera: camera), width: w, height: h)
        #expect(stats.spheresDrawn == 40)
        #expect(TestScenes.coveredSet(fb) == expected)
        // Their depth is that of the sphere's front point, about 5.
        for i in expected { #expect(abs(fb.depth[i] - 4.999) < 1e-3) }
    }

    @Test func nonUniformScaleFallsBackToTriangles() {
        let node = Node(
            mesh: .sphere(radius: 1), material: TestScenes.matte(.one), transform: Transform(scale: Vec3(1, 1.5, 1)))
        let (fb, stats) = TestScenes.render(TestScenes.scene([node]), width: 40, height: 40)
        #expect(stats.spheresDrawn == 0)
        #expect(stats.trianglesDrawn > 0)
        #expect(fb.coveredCount > 100)
    }

    @Test func texturedSpheresAreDrawnAsTriangles() throws {
        let texture = try #require(TestScenes.checkerboard(size: 16, squares: 4))
        let node = Node(mesh: .sphere(radius: 1), material: TestScenes.matte(.one, texture: texture))
        let (_, stats) = TestScenes.render(TestScenes.scene([node]), width: 40, height: 40)
        #expect(stats.spheresDrawn == 0 && stats.trianglesDrawn > 0)
    }

    @Test func uniformScaleAndParentTransformsSetTheImpostorRadius() {
        // Radius 0.5 mesh, scaled by 2 in a parent that is itself moved: a unit sphere at x = 1.
        let child = Node(
            mesh: .sphere(radius: 0.5), material: TestScenes.matte(.one),
            transform: Transform(scale: Vec3(repeating: 2)))
        let parent = Node(
            transform: Transform(
                position: Vec3(1, 0, 0), rotation: Quaternion(angle: .degrees(40), axis: Vec3(1, 1, 0))),
            children: [child])
        let camera = Camera(position: Vec3(1, 0, 4), target: Vec3(1, 0, 0))
        let (fb, stats) = TestScenes.render(TestScenes.scene([parent], camera: camera), width: 101, height: 101)
        #expect(stats.spheresDrawn == 1)
        // Nearest point: depth 3 at the centre pixel.
        #expect(abs(fb.depth[fb.index(x: 50, y: 50)] - 3) < 1e-3)
        #expect(fb.normal[fb.index(x: 50, y: 50)].isApproximatelyEqual(to: Vec3(0, 0, 1), tolerance: 1e-3))
    }

    @Test func spheresBehindTheCameraOrOffScreenAreCulled() {
        let behind = Node(
            mesh: .sphere(), material: TestScenes.matte(.one), transform: Transform(position: Vec3(0, 0, 8)))
        let aside = Node(
            mesh: .sphere(), material: TestScenes.matte(.one), transform: Transform(position: Vec3(30, 0, 0)))
        let (fb, stats) = TestScenes.render(TestScenes.scene([behind, aside]), width: 40, height: 40)
        #expect(fb.coveredCount == 0)
        #expect(stats.spheresCulled == 2 && stats.spheresDrawn == 0 && stats.trianglesSubmitted == 0)
    }

    @Test func intersectingImpostorsResolveByExactDepth() {
        // Two unit spheres overlapping: along the line between their centres the boundary of
        // visibility is where the two surfaces are at equal depth (x = 0 by symmetry).
        let a = Node(
            mesh: .sphere(), material: TestScenes.matte(Vec3(1, 0, 0)), transform: Transform(position: Vec3(-0.5, 0, 0))
        )
        let b = Node(
            mesh: .sphere(), material: TestScenes.matte(Vec3(0, 1, 0)), transform: Transform(position: Vec3(0.5, 0, 0)))
        let light = Vec3(0, 0, -1)
        let (fb, _) = TestScenes.render(
            TestScenes.scene([a, b], camera: Camera(position: Vec3(0, 0, 5)), light: light), width: 100, height: 60)
        for x in 0..<100 {
            let c = fb.color[fb.index(x: x, y: 30)]
            if x < 49 && c != .zero { #expect(c.x > 0 && c.y == 0) }
            if x > 50 && c != .zero { #expect(c.y > 0 && c.x == 0) }
        }
    }

    @Test func theOrderOfSpheresInTheSceneDoesNotChangeTheFrame() {
        var nodes: [Node] = []
        for k in 0..<200 {
            let a = Float(k) * 0.61
            let r = 0.3 + Float(k % 9) * 0.08
            nodes.append(
                Node(
                    mesh: .sphere(), material: TestScenes.matte(Vec3(Float(k % 3) / 2, 0.5, 1 - Float(k % 5) / 4)),
                    transform: Transform(
                        position: Vec3(cos(a) * r, Float(k % 13) * 0.1 - 0.6, sin(a) * r),
                        scale: Vec3(repeating: 0.05 + Float(k % 4) * 0.03))))
        }
        let camera = Camera(position: Vec3(0.2, 0.3, 2.2))
        let (a, _) = TestScenes.render(TestScenes.scene(nodes, camera: camera), width: 90, height: 60)
        let (b, _) = TestScenes.render(
            TestScenes.scene(nodes.reversed(), camera: camera), width: 90, height: 60, threads: 3)
        #expect(a.coveredCount > 1000)
        #expect(a.color == b.color && a.depth == b.depth && a.normal == b.normal)
    }

    @Test func aSphereMeshWithItsOwnMaterialIsDrawnInThatMaterial() throws {
        let red = TestScenes.matte(Vec3(1, 0, 0))
        let green = TestScenes.matte(Vec3(0, 1, 0))
        let texture = try #require(TestScenes.checkerboard(size: 8, squares: 2))
        let own = Mesh.sphere().withMaterial(red)
        let ownTextured = Mesh.sphere().withMaterial(TestScenes.matte(.one, texture: texture))
        let plain = Mesh.sphere()
        // Alternate meshes so that instance runs start and end.
        let nodes = [
            Node(
                mesh: own, material: green,
                transform: Transform(position: Vec3(-1.2, 0, 0), scale: Vec3(repeating: 0.4))),
            Node(
                mesh: plain, material: green, transform: Transform(position: Vec3(0, 0, 0), scale: Vec3(repeating: 0.4))
            ),
            Node(
                mesh: ownTextured, material: green,
                transform: Transform(position: Vec3(1.2, 0, 0), scale: Vec3(repeating: 0.4))),
            Node(
                mesh: own, material: green, transform: Transform(position: Vec3(0, 1, 0), scale: Vec3(repeating: 0.3))),
        ]
        let (fb, stats) = TestScenes.render(
            TestScenes.scene(nodes, camera: Camera(position: Vec3(0, 0, 4))), width: 120, height: 80)
        #expect(stats.spheresDrawn == 3 && stats.trianglesDrawn > 0)
        func colour(_ p: Vec3) -> Vec3 {
            let f = 1 / tan(Camera().fieldOfView.radians / 2)
            let x = Int((Double(p.x) * f / 1.5 / 4 + 1) / 2 * 120)
            let y = Int((1 - Double(p.y) * f / 4) / 2 * 80)
            return fb.color[fb.index(x: x, y: y)]
        }
        #expect(colour(Vec3(-1.2, 0, 0)).x > 0.5 && colour(Vec3(-1.2, 0, 0)).y == 0)  // the mesh's own red
        #expect(colour(Vec3(0, 0, 0)).y > 0.5 && colour(Vec3(0, 0, 0)).x == 0)  // the node's green
        #expect(colour(Vec3(0, 1, 0)).x > 0.5 && colour(Vec3(0, 1, 0)).y == 0)
    }
}
