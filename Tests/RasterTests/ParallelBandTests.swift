import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

@Suite struct ParallelBands {
    /// A scene exercising every path: a textured sphere (triangles), a clipped floor, a cube,
    /// many impostors and one close to the camera.
    static func busyScene() throws -> Scene {
        let texture = try #require(TestScenes.checkerboard(size: 64, squares: 8))
        var nodes = [
            Node(mesh: .sphere(radius: 1, longitudes: 64, latitudes: 32), material: TestScenes.matte(.one, texture: texture),
                 transform: Transform(rotation: Quaternion(angle: .degrees(30), axis: Vec3(0, 1, 0)))),
            Node(mesh: .cube(size: 0.8), material: .default, transform: Transform(position: Vec3(1.2, 0.3, 0.5), rotation: Quaternion(eulerX: .degrees(20), y: .degrees(40), z: .zero))),
            Node(mesh: try Mesh(positions: [Vec3(-6, -1.2, 8), Vec3(6, -1.2, 8), Vec3(0, -1.2, -20)], indices: [0, 1, 2]), material: .default),
        ]
        for k in 0..<300 {
            let a = Float(k) * 0.37, r = 1.2 + Float(k % 7) * 0.1
            nodes.append(Node(mesh: .sphere(radius: 1), material: Material(diffuseHex: k % 2 == 0 ? "FF8040" : "40A0FF", specularHex: "C0C0C0", shininess: 0.7),
                              transform: Transform(position: Vec3(cos(a) * r, Float(k % 11) * 0.2 - 1, sin(a) * r), scale: Vec3(repeating: 0.02 + Float(k % 5) * 0.01))))
        }
        return Scene(root: Node(children: nodes), camera: Camera(position: Vec3(0.3, 0.5, 3.2)))
    }

    @Test(arguments: [2, 3, 4, 7, 64])
    func bandParallelRenderingEqualsSerialBitForBit(threads: Int) throws {
        let scene = try Self.busyScene()
        for (w, h) in [(200, 120), (81, 37)] {
            let (serial, s1) = TestScenes.render(scene, width: w, height: h, pixelAspect: 0.5, threads: 1)
            let (parallel, s2) = TestScenes.render(scene, width: w, height: h, pixelAspect: 0.5, threads: threads)
            #expect(serial.coveredCount > w * h / 10)
            #expect(s1 == s2)
            #expect(serial.color == parallel.color)
            #expect(serial.depth == parallel.depth)
            #expect(serial.normal == parallel.normal)
            #expect(serial.coverage == parallel.coverage)
        }
    }

    @Test func reusingARasterizerGivesTheSameFrameAsAFreshOne() throws {
        let scene = try Self.busyScene()
        let rasterizer = Rasterizer(threads: 2)
        var fb = Framebuffer(width: 120, height: 80)
        var small = Framebuffer(width: 30, height: 20)
        rasterizer.render(scene, into: &fb, pixelAspect: 1)
        rasterizer.render(scene, into: &small, pixelAspect: 1)
        rasterizer.render(scene, into: &fb, pixelAspect: 1)
        let (fresh, _) = TestScenes.render(scene, width: 120, height: 80)
        #expect(fb.color == fresh.color && fb.depth == fresh.depth)
    }
}
