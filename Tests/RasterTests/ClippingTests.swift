import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct NearPlaneClipping {
    /// Every colour, depth and normal of the frame is a finite number.
    func allFinite(_ fb: Framebuffer) -> Bool {
        fb.color.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
            && fb.normal.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
            && zip(fb.depth, fb.coverage).allSatisfy { $1 == 0 ? $0 == .infinity : $0.isFinite && $0 > 0 }
    }

    @Test(arguments: [Vec3(0, 0, 0), Vec3(0.3, -0.2, 0.5), Vec3(0, 0, 0.999), Vec3(0, 0, 1), Vec3(0, 0, 1.02)])
    func cameraInsideOrOnASphereRendersOnlyFiniteValues(eye: Vec3) throws {
        let camera = Camera(position: eye, target: Vec3(0, 0, -5))
        for mesh in [Mesh.sphere(radius: 1, longitudes: 48, latitudes: 24), try TestScenes.withoutPrimitive(.sphere())]
        {
            let scene = TestScenes.scene([Node(mesh: mesh, material: .default)], camera: camera)
            for aspect in [Float(0.5), 1] {
                let (fb, stats) = TestScenes.render(scene, width: 64, height: 40, pixelAspect: aspect)
                #expect(allFinite(fb))
                #expect(stats.spheresDrawn == 0, "a sphere around the camera is not an impostor")
                #expect(stats.trianglesDrawn + stats.trianglesCulled == stats.trianglesSubmitted)
            }
        }
    }

    @Test func cameraInsideAnInsideOutSphereSeesItsWallAtTheRightDepth() throws {
        // Reverse the winding so the inner surface faces the centre.
        let s = Mesh.sphere(radius: 2, longitudes: 96, latitudes: 48)
        var flipped: [UInt32] = []
        for t in 0..<s.triangleCount { flipped += [s.indices[3 * t], s.indices[3 * t + 2], s.indices[3 * t + 1]] }
        let room = try Mesh(positions: s.positions, normals: s.normals.map { -$0 }, indices: flipped)
        let camera = Camera(position: .zero, target: Vec3(0, 0, -1), fieldOfView: .degrees(60))
        let scene = TestScenes.scene([Node(mesh: room, material: .default)], camera: camera)
        let (fb, stats) = TestScenes.render(scene, width: 48, height: 48)
        #expect(fb.coveredCount == 48 * 48)
        #expect(allFinite(fb))
        #expect(stats.trianglesClipped == 0)
        for y in stride(from: 0, to: 48, by: 7) {
            for x in stride(from: 0, to: 48, by: 7) {
                // The wall is 2 away along the ray; depth is measured along the view axis.
                let ray = TestScenes.viewRay(x: x, y: y, width: 48, height: 48, camera: camera, pixelAspect: 1)
                let expected = 2 / (ray * ray).sum().squareRoot()
                #expect(abs(Double(fb.depth[fb.index(x: x, y: y)]) - expected) < 0.01 * expected)
            }
        }
    }

    @Test func aTriangleCrossingTheNearPlaneIsClippedNotDropped() throws {
        // A floor triangle at y = -1 reaching from behind the camera (z = 10) to z = -20.
        let floor = try Mesh(
            positions: [Vec3(-5, -1, 10), Vec3(5, -1, 10), Vec3(0, -1, -20)],
            normals: [Vec3(0, 1, 0), Vec3(0, 1, 0), Vec3(0, 1, 0)], indices: [0, 1, 2])
        let camera = Camera(position: Vec3(0, 0, 3), target: Vec3(0, 0, 0))
        let scene = TestScenes.scene(
            [Node(mesh: floor, material: TestScenes.matte(.one))], camera: camera, light: Vec3(0, -1, 0))
        let w = 80
        let h = 60
        let (fb, stats) = TestScenes.render(scene, width: w, height: h)
        #expect(stats.trianglesClipped == 1 && stats.trianglesDrawn == 1)
        #expect(fb.coveredCount > 0 && fb.coveredCount < w * h / 2)
        #expect(allFinite(fb))
        // Ray-traced expectation: the ray from the eye (0, 0, 3) hits y = -1 at depth 1 / -ray.y.
        var checked = 0
        for y in stride(from: 0, to: h, by: 3) {
            for x in stride(from: 0, to: w, by: 3) {
                let ray = TestScenes.viewRay(x: x, y: y, width: w, height: h, camera: camera, pixelAspect: 1)
                let i = fb.index(x: x, y: y)
                guard ray.y < 0 else {
                    #expect(fb.coverage[i] == 0)
                    continue
                }
                let t = 1 / -ray.y
                let hit = SIMD3<Double>(ray.x * t, -1, 3 - t)
                // Inside the triangle: z between -20 and 10, |x| within the narrowing width.
                let halfWidth = 5 * (hit.z + 20) / 30
                let margin = 0.05 * t
                if hit.z > -20 + margin && abs(hit.x) < halfWidth - margin {
                    #expect(fb.coverage[i] == 255)
                    #expect(abs(Double(fb.depth[i]) - t) < 1e-3 * t)
                    checked += 1
                } else if hit.z < -20 - margin || abs(hit.x) > halfWidth + margin {
                    #expect(fb.coverage[i] == 0)
                }
            }
        }
        #expect(checked > 50)
    }

    @Test func aHugeTriangleFarOffScreenIsClippedToTheGuardBand() throws {
        // Much wider than the view: exercises the guard-band clip; the visible part is a
        // full-width band.
        let wall = try Mesh(
            positions: [Vec3(-1e5, -1, 0), Vec3(1e5, -1, 0), Vec3(0, 1e5, 0)],
            normals: [Vec3(0, 0, 1), Vec3(0, 0, 1), Vec3(0, 0, 1)], indices: [0, 1, 2])
        let scene = TestScenes.scene([Node(mesh: wall, material: TestScenes.matte(.one))])
        let (fb, stats) = TestScenes.render(scene, width: 40, height: 30)
        #expect(stats.trianglesClipped == 1 && stats.trianglesDrawn == 1)
        #expect(allFinite(fb))
        // y = -1 at distance 3 is below the middle: every pixel above that line is covered.
        for y in 0..<10 { for x in 0..<40 { #expect(fb.coverage[fb.index(x: x, y: y)] == 255) } }
    }
}
