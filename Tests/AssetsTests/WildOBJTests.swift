import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// OBJ as users have it: concave faces, missing companion files, paths in messages.
@Suite struct WildOBJ {
    /// Twice the area of triangle (a, b, c) projected on z = 0, signed (counter-clockwise positive).
    static func area2(_ a: Vec3, _ b: Vec3, _ c: Vec3) -> Float {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }

    /// An L of area 3 (a 2 x 2 square without its upper-right unit square), its reflex
    /// corner at (1, 1), listed starting from the corner after the notch so a fan from
    /// corner 0 would cover the notch.
    static let lShape: [Vec3] = [
        Vec3(1, 2, 0), Vec3(0, 2, 0), Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(2, 1, 0), Vec3(1, 1, 0),
    ]

    @Test func concaveFaceIsEarClippedNotFanned() throws {
        let text = Self.lShape.map { "v \($0.x) \($0.y) \($0.z)" }.joined(separator: "\n") + "\nf 1 2 3 4 5 6\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "l.obj")))
        #expect(mesh.triangleCount == 4)
        var total: Float = 0
        for t in 0..<mesh.triangleCount {
            let p = (0..<3).map { mesh.positions[Int(mesh.indices[3 * t + $0])] }
            let a = Self.area2(p[0], p[1], p[2])
            // Every triangle keeps the face's winding and none covers the notch's centre.
            #expect(a > 0)
            let notch = Vec3(1.5, 1.5, 0)
            let inside =
                Self.area2(p[0], p[1], notch) > 0 && Self.area2(p[1], p[2], notch) > 0
                && Self.area2(p[2], p[0], notch) > 0
            #expect(!inside)
            total += a / 2
        }
        #expect(abs(total - 3) < 1e-5)
    }

    @Test func concavePolygonInATiltedPlaneIsClippedInThatPlane() {
        // The L turned 90 degrees about X (into the x-z plane) and then about Y.
        let turn =
            Matrix4.rotation(.degrees(30), axis: Vec3(0, 1, 0)) * Matrix4.rotation(.degrees(90), axis: Vec3(1, 0, 0))
        let points = Self.lShape.map { turn.transformPoint($0) }
        var order: [Int] = []
        PolygonTriangulator.triangulate(points, into: &order)
        #expect(order.count == 12)
        var total: Float = 0
        for k in stride(from: 0, to: order.count, by: 3) {
            let a = Self.lShape[order[k]]
            let b = Self.lShape[order[k + 1]]
            let c = Self.lShape[order[k + 2]]
            #expect(Self.area2(a, b, c) > 0)
            total += Self.area2(a, b, c) / 2
        }
        #expect(abs(total - 3) < 1e-5)
    }

    @Test func missingMaterialLibraryAndTextureAreWarningsAndTheModelLoads() throws {
        let folder = TestFolder()
        folder.write("sub/m.mtl", "newmtl red\nKd 1 0 0\nmap_Kd gone.png\n")
        let path = folder.write(
            "sub/m.obj", "mtllib nowhere.mtl\nmtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n")
        var warnings: [AssetError] = []
        let model = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(model.triangleCount == 1)
        #expect(
            warnings.map(\.description) == [
                path + ": line 1: mtllib 'nowhere.mtl' not found beside the model",
                path + ": line 2: m.mtl: line 3: texture 'gone.png' not found beside the model",
            ])
        // The material is kept, untextured.
        let material = try #require(Fixture.onlyMesh(model)?.groups.first?.material)
        #expect(material.name == "red" && material.texture == nil)
    }

    @Test func libraryNamedManyTimesIsReadOnce() throws {
        let folder = TestFolder()
        folder.write("m.mtl", "newmtl red\nKd 1 0 0\nmap_Kd gone.png\n")
        let path = folder.write(
            "m.obj",
            String(repeating: "mtllib m.mtl\n", count: 200) + "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n")
        var warnings: [AssetError] = []
        _ = try ModelLoader.load(path: path, warnings: &warnings)
        // One reading of the library: its missing texture is reported once, not 200 times.
        #expect(warnings.count == 1)
    }

    @Test func errorsNameTheModelByThePathAsGiven() throws {
        let folder = TestFolder()
        let a = folder.write("a/model.obj", "v 0 0 0\nf 1 2 3\n")
        let b = folder.write("b/model.obj", "v 0 0 x\n")
        #expect(throws: AssetError(file: a, line: 2, "face vertex index 2 out of range (1 vertices)")) {
            try ModelLoader.load(path: a)
        }
        let error = #expect(throws: AssetError.self) { try ModelLoader.load(path: b) }
        #expect(error?.description.hasPrefix(folder.path + "/b/model.obj: line 1: ") == true)
    }

    @Test(arguments: [".ssh/id_rsa", "textures/.hidden.png", "./.env"])
    func hiddenCompanionFilesAreRefused(reference: String) throws {
        let folder = TestFolder()
        folder.write(".ssh/id_rsa", "TOP-SECRET")
        folder.write("textures/.hidden.png", "TOP-SECRET")
        folder.write(".env", "TOP-SECRET")
        folder.write("m.mtl", "newmtl red\nmap_Kd \(reference)\n")
        let path = folder.write(
            "m.obj", "mtllib m.mtl\nmtllib \(reference)\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n")
        var warnings: [AssetError] = []
        _ = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(warnings.count == 2)
        #expect(
            warnings.allSatisfy {
                $0.message.contains("names a hidden file or folder") && !$0.description.contains("TOP-SECRET")
            })
    }

    @Test func hiddenFolderNamedByTheUserIsRead() throws {
        let folder = TestFolder()
        folder.write(".models/m.mtl", "newmtl red\nKd 1 0 0\n")
        let path = folder.write(".models/m.obj", "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n")
        var warnings: [AssetError] = []
        let model = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(Fixture.onlyMesh(model)?.groups.first?.material?.diffuse == Color(linear: Vec3(1, 0, 0)))
    }
}
