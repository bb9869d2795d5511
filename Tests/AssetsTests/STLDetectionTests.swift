import SceneGraph
import Testing

@testable import Assets

@Suite struct STLDetection {
    @Test func upperCaseASCIIKeywordsRead() throws {
        let text = STLFixture.ascii(Mesh.cube(), name: "c").uppercased()
        #expect(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "upper.stl"))?.triangleCount == 12)
    }

    @Test func binaryWithTrailingBytesReadsItsDeclaredTriangles() throws {
        let bytes = STLFixture.binary(Mesh.cube(), header: "solid but binary") + [UInt8](repeating: 0, count: 37)
        #expect(Fixture.onlyMesh(try ModelLoader.load(data: bytes, name: "padded.stl"))?.triangleCount == 12)
    }

    @Test func binaryShorterThanDeclaredIsRefusedEvenWhenItStartsWithSolid() {
        let bytes = Array(STLFixture.binary(Mesh.cube(), header: "solid but binary").dropLast(10))
        let error = #expect(throws: AssetError.self) { try ModelLoader.load(data: bytes, name: "short.stl") }
        #expect(error?.description.contains("declares 12 triangles") == true)
    }
}
