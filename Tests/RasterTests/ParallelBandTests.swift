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
            Node(
                mesh: .sphere(radius: 1, longitudes: 64, latitudes: 32),
                material: TestScenes.matte(.one, texture: texture),
                transform: Transform(rotation: Quaternion(angle: .degrees(30), axis: Vec3(0, 1, 0)))),
            Node(
                mesh: .cube(size: 0.8), material: .default,
                transform: Transform(
                    position: Vec3(1.2, 0.3, 0.5), rotation: Quaternion(eulerX: .degrees(20), y: .degrees(40), z: .zero)
                )),
            Node(
                mesh: try Mesh(
                    positions: [Vec3(-6, -1.2, 8), Vec3(6, -1.2, 8), Vec3(0, -1.2, -20)], indices: [0, 1, 2]),
                material: .default),
        ]
        for k in 0..<300 {
            let a = Float(k) * 0.37
            let r = 1.2 + Float(k % 7) * 0.1
            nodes.append(
                Node(
                    mesh: .sphere(radius: 1),
                    material: Material(
                        diffuseHex: k % 2 == 0 ? "FF8040" : "40A0FF", specularHex: "C0C0C0", shininess: 0.7),
                    transform: Transform(
                        position: Vec3(cos(a) * r, Float(k % 11) * 0.2 - 1, sin(a) * r),
                        scale: Vec3(repeating: 0.02 + Float(k % 5) * 0.01))))
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

    @Test(arguments: [2, 3, 5])
    func bigMeshesSetUpInParallelChunksEqualSerialBitForBit(threads: Int) throws {
        // 20,000 triangles, two material groups, crossing the near plane (clipped triangles in
        // several chunks) and partly off screen.
        let sphere = Mesh.sphere(radius: 1, longitudes: 100, latitudes: 101)
        let half = sphere.triangleCount / 2
        let texture = try #require(TestScenes.checkerboard(size: 64, squares: 8))
        let mesh = try Mesh(
            positions: sphere.positions, normals: sphere.normals, uvs: sphere.uvs, indices: sphere.indices,
            groups: [
                Mesh.Group(name: "a", triangles: 0..<half),
                Mesh.Group(
                    name: "b", material: TestScenes.matte(Vec3(0.2, 0.9, 0.3), texture: texture),
                    triangles: half..<sphere.triangleCount),
            ])
        let floor = try Self.floorStrips(columns: 2500)
        let scene = Scene(
            root: Node(children: [
                Node(mesh: mesh, material: .default, transform: Transform(position: Vec3(0.6, 0, 0))),
                Node(mesh: floor, material: .default),
            ]), camera: Camera(position: Vec3(0, 0.1, 3)))
        let (serial, s1) = TestScenes.render(scene, width: 120, height: 70, pixelAspect: 0.5, threads: 1)
        let (parallel, s2) = TestScenes.render(scene, width: 120, height: 70, pixelAspect: 0.5, threads: threads)
        #expect(s1.trianglesClipped > 10)
        #expect(s1 == s2)
        #expect(serial.color == parallel.color && serial.depth == parallel.depth)
        #expect(serial.normal == parallel.normal && serial.coverage == parallel.coverage)
    }

    /// A floor at y = -1 made of `columns` narrow strips running from behind the camera
    /// (z = 10) into the distance (z = -20), two rows of quads: every strip near the view
    /// crosses the near plane.
    static func floorStrips(columns: Int) throws -> Mesh {
        var positions: [Vec3] = []
        let zs: [Float] = [10, -5, -20]
        for z in zs {
            for i in 0...columns { positions.append(Vec3(-10 + 20 * Float(i) / Float(columns), -1, z)) }
        }
        var indices: [UInt32] = []
        let row = UInt32(columns + 1)
        for j in 0..<UInt32(2) {
            for i in 0..<UInt32(columns) {
                let a = j * row + i
                let b = a + 1
                let c = a + row
                let d = c + 1
                indices += [a, b, d, a, d, c]
            }
        }
        return try Mesh(
            positions: positions, normals: [Vec3](repeating: Vec3(0, 1, 0), count: positions.count), indices: indices)
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
