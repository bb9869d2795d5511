import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// A sphere crossing the near plane (as a browsed packing's spheres can while the last
/// scene is shown scaled up until the next one is built) is drawn cut by the plane, inside
/// its silhouette, or left out, never smeared across the frame.
@Suite struct NearPlaneSphereTests {
    @Test(arguments: [Float(4.2), 4.5, 4.9])
    func aSphereStraddlingTheNearPlaneIsDrawnCutWithinItsSilhouette(near: Float) {
        // A unit sphere 5 in front of the eye: its front at depth 4, the plane cutting it.
        let camera = Camera(position: Vec3(0, 0, 5), fieldOfView: .degrees(27), near: near)
        let w = 80
        let h = 48
        for mesh in [Mesh.sphere(radius: 1, longitudes: 9, latitudes: 9), Mesh.sphere(radius: 1)] {
            let scene = TestScenes.scene([Node(mesh: mesh, material: TestScenes.matte(.one))], camera: camera)
            let (fb, stats) = TestScenes.render(scene, width: w, height: h, pixelAspect: 0.5)
            #expect(stats.spheresDrawn == 0, "a sphere crossing the near plane is not an impostor")
            // The front half's part behind the plane is drawn (its rim lies 4.8 deep along
            // the view axis); past that plane nothing facing the eye is left.
            if near < 4.7 { #expect(fb.coveredCount > 20) }
            let silhouette = asin(1.0 / 5)
            let pixel = Double(camera.fieldOfView.radians) / Double(h)
            for y in 0..<h {
                for x in 0..<w where fb.coverage[fb.index(x: x, y: y)] != 0 {
                    let ray = TestScenes.viewRay(x: x, y: y, width: w, height: h, camera: camera, pixelAspect: 0.5)
                    let angle = acos(-ray.z / (ray * ray).sum().squareRoot())
                    #expect(angle <= silhouette + 2 * pixel, "pixel \(x),\(y) outside the sphere")
                    let depth = fb.depth[fb.index(x: x, y: y)]
                    #expect(depth.isFinite && depth >= near * 0.999 && depth <= 6.001, "depth \(depth) at \(x),\(y)")
                }
            }
        }
    }
}
