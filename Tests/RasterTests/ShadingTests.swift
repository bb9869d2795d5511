import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct BlinnPhongShading {
    @Test(arguments: [0.0, 30.0, 60.0, 85.0, 95.0, 150.0])
    func lambertBrightnessFollowsTheCosineOfTheLightAngle(degrees: Double) {
        // A plane facing the camera (+Z) lit by a light tilted `degrees` from its normal.
        let a = degrees * .pi / 180
        let light = Vec3(Float(sin(a)), 0, Float(-cos(a)))
        let diffuse = Vec3(0.8, 0.6, 0.4)
        let scene = TestScenes.scene([Node(mesh: .plane(size: 2), material: TestScenes.matte(diffuse))], light: light)
        let (fb, _) = TestScenes.render(scene, width: 32, height: 32)
        let c = fb.color[fb.index(x: 16, y: 16)]
        let expected = diffuse * Float(max(0, cos(a)))
        #expect(c.isApproximatelyEqual(to: expected, tolerance: 1e-5), "\(c) vs \(expected)")
        #expect(fb.normal[fb.index(x: 16, y: 16)].isApproximatelyEqual(to: Vec3(0, 0, 1), tolerance: 1e-6))
    }

    @Test func ambientAndEmissiveAddToTheDiffuseTerm() {
        let material = Material(
            ambient: Color(linear: Vec3(0.5, 0.5, 0.5)), diffuse: Color(linear: Vec3(0.4, 0.4, 0.4)),
            specular: .black, emissive: Color(linear: Vec3(0.01, 0.02, 0.03)))
        var scene = TestScenes.scene([Node(mesh: .plane(size: 2), material: material)], light: Vec3(0, 0, -1))
        scene.ambient = Color(linear: Vec3(0.1, 0.2, 0.3))
        scene.light.ambient = Color(linear: Vec3(0.1, 0, 0))
        scene.light.diffuse = Color(linear: Vec3(1, 0.5, 1))
        let (fb, _) = TestScenes.render(scene, width: 16, height: 16)
        // emissive + ambient * (scene + light ambient) + diffuse * N.L * light diffuse
        let expected = Vec3(0.01, 0.02, 0.03) + Vec3(0.5, 0.5, 0.5) * Vec3(0.2, 0.2, 0.3) + Vec3(0.4, 0.2, 0.4)
        #expect(fb.color[fb.index(x: 8, y: 8)].isApproximatelyEqual(to: expected, tolerance: 1e-5))
    }

    @Test func impostorPixelsAreShadedWithTheExactSphereNormal() {
        // Light from the upper left front; no highlight, no ambient.
        let light = normalize(Vec3(1, -1, -2))
        let diffuse = Vec3(0.9, 0.9, 0.9)
        let camera = Camera(position: Vec3(0, 0, 4))
        let scene = TestScenes.scene(
            [Node(mesh: .sphere(radius: 1), material: TestScenes.matte(diffuse))], camera: camera, light: light)
        let w = 100
        let h = 100
        let (fb, stats) = TestScenes.render(scene, width: w, height: h)
        #expect(stats.spheresDrawn == 1)
        let towardsLight = -SIMD3<Double>(Double(light.x), Double(light.y), Double(light.z))
        var checked = 0
        for y in stride(from: 20, to: 80, by: 5) {
            for x in stride(from: 20, to: 80, by: 5) {
                // Ray-sphere in Double: eye (0, 0, 4), unit sphere at the origin.
                let ray = TestScenes.viewRay(x: x, y: y, width: w, height: h, camera: camera, pixelAspect: 1)
                let o = SIMD3<Double>(0, 0, 4)
                let a = (ray * ray).sum()
                let b = (ray * o).sum()
                let c = (o * o).sum() - 1
                let disc = b * b - a * c
                let i = fb.index(x: x, y: y)
                guard disc > 0.01 else { continue }
                let t = (-b - disc.squareRoot()) / a
                let n = o + ray * t
                let expected = Double(diffuse.x) * max(0, (n * towardsLight).sum())
                #expect(abs(Double(fb.color[i].x) - expected) < 1e-4, "pixel (\(x), \(y))")
                #expect(abs(Double(fb.depth[i]) - t) < 1e-4)
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    @Test func theHighlightSitsWhereTheHalfVectorMeetsTheNormal() {
        // Light travelling along -Z from behind the camera: the highlight is at the centre of
        // the sphere's disc, where N = V = L.
        let material = Material(ambient: .black, diffuse: .black, specular: .white, shininess: 64)
        let scene = TestScenes.scene(
            [Node(mesh: .sphere(radius: 1), material: material)], camera: Camera(position: Vec3(0, 0, 4)),
            light: Vec3(0, 0, -1))
        let (fb, _) = TestScenes.render(scene, width: 101, height: 101)
        let centre = fb.color[fb.index(x: 50, y: 50)].x
        #expect(abs(centre - 1) < 1e-3)
        #expect(fb.color[fb.index(x: 50, y: 40)].x < centre)
        #expect(fb.color[fb.index(x: 60, y: 50)].x < centre)
        #expect(fb.color.allSatisfy { $0.x >= 0 && $0.x <= 1.0001 })
    }

    @Test func texturesModulateTheDiffuseTermInLinearLight() throws {
        // A 2x1 texture: sRGB 188 on the left (linear ~0.5), 255 on the right.
        let image = try #require(Image(width: 2, height: 1, pixels: [188, 188, 188, 255, 255, 255]))
        let plane = Node(mesh: .plane(size: 2), material: TestScenes.matte(.one, texture: Texture(image: image)))
        let (fb, _) = TestScenes.render(TestScenes.scene([plane]), width: 64, height: 64)
        // At the plane's centre (u = 0.5) bilinear sampling gives the mean of the two texels.
        let expected = (SRGB.toLinear[188] + 1) / 2
        let mid = (fb.color[fb.index(x: 31, y: 32)].x + fb.color[fb.index(x: 32, y: 32)].x) / 2
        #expect(abs(mid - expected) < 0.02)
    }
}
