import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

@Suite struct STLReading {
    static let cube = Mesh.cube(size: 2)

    @Test func asciiCubeHas12FlatTriangles() throws {
        let text = STLFixture.ascii(Self.cube, name: "box")
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "box.stl")))
        #expect(mesh.triangleCount == 12)
        #expect(mesh.vertexCount == 36)
        #expect(mesh.name == "box")
        #expect(mesh.bounds.min == Vec3(-1, -1, -1))
        #expect(mesh.bounds.max == Vec3(1, 1, 1))
        // Flat shading: every corner carries its facet's normal, an axis.
        for n in mesh.normals {
            let a = SIMD3(Swift.abs(n.x), Swift.abs(n.y), Swift.abs(n.z))
            #expect(a.max() == 1 && a.sum() == 1)
        }
    }

    @Test func binaryCubeStartingWithSolidIsStillBinary() throws {
        let bytes = STLFixture.binary(Self.cube)
        #expect(bytes.count == 84 + 50 * 12)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: bytes, name: "box.stl")))
        #expect(mesh.triangleCount == 12)
        #expect(mesh.bounds.max == Vec3(1, 1, 1))
    }

    @Test func asciiAndBinaryGiveTheSamePositions() throws {
        let a = try #require(
            Fixture.onlyMesh(
                try ModelLoader.load(data: Array(STLFixture.ascii(Self.cube, name: "c").utf8), name: "a.stl")))
        let b = try #require(Fixture.onlyMesh(try ModelLoader.load(data: STLFixture.binary(Self.cube), name: "b.stl")))
        #expect(a.positions == b.positions)
        #expect(a.indices == b.indices)
    }

    @Test func zeroFacetNormalsAreComputedFromTheWinding() throws {
        let text =
            "solid t\nfacet normal 0 0 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 "
            + "0\nendloop\nendfacet\nendsolid t\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "t.stl")))
        #expect(mesh.normals == [Vec3(0, 0, 1), Vec3(0, 0, 1), Vec3(0, 0, 1)])
    }

    @Test func detectionIsByContentNotExtensionCase() throws {
        let dir = TestFolder()
        let path = dir.write("BOX.STL", STLFixture.binary(Self.cube, header: "no solid word here"))
        #expect(Fixture.onlyMesh(try ModelLoader.load(path: path))?.triangleCount == 12)
    }
}
