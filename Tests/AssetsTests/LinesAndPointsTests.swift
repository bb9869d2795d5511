import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Lines and points in every reader: glTF modes 0-3, OBJ `l` and `p` (and bare vertices),
/// COLLADA `<lines>` and `<linestrips>`, stored as `a b b` and `a a a` triples in groups of
/// their kind.
@Suite struct LinesAndPoints {
    /// The (first, second) vertex positions of each line of a mesh's group.
    static func segments(_ mesh: Mesh, group: Int = 0) -> [[Vec3]] {
        mesh.groups[group].triangles.map { t in
            #expect(mesh.indices[3 * t + 1] == mesh.indices[3 * t + 2])
            return [mesh.positions[Int(mesh.indices[3 * t])], mesh.positions[Int(mesh.indices[3 * t + 1])]]
        }
    }

    static func gltf(mode: Int) throws -> Mesh {
        let json = String(decoding: WildGLTF.triangle(), as: UTF8.self)
            .replacing("\"material\": 0}", with: "\"material\": 0, \"mode\": \(mode)}")
        return try WildGLTF.mesh(Array(json.utf8))
    }

    static let a = Vec3(0, 0, 0), b = Vec3(1, 0, 0), c = Vec3(0, 1, 0)

    @Test func gltfPointsAreOnePointPerVertex() throws {
        let mesh = try Self.gltf(mode: 0)
        #expect(mesh.groups.map(\.kind) == [.points])
        #expect(mesh.indices == [0, 0, 0, 1, 1, 1, 2, 2, 2])
    }

    @Test func gltfLineLoopIsClosedAndLineStripIsNot() throws {
        let loop = try Self.gltf(mode: 2)
        #expect(loop.groups.map(\.kind) == [.lines])
        #expect(Self.segments(loop) == [[Self.a, Self.b], [Self.b, Self.c], [Self.c, Self.a]])
        let strip = try Self.gltf(mode: 3)
        #expect(Self.segments(strip) == [[Self.a, Self.b], [Self.b, Self.c]])
    }

    @Test func gltfLinesNeedAnEvenIndexCount() {
        #expect { try Self.gltf(mode: 1) } throws: {
            ($0 as? AssetError)?.message == "mesh 0 primitive 0: 3 indices is not a multiple of 2"
        }
    }

    @Test func objLinesAndPointsAreReadBesideFaces() throws {
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.5 0.5\nf 1 2 3\nl 1/1 2/1 3/1\np 2 3\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "lp.obj")))
        #expect(mesh.groups.map(\.kind) == [.triangles, .lines, .points])
        #expect(mesh.groups.map(\.triangles) == [0..<1, 1..<3, 3..<5])
        #expect(Self.segments(mesh, group: 1) == [[Self.a, Self.b], [Self.b, Self.c]])
        let points = mesh.groups[2].triangles.map { mesh.positions[Int(mesh.indices[3 * $0])] }
        #expect(points == [Self.b, Self.c])
    }

    @Test func objOfOnlyLinesLoads() throws {
        let text = "v 0 0 0\nv 1 0 0\nl 1 2\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "l.obj")))
        #expect(Self.segments(mesh) == [[Self.a, Self.b]])
    }

    @Test func objLineOfOneVertexIsACleanError() {
        #expect { try ModelLoader.load(data: Array("v 0 0 0\nl 1\n".utf8), name: "l.obj") } throws: {
            ($0 as? AssetError)?.description == "l.obj: line 2: l needs at least 2 vertices, found 1"
        }
    }

    @Test func objOfBareVerticesIsAPointCloud() throws {
        let text = "vn 0 0 1\nv 0 0 0\nvn 0 0 1\nv 1 0 0\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "cloud.obj")))
        #expect(mesh.groups.map(\.kind) == [.points])
        #expect(mesh.triangleCount == 2 && mesh.positions == [Self.a, Self.b])
    }

    @Test(arguments: [
        ("<lines count=\"2\"><input semantic=\"VERTEX\" source=\"#tri-vtx\" offset=\"0\"/><p>0 1 1 2</p></lines>", 2),
        (
            "<linestrips count=\"1\"><input semantic=\"VERTEX\" source=\"#tri-vtx\" "
                + "offset=\"0\"/><p>0 1 2</p></linestrips>",
            2
        ),
    ])
    func colladaLinesAndLineStrips(element: String, lines: Int) throws {
        let doc = WildCollada.document(positions: "0 0 0 1 0 0 0 1 0", primitive: element)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: doc, name: "l.dae")))
        #expect(mesh.groups.map(\.kind) == [.lines])
        #expect(Self.segments(mesh) == [[Self.a, Self.b], [Self.b, Self.c]])
        #expect(mesh.triangleCount == lines)
    }

    @Test func colladaLinesCountBeyondTheListIsACleanError() {
        let doc = WildCollada.document(
            positions: "0 0 0 1 0 0 0 1 0",
            primitive: "<lines count=\"3\"><input semantic=\"VERTEX\" source=\"#tri-vtx\" "
                + "offset=\"0\"/><p>0 1 1 2</p></lines>")
        #expect { try ModelLoader.load(data: doc, name: "l.dae") } throws: {
            ($0 as? AssetError)?.message.contains("declares 3 lines but <p> holds 4 indices") == true
        }
    }
}
