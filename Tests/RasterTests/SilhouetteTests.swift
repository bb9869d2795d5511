import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct SphereSilhouettes {
    /// Pixels covered by a unit sphere at distance 4 should be pi * rx * ry, where rx and ry
    /// come from the exact angular radius asin(R / d) and the projection.
    func expectedArea(width: Int, height: Int, pixelAspect: Float, camera: Camera) -> Double {
        let f = 1 / tan(camera.fieldOfView.radians / 2)
        let t = tan(asin(1.0 / 4.0))
        let ry = t * f * Double(height) / 2
        let aspect = Double(width) * Double(pixelAspect) / Double(height)
        let rx = t * f / aspect * Double(width) / 2
        return Double.pi * rx * ry
    }

    @Test(arguments: [(Float(1), 120, 120), (Float(0.5), 160, 60), (Float(1), 200, 120)])
    func tessellatedSphereCoversPiRSquaredPixels(pixelAspect: Float, width: Int, height: Int) throws {
        let camera = Camera(position: Vec3(0, 0, 4))
        let mesh = try TestScenes.withoutPrimitive(.sphere(radius: 1, longitudes: 128, latitudes: 64))
        let scene = TestScenes.scene([Node(mesh: mesh, material: TestScenes.matte(.one))], camera: camera)
        let (fb, stats) = TestScenes.render(scene, width: width, height: height, pixelAspect: pixelAspect)
        let expected = expectedArea(width: width, height: height, pixelAspect: pixelAspect, camera: camera)
        #expect(stats.spheresDrawn == 0)
        #expect(
            abs(Double(fb.coveredCount) - expected) / expected < 0.03,
            "covered \(fb.coveredCount), expected \(expected)")
    }

    @Test(arguments: [(Float(1), 120, 120), (Float(0.5), 160, 60)])
    func impostorSphereCoversPiRSquaredPixels(pixelAspect: Float, width: Int, height: Int) {
        let camera = Camera(position: Vec3(0, 0, 4))
        let scene = TestScenes.scene([Node(mesh: .sphere(radius: 1), material: TestScenes.matte(.one))], camera: camera)
        let (fb, stats) = TestScenes.render(scene, width: width, height: height, pixelAspect: pixelAspect)
        let expected = expectedArea(width: width, height: height, pixelAspect: pixelAspect, camera: camera)
        #expect(stats.spheresDrawn == 1)
        #expect(stats.trianglesSubmitted == 0)
        #expect(
            abs(Double(fb.coveredCount) - expected) / expected < 0.01,
            "covered \(fb.coveredCount), expected \(expected)")
    }

    @Test func impostorAndTessellatedSphereCoverageAgree() throws {
        let camera = Camera(position: Vec3(0.7, 0.4, 3.5))
        let sphere = Mesh.sphere(radius: 0.8, longitudes: 64, latitudes: 32)
        let place = Transform(position: Vec3(0.3, -0.2, 0))
        let impostor = TestScenes.scene(
            [Node(mesh: sphere, material: TestScenes.matte(.one), transform: place)], camera: camera)
        let tessellated = TestScenes.scene(
            [Node(mesh: try TestScenes.withoutPrimitive(sphere), material: TestScenes.matte(.one), transform: place)],
            camera: camera)
        let (a, sa) = TestScenes.render(impostor, width: 160, height: 100)
        let (b, sb) = TestScenes.render(tessellated, width: 160, height: 100)
        #expect(sa.spheresDrawn == 1 && sb.spheresDrawn == 0)
        let diff = abs(Double(a.coveredCount - b.coveredCount)) / Double(a.coveredCount)
        #expect(diff < 0.02, "impostor \(a.coveredCount) px, triangles \(b.coveredCount) px")
        // The pixel sets overlap almost entirely, not just their counts.
        let common = TestScenes.coveredSet(a).intersection(TestScenes.coveredSet(b)).count
        #expect(Double(common) / Double(a.coveredCount) > 0.97)
    }
}
