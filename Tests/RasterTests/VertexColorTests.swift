import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// `Mesh.colors`: per-vertex colours multiply the material's colours, interpolated.
@Suite struct VertexColor {
    /// The unit plane seen face on, lit head on, its left vertices red and right ones blue.
    static func render(threads: Int) throws -> Framebuffer {
        let plane = Mesh.plane(size: 1)
        let colors = plane.positions.map { $0.x < 0 ? Vec3(1, 0, 0) : Vec3(0, 0, 1) }
        let mesh = try Mesh(
            positions: plane.positions, normals: plane.normals, uvs: plane.uvs, indices: plane.indices,
            colors: colors)
        let node = Node(mesh: mesh, material: TestScenes.matte(Vec3(1, 1, 1)))
        return TestScenes.render(
            TestScenes.scene([node], camera: Camera(position: Vec3(0, 0, 1.2))), width: 64, height: 64,
            threads: threads
        ).0
    }

    @Test(arguments: [1, 2])
    func colorsMultiplyTheDiffuseAndBlendAcross(threads: Int) throws {
        let fb = try Self.render(threads: threads)
        let left = fb.color[fb.index(x: 4, y: 32)]
        let right = fb.color[fb.index(x: 59, y: 32)]
        let middle = fb.color[fb.index(x: 32, y: 32)]
        #expect(left.x > 0.8 && left.y < 0.01 && left.z < 0.2, "\(left)")
        #expect(right.z > 0.8 && right.y < 0.01 && right.x < 0.2, "\(right)")
        #expect(abs(middle.x - middle.z) < 0.1 && middle.x > 0.3, "\(middle)")
    }

    @Test func aMeshWithTheWrongNumberOfColorsIsRefused() {
        #expect(throws: Mesh.ValidationError.self) {
            try Mesh(positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0)], indices: [0, 1, 2], colors: [.one])
        }
    }
}
