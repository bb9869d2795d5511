import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct DegenerateInput {
    static let cameras: [Camera] = [
        Camera(position: .zero, target: .zero),  // no view direction
        Camera(position: Vec3(0, 0, 3), near: 0),  // near plane at the eye
        Camera(position: Vec3(0, 0, 3), near: -1, far: -2),  // nonsense planes
        Camera(position: Vec3(0, 0, 3), fieldOfView: .degrees(0)),
        Camera(position: Vec3(0, 0, 3), fieldOfView: .degrees(180)),
        Camera(position: Vec3(0, 0, 3), up: Vec3(0, 0, 1)),  // up along the view
        Camera(position: Vec3(.nan, 0, 3)),
        Camera(position: Vec3(0, 0, 1e30)),
    ]

    static func scene(_ camera: Camera) throws -> Scene {
        let texture = try #require(TestScenes.checkerboard(size: 8, squares: 2))
        return Scene(
            root: Node(children: [
                Node(mesh: .sphere(), material: TestScenes.matte(.one, texture: texture)),
                Node(mesh: .sphere(radius: 0.3), material: .default, transform: Transform(position: Vec3(1, 0, 0))),
                Node(
                    mesh: .sphere(radius: 0.3), material: .default,
                    transform: Transform(position: Vec3(-1, 0, 0), scale: Vec3(0, 0, 0))),
                Node(
                    mesh: .sphere(radius: 0.3), material: .default,
                    transform: Transform(position: Vec3(-1, 1, 0), scale: Vec3(.nan, 1, 1))),
                Node(mesh: .cube(), material: .default, transform: Transform(scale: Vec3(1e20, 1, -1))),
            ]), camera: camera)
    }

    @Test(arguments: cameras.indices)
    func degenerateCamerasAndTransformsRenderWithoutCrashing(index: Int) throws {
        let scene = try Self.scene(Self.cameras[index])
        for aspect in [Float(1), 0, -1, .nan, .infinity] {
            let (fb, stats) = TestScenes.render(scene, width: 23, height: 17, pixelAspect: aspect, threads: 2)
            #expect(stats.trianglesDrawn + stats.trianglesCulled == stats.trianglesSubmitted)
            for i in fb.color.indices where fb.coverage[i] != 0 {
                #expect(fb.depth[i] > 0 && !fb.depth[i].isNaN)
                #expect(!fb.color[i].x.isNaN && !fb.color[i].y.isNaN && !fb.color[i].z.isNaN)
            }
        }
    }

    @Test(arguments: [(1, 1), (1, 300), (300, 1), (2, 2)])
    func tinyAndThinFramebuffersWork(width: Int, height: Int) throws {
        let scene = try Self.scene(Camera(position: Vec3(0, 0, 3)))
        let (fb, _) = TestScenes.render(scene, width: width, height: height, threads: 3)
        #expect(fb.coveredCount > 0)
    }

    @Test func aFramebufferWithReplacedStorageIsMadeWholeAgain() throws {
        var fb = Framebuffer(width: 20, height: 10)
        fb.color = []
        fb.depth = [1, 2, 3]
        Rasterizer(threads: 2).render(try Self.scene(Camera(position: Vec3(0, 0, 3))), into: &fb, pixelAspect: 1)
        #expect(fb.color.count == 200 && fb.depth.count == 200 && fb.coverage.count == 200)
        #expect(fb.coveredCount > 0)
    }

    @Test(arguments: [Int.min, -3, 0, 1_000, Int.max])
    func anyThreadCountRendersTheSameFrame(threads: Int) throws {
        let scene = try Self.scene(Camera(position: Vec3(0.3, 0.2, 3)))
        let (one, _) = TestScenes.render(scene, width: 50, height: 30)
        let (other, _) = TestScenes.render(scene, width: 50, height: 30, threads: threads)
        #expect(one.color == other.color && one.depth == other.depth)
    }

    @Test func anEmptySceneClearsToTheBackground() {
        var scene = Scene()
        scene.background = Color(linear: Vec3(0.1, 0.2, 0.3))
        var fb = Framebuffer(width: 8, height: 8)
        fb.color[5] = Vec3(1, 1, 1)
        fb.coverage[5] = 255
        let stats = Rasterizer().render(scene, into: &fb, pixelAspect: 1)
        #expect(stats == RenderStats())
        #expect(fb.coveredCount == 0 && fb.color.allSatisfy { $0 == Vec3(0.1, 0.2, 0.3) })
    }
}
