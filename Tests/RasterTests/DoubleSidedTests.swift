import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// `Material.doubleSided`: back faces drawn and lit with the flipped normal; single-sided
/// back faces culled.
@Suite struct DoubleSided {
    static func material(doubleSided: Bool) -> Material {
        var m = TestScenes.matte(Vec3(1, 0, 0))
        m.doubleSided = doubleSided
        return m
    }

    /// A plane turned away from the camera (its front faces -z, the camera looks down -z).
    static func away(size: Float = 1, doubleSided: Bool) -> Node {
        Node(
            mesh: .plane(size: size), material: material(doubleSided: doubleSided),
            transform: Transform(rotation: Quaternion(angle: .degrees(180), axis: Vec3(0, 1, 0))))
    }

    @Test func aSingleSidedQuadSeenFromBehindIsCulled() {
        let (fb, stats) = TestScenes.render(TestScenes.scene([Self.away(doubleSided: false)]), width: 40, height: 40)
        #expect(fb.coveredCount == 0)
        #expect(stats.trianglesCulled == 2 && stats.trianglesDrawn == 0)
    }

    @Test(arguments: [1, 2])
    func aDoubleSidedQuadSeenFromBehindIsDrawnAndLitFromTheFront(threads: Int) {
        // The light travels down -z, towards the quad's back: with the flipped normal facing
        // the camera it is fully lit; with its own normal it would be black (no ambient).
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Self.away(doubleSided: true)]), width: 40, height: 40, threads: threads)
        #expect(stats.trianglesDrawn == 2 && stats.trianglesCulled == 0)
        #expect(fb.coveredCount > 100)
        let c = fb.index(x: 20, y: 20)
        #expect(fb.coverage[c] != 0)
        #expect(fb.color[c].x > 0.95 && fb.color[c].y == 0)
        // The stored view-space normal points back at the camera.
        #expect(fb.normal[c].z > 0.99)
    }

    @Test func aDoubleSidedQuadSeenFromBehindCoversWhatItsFrontWould() {
        let front = Node(mesh: .plane(size: 1), material: Self.material(doubleSided: false))
        let (a, _) = TestScenes.render(TestScenes.scene([front]), width: 40, height: 40)
        let (b, _) = TestScenes.render(TestScenes.scene([Self.away(doubleSided: true)]), width: 40, height: 40)
        #expect(TestScenes.coveredSet(a) == TestScenes.coveredSet(b))
        #expect(a.color == b.color)
    }

    @Test func theFrontOfADoubleSidedQuadIsUnchanged() {
        let single = Node(mesh: .plane(size: 1), material: Self.material(doubleSided: false))
        let double = Node(mesh: .plane(size: 1), material: Self.material(doubleSided: true))
        let (a, _) = TestScenes.render(TestScenes.scene([single]), width: 40, height: 40)
        let (b, _) = TestScenes.render(TestScenes.scene([double]), width: 40, height: 40)
        #expect(a.color == b.color && a.depth == b.depth && a.normal == b.normal)
    }

    @Test func aClippedDoubleSidedBackFaceIsDrawnAndLit() {
        // A huge plane reaches past the guard band, so its triangles take the clipping path.
        let (fb, stats) = TestScenes.render(
            TestScenes.scene([Self.away(size: 400, doubleSided: true)]), width: 40, height: 40)
        #expect(stats.trianglesClipped == 2 && stats.trianglesDrawn == 2)
        #expect(fb.coveredCount == 40 * 40)
        let c = fb.index(x: 20, y: 20)
        #expect(fb.color[c].x > 0.95 && fb.normal[c].z > 0.99)
        let (hidden, s2) = TestScenes.render(
            TestScenes.scene([Self.away(size: 400, doubleSided: false)]), width: 40, height: 40)
        #expect(hidden.coveredCount == 0 && s2.trianglesDrawn == 0)
    }
}
