import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct PerspectiveCorrectTextures {
    @Test func aTiltedCheckerboardMatchesTheRayTracedSquares() throws {
        let texture = try #require(TestScenes.checkerboard(size: 64, squares: 8))
        let tilt = Quaternion(angle: .degrees(-72), axis: Vec3(1, 0, 0))
        let size: Float = 4
        let camera = Camera(position: Vec3(0, 0.2, 2.5), target: Vec3(0, 0.2, 0))
        let normal = tilt.act(Vec3(0, 0, 1))
        // Light straight along the normal, no ambient: a pixel's colour is its texel colour.
        let plane = Node(
            mesh: .plane(size: size), material: TestScenes.matte(.one, texture: texture),
            transform: Transform(rotation: tilt))
        let scene = TestScenes.scene([plane], camera: camera, light: -normal)
        let w = 120
        let h = 90
        let (fb, _) = TestScenes.render(scene, width: w, height: h)

        // Ray-trace each pixel centre: eye + t * ray meets the plane through the origin.
        let eye = SIMD3<Double>(0, 0.2, 2.5)
        let n = SIMD3<Double>(Double(normal.x), Double(normal.y), Double(normal.z))
        let ax = tilt.act(Vec3(1, 0, 0))
        let ay = tilt.act(Vec3(0, 1, 0))
        let axisX = SIMD3<Double>(Double(ax.x), Double(ax.y), Double(ax.z))
        let axisY = SIMD3<Double>(Double(ay.x), Double(ay.y), Double(ay.z))
        var checked = 0
        var affineWouldFail = 0
        for y in 0..<h {
            for x in 0..<w {
                let ray = TestScenes.viewRay(x: x, y: y, width: w, height: h, camera: camera, pixelAspect: 1)
                let t = -((eye * n).sum()) / ((ray * n).sum())
                guard t > 0 else { continue }
                let p = eye + ray * t
                let u = (p * axisX).sum() / Double(size) + 0.5
                let v = (p * axisY).sum() / Double(size) + 0.5
                guard u > 0.01, u < 0.99, v > 0.01, v < 0.99 else { continue }
                // Skip pixels within 1.5 texels of a square edge (bilinear blends there).
                let su = u * 8
                let sv = (1 - v) * 8
                let margin = 1.5 / 8
                if abs(su - su.rounded()) < margin || abs(sv - sv.rounded()) < margin { continue }
                let white = (Int(su) + Int(sv)) % 2 == 0
                let c = fb.color[fb.index(x: x, y: y)]
                #expect(abs(c.x - (white ? 1 : 0)) < 0.02, "pixel (\(x), \(y)) uv (\(u), \(v))")
                checked += 1
                // Screen-linear (affine) u along the view: the plane spans v 0...1 between the
                // screen rows of its near and far edges; far off the perspective answer here.
                if abs(v - affineV(y: y, camera: camera, tilt: tilt, size: size, height: h)) > 0.06 {
                    affineWouldFail += 1
                }
            }
        }
        #expect(checked > 1000)
        #expect(affineWouldFail > 300, "the view is tilted enough that affine interpolation would be wrong")
    }

    /// v at screen row `y` if it were interpolated linearly in screen space along the plane's
    /// centre line (between the projections of its near and far edges).
    func affineV(y: Int, camera: Camera, tilt: Quaternion, size: Float, height: Int) -> Double {
        func screenY(_ p: Vec3) -> Double {
            let f = 1 / tan(camera.fieldOfView.radians / 2)
            let d = Double(camera.position.z - p.z)
            let ndc = f * Double(p.y - camera.position.y) / d
            return (1 - ndc) / 2 * Double(height)
        }
        let nearEdge = screenY(tilt.act(Vec3(0, -size / 2, 0)))
        let farEdge = screenY(tilt.act(Vec3(0, size / 2, 0)))
        return (Double(y) + 0.5 - nearEdge) / (farEdge - nearEdge)
    }
}
