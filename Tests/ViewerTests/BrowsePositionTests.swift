import Display
import Math3D
import SceneGraph
import Testing

/// The browsed position: zooming keeps the point zoomed towards in place, moves scale
/// with the zoom, and a built scene follows a new position exactly.
@Suite struct BrowsePositionTests {
    @Test func zoomingKeepsThePointZoomedTowardsInPlace() {
        let p = BrowsePosition(center: SIMD3(0.1, 0.2, 0.3), zoom: 10)
        let point = SIMD3(0.15, 0.2, 0.3)
        let q = p.zoomed(by: 4, towards: point)
        #expect(q.zoom == 40)
        // The point's offset from the centre, in view units, is the same before and after.
        let before = (point - p.center) * p.zoom
        let after = (point - q.center) * q.zoom
        #expect(abs(before.x - after.x) < 1e-12 && abs(before.y - after.y) < 1e-12)
        // Zooming towards the centre keeps the centre.
        #expect(p.zoomed(by: 3, towards: p.center).center == p.center)
    }

    @Test func zoomIsClampedAndMovesScaleWithIt() {
        #expect(BrowsePosition(center: .zero, zoom: 1e40).zoom == BrowsePosition.zoomRange.upperBound)
        #expect(BrowsePosition(center: .zero, zoom: .nan).zoom == 1)
        let deep = BrowsePosition(center: .zero, zoom: 1e27).zoomed(by: 1e6, towards: .zero)
        #expect(deep.zoom == 1e30)
        #expect(abs(deep.moved(by: SIMD3(1, 0, 0)).center.x - 1e-30) < 1e-45)
        // In a nested frame 10^-29 across, one view unit at 10^30 is a tenth of its unit,
        // and the centre converts back to outer radii.
        let frame = BrowseFrame(steps: [BrowseFrame.Step(slot: 0, origin: SIMD3(0.3, 0, 0), scale: 1e-29)])
        let nested = BrowsePosition(center: .zero, zoom: 1e30, frame: frame).moved(by: SIMD3(1, 0, 0))
        #expect(abs(nested.center.x - 0.1) < 1e-15)
        #expect(BrowseFrame.root.convert(nested.center, from: frame) == SIMD3(0.3, 0, 0))
        #expect(abs(deep.offset(of: nested).x - 0.3e30) < 1e16)
    }

    @Test func aBuiltSceneFollowsANewPosition() {
        // One sphere at p, built at zoom 2 about c: view position (p - c) * 2.
        let c = SIMD3(0.5, 0.0, 0.0)
        let p = SIMD3(0.6, 0.1, 0.0)
        let built = BrowsePosition(center: c, zoom: 2)
        let sphere = Node(
            mesh: Mesh.sphere(radius: 1, longitudes: 6, latitudes: 4),
            transform: Transform(
                position: Vec3(Float((p - c).x * 2), Float((p - c).y * 2), 0), scale: Vec3(repeating: 0.2)))
        let scene = ViewerScene(
            scene: Scene(root: Node(children: [sphere]), camera: Camera(position: Vec3(0, 0, 5), target: .zero)))
        let now = BrowsePosition(center: SIMD3(0.55, 0.05, 0), zoom: 8)
        let item = scene.moved(from: built, to: now).scene.drawList()[0]
        let at = item.world.transformPoint(.zero)
        #expect(abs(at.x - Float((p - now.center).x * 8)) < 1e-5)
        #expect(abs(at.y - Float((p - now.center).y * 8)) < 1e-5)
        #expect(abs(length(item.world.transformDirection(Vec3(1, 0, 0))) - 0.1 * 8) < 1e-5)
    }
}
