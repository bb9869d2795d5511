import Math3D
import SceneGraph
import Testing

@testable import Assets

/// `OBJWriter` writes groups of lines and points as `l` and `p` statements, so reading its
/// text back gives lines and points again (not zero-area faces).
@Suite struct OBJWriterLines {
    /// A mesh of one triangle, two lines and two points over five vertices.
    static func mixed(uvs: Bool) throws -> Mesh {
        let positions = [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(2, 2, 0), Vec3(-1, 3, 0.5)]
        return try Mesh(
            name: "mixed", positions: positions, normals: Array(repeating: Vec3(0, 0, 1), count: 5),
            uvs: uvs ? positions.map { Vec2($0.x / 4, $0.y / 4) } : [],
            indices: [0, 1, 2, 2, 3, 3, 3, 4, 4, 1, 1, 1, 4, 4, 4],
            groups: [
                Mesh.Group(triangles: 0..<1), Mesh.Group(triangles: 1..<3, kind: .lines),
                Mesh.Group(triangles: 3..<5, kind: .points),
            ])
    }

    @Test(arguments: [true, false])
    func linesAndPointsSurviveARoundTrip(uvs: Bool) throws {
        let mesh = try Self.mixed(uvs: uvs)
        let text = OBJWriter.write(mesh: mesh)
        let statements = text.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
        #expect(statements.filter { $0 == "f" }.count == 1)
        #expect(statements.filter { $0 == "l" }.count == 2)
        #expect(statements.filter { $0 == "p" }.count == 2)
        let back = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "mixed.obj")))
        #expect(back.groups.map(\.kind) == [.triangles, .lines, .points])
        #expect(back.groups.map(\.triangles.count) == [1, 2, 2])
        // Element by element, the same corners at the same places.
        #expect(back.triangleCount == mesh.triangleCount)
        for (i, j) in zip(back.indices.map(Int.init), mesh.indices.map(Int.init)) {
            #expect(back.positions[i] == mesh.positions[j])
            if uvs { #expect(back.uvs[i] == mesh.uvs[j]) }
        }
    }

    @Test func lineAndPointCornersCarryNoNormals() throws {
        let text = OBJWriter.write(mesh: try Self.mixed(uvs: true))
        #expect(text.contains("\nl 3/3 4/4\n"))
        #expect(text.contains("\np 2/2\n"))
        let bare = OBJWriter.write(mesh: try Self.mixed(uvs: false))
        #expect(bare.contains("\nl 4 5\n"))
        #expect(bare.contains("\np 5\n"))
    }
}
