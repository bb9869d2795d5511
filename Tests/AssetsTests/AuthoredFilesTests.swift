import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Files as their authors' tools write them: unlit glTF materials, texture rotation, glTF
/// 1.0, OBJ faces naming normals the file lacks, several material libraries on one line.
@Suite struct AuthoredFiles {
    static let assimp = "/usr/share/assimp/models"

    @Test func unlitMaterialShowsItsBaseColourWhateverTheLight() throws {
        let json = WildGLTF.triangle(
            more: ", \"extensionsUsed\": [\"KHR_materials_unlit\"], \"extensionsRequired\": [\"KHR_materials_unlit\"]",
            material: ", \"extensions\": {\"KHR_materials_unlit\": {}}"
        )
        .replacing("\"baseColorTexture\"", with: "\"baseColorFactor\": [1, 0.5, 0.25, 1], \"baseColorTexture\"")
        let material = try #require(try WildGLTF.mesh(json).groups.first?.material)
        // The base colour and texture are emitted; nothing is reflected.
        #expect(material.emissive == Color(linear: Vec3(1, 0.5, 0.25)))
        #expect(material.emissiveTexture?.image == Fixture.checker() && material.texture == nil)
        #expect(material.diffuse == .black && material.ambient == .black && material.specular == .black)
    }

    @Test(arguments: ["1", "\"1.0\"", "\"1.0.2\""])
    func glTF1SaysItIsNotSupported(version: String) {
        // glTF 1.0 keys its objects by id, so the 2.0 layout fails elsewhere first.
        let json = "{\"asset\": {\"version\": \(version)}, \"scene\": \"defaultScene\", \"accessors\": {}}"
        #expect {
            try ModelLoader.load(data: Array(json.utf8), name: "old.gltf")
        } throws: {
            ($0 as? AssetError)?.description == "old.gltf: glTF 1.0 is not supported (glTF 2.0 only)"
        }
    }

    @Test func glTF1FilesOfTheAssimpModelsSayItIsNotSupported() throws {
        let folder = Self.assimp + "/glTF"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".gltf") || $0.hasSuffix(".glb") }.sorted()
        #expect(files.count == 7)
        for file in files {
            let path = folder + "/" + file
            #expect {
                try ModelLoader.load(path: path)
            } throws: {
                ($0 as? AssetError)?.description == path + ": glTF 1.0 is not supported (glTF 2.0 only)"
            }
        }
    }

    /// The texture coordinates of the quad below `node` as an affine map of its positions
    /// (x, y), solved from its first triangle, and inverted: where on the quad (x, y) the
    /// texture point `uv` (scene graph convention, v up) lies.
    static func position(of uv: Vec2, on mesh: Mesh) throws -> Vec2 {
        let i = mesh.indices.prefix(3).map(Int.init)
        let p = i.map { Vec2(mesh.positions[$0].x, mesh.positions[$0].y) }
        let t = i.map { mesh.uvs[$0] }
        // uv = t0 + [e1 e2] * [a b], p = p0 + [d1 d2] * [a b]
        let e1 = t[1] - t[0]
        let e2 = t[2] - t[0]
        let det = e1.x * e2.y - e1.y * e2.x
        try #require(abs(det) > 1e-6)
        let r = uv - t[0]
        let a = (r.x * e2.y - r.y * e2.x) / det
        let b = (e1.x * r.y - e1.y * r.x) / det
        return p[0] + (p[1] - p[0]) * a + (p[2] - p[0]) * b
    }

    @Test func textureRotationTurnsTheArrowToCorrect() throws {
        // Khronos' TextureTransformTest: the Rotation quad shows Arrow.png turned by 22.5
        // degrees; its labels Correct, Not Supported and Error sit where the arrow's tip
        // points when the rotation is right, missing, or turned the wrong way.
        let path = Self.assimp + "/glTF2/textureTransform/TextureTransformTest.gltf"
        let model = try ModelLoader.load(path: path)
        let rotation = try #require(model.children.first { $0.name == "Rotation" })
        let mesh = try #require(rotation.content?.mesh)
        func label(_ name: String) throws -> Vec3 {
            let node = try #require(rotation.children.first { $0.name == "Rotation - \(name)" })
            return Vec3(node.transform.position.x, node.transform.position.y, 0)
        }
        // The arrow's tip is texel (87, 87) of 128 x 128 from the top left: v up, (0.68, 0.32).
        let at = try Self.position(of: Vec2(87.5 / 128, 1 - 87.5 / 128), on: mesh)
        let tip = Vec3(at.x, at.y, 0)
        let correct = try label("Correct")
        let error = try label("Error")
        let missing = try label("Not Supported")
        #expect(length(tip - correct) < length(tip - error), "tip at \(tip)")
        #expect(length(tip - correct) < length(tip - missing), "tip at \(tip)")
        // The tip points from the quad's centre towards the label.
        #expect(dot(normalize(tip), normalize(correct)) > 0.95, "tip at \(tip)")
    }

    @Test func facesNamingNormalsOfAFileWithoutThemGetComputedNormalsAndOneWarning() throws {
        // OpenSubdiv's example OBJ files write `f v/vt/vn` with no `vn` lines.
        let folder = TestFolder()
        let text =
            "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
            + "f 1/1/1 2/2/2 3/3/3 4/4/4\nf 1//1 3//3 4//4\n"
        let path = folder.write("subdiv.obj", text)
        var warnings: [AssetError] = []
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: path, warnings: &warnings)))
        #expect(mesh.triangleCount == 3)
        #expect(mesh.normals.allSatisfy { abs($0.z - 1) < 1e-5 })
        #expect(
            warnings.map(\.description) == [
                path + ": line 9: faces name normals but the file has no vn lines: normals computed"
            ])
        // Read in place (a plain face) or through the token reader (a tab): the same.
        let tabbed = try ModelLoader.load(
            data: Array("v 0 0 0\nv 1 0 0\nv 0 1 0\nf\t1//1 2//2 3//3".utf8), name: "t.obj")
        #expect(Fixture.onlyMesh(tabbed)?.normals.allSatisfy { abs($0.z - 1) < 1e-5 } == true)
        // A file with normals still refuses an index out of their range.
        #expect {
            try ModelLoader.load(
                data: Array("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//2 3//3\n".utf8), name: "n.obj")
        } throws: {
            ($0 as? AssetError)?.description == "n.obj: line 5: face normal index 2 out of range (1 normals)"
        }
    }

    @Test func materialLibraryNamesAreSplitAsObj2gltfDoes() {
        #expect(OBJReader.libraryNames(["a.mtl"]) == ["a.mtl"])
        #expect(OBJReader.libraryNames(["a", "b.mtl", "c.mtl"]) == ["a b.mtl", "c.mtl"])
        #expect(OBJReader.libraryNames(["my", "materials.MTL"]) == ["my materials.MTL"])
        #expect(OBJReader.libraryNames(["library"]) == ["library"])
        #expect(OBJReader.libraryNames(["one", "two"]) == ["one two"])
        #expect(OBJReader.libraryNames(["a.mtl", "rest"]) == ["a.mtl", "rest"])
    }

    @Test func severalLibrariesOnOneLineWithSpacesInNamesAreAllRead() throws {
        let folder = TestFolder()
        folder.write("my red.mtl", "newmtl red\nKd 1 0 0\n")
        folder.write("blue.mtl", "newmtl blue\nKd 0 0 1\n")
        let path = folder.write(
            "m.obj",
            "mtllib my red.mtl blue.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\nusemtl blue\nf 1 2 3\n")
        var warnings: [AssetError] = []
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: path, warnings: &warnings)))
        #expect(warnings.isEmpty, "\(warnings)")
        let diffuse = mesh.groups.compactMap { $0.material?.diffuse.rgb }
        #expect(diffuse == [Vec3(1, 0, 0), Vec3(0, 0, 1)])
    }
}

