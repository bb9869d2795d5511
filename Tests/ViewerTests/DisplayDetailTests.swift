import Math3D
import SceneGraph
import Testing

@testable import Viewer

/// A scene over the interactive budget gets a simplified copy for the frames drawn while
/// it turns; one within it does not.
@Suite struct DisplayDetailTests {
    /// A sphere of 2 x 256 x 128 = 65,536 triangles, instanced twice, beside a cube.
    static let scene: Node = {
        let sphere = Mesh.sphere(radius: 1, longitudes: 256, latitudes: 128)
        return Node(
            name: "root",
            children: [
                Node(name: "a", mesh: sphere),
                Node(name: "b", mesh: sphere, transform: Transform(position: Vec3(3, 0, 0))),
                Node(name: "cube", mesh: .cube()),
            ])
    }()

    @Test func aSceneOverTheBudgetIsSimplifiedToAboutIt() throws {
        let total = Self.scene.triangleCount
        #expect(total > 130_000)
        let light = try #require(DisplayDetail.simplified(Self.scene, budget: 20_000))
        #expect(light.triangleCount <= 22_000 && light.triangleCount >= 10_000, "\(light.triangleCount)")
        let a = try #require(light.children[0].content?.mesh)
        let b = try #require(light.children[1].content?.mesh)
        #expect(a.sharesStorage(with: b), "an instanced mesh is simplified once")
        let whole = try #require(Self.scene.children[0].content?.mesh)
        #expect(a.vertexCount < whole.vertexCount / 2, "only the vertices used are kept")
        let kept = Set(whole.positions.map { [$0.x, $0.y, $0.z] })
        #expect(a.positions.allSatisfy { kept.contains([$0.x, $0.y, $0.z]) }, "vertices are the mesh's own")
        #expect(Set(a.indices).count == a.vertexCount)
        #expect(length(a.bounds.size - whole.bounds.size) < 0.1, "the shape keeps its extent")
        #expect(light.children[2].content?.mesh == Self.scene.children[2].content?.mesh, "small meshes stay whole")
        #expect(light.children[1].transform == Self.scene.children[1].transform)
    }

    @Test func aSceneWithinTheBudgetHasNoCopy() {
        #expect(DisplayDetail.simplified(Self.scene, budget: 200_000) == nil)
    }

    @Test func pointAndLineGroupsAreKept() throws {
        let n = 30_000
        let positions = (0..<n).map { Vec3(Float($0 % 100), Float($0 / 100), 0) }
        let indices = (0..<UInt32(n)).flatMap { [$0, $0, $0] }
        let cloud = try Mesh(
            positions: positions, indices: indices, groups: [Mesh.Group(triangles: 0..<n, kind: .points)])
        let light = DisplayDetail.simplify(cloud, ratio: 0.1)
        #expect(light.indices == cloud.indices)
    }
}