/// glTF `COLOR_0`: per-vertex colours that multiply the base colour.
@Suite struct VertexColors {
    /// The one-triangle file of `WildGLTF` with a `COLOR_0` accessor over `tail` bytes.
    static func triangle(type: String, componentType: Int, normalized: Bool, tail: [UInt8]) -> [UInt8] {
        var json = String(decoding: WildGLTF.triangle(tail: tail), as: UTF8.self)
        json = json.replacing(
            "\"TEXCOORD_0\": 1}", with: "\"TEXCOORD_0\": 1, \"COLOR_0\": 2}")
        json = json.replacing(
            "\"count\": 3, \"type\": \"VEC2\"}",
            with: "\"count\": 3, \"type\": \"VEC2\"}, {\"bufferView\": 2, \"componentType\": \(componentType), "
                + "\"normalized\": \(normalized), \"count\": 3, \"type\": \"\(type)\"}")
        return Array(json.utf8)
    }

    @Test func floatVec3ColoursAreRead() throws {
        let json = Self.triangle(
            type: "VEC3", componentType: 5126, normalized: false, tail: WildGLTF.bytes([1, 0, 0, 0, 1, 0, 0, 0, 2]))
        let mesh = try WildGLTF.mesh(json)
        #expect(mesh.colors == [Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)])
    }

    @Test func normalizedByteVec4ColoursAreRead() throws {
        let json = Self.triangle(
            type: "VEC4", componentType: 5121, normalized: true,
            tail: [255, 0, 0, 255, 0, 255, 0, 128, 51, 51, 51, 0])
        let mesh = try WildGLTF.mesh(json)
        #expect(mesh.colors[0] == Vec3(1, 0, 0) && mesh.colors[1] == Vec3(0, 1, 0))
        #expect(abs(mesh.colors[2].x - 0.2) < 1e-6)
    }

    @Test func aPrimitiveWithoutColoursIsWhite() throws {
        #expect(try WildGLTF.mesh(WildGLTF.triangle()).colors.isEmpty)
    }
}
