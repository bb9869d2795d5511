import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

@Suite struct OBJReading {
    @Test func unitCubeHas24VerticesAnd12TrianglesWithItsMaterial() throws {
        let dir = TestFolder()
        dir.write("cube.mtl", "newmtl red\nKa 0.2 0 0\nKd 1 0 0\nKs 0.5 0.5 0.5\nNs 32\nd 0.75\n")
        let path = dir.write("cube.obj", Fixture.cubeOBJ)
        let model = try ModelLoader.load(path: path)
        #expect(model.name == "cube.obj")
        let mesh = try #require(Fixture.onlyMesh(model))
        #expect(mesh.vertexCount == 24)
        #expect(mesh.triangleCount == 12)
        #expect(mesh.bounds.min == Vec3(0, 0, 0))
        #expect(mesh.bounds.max == Vec3(1, 1, 1))
        #expect(mesh.hasUVs)
        let material = try #require(mesh.groups.first?.material)
        #expect(material.name == "red")
        #expect(material.diffuse == Color(linear: Vec3(1, 0, 0)))
        // Ka 0.2 is sRGB-encoded: linear 0.0331.
        #expect(abs(material.ambient.rgb.x - 0.0331) < 0.0005)
        #expect(material.shininess == 32)
        #expect(material.opacity == 0.75)
    }

    @Test func everyCubeNormalPointsOutOfItsFace() throws {
        let dir = TestFolder()
        dir.write("cube.mtl", "newmtl red\nKd 1 0 0\n")
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ))))
        let idx = mesh.indices
        for t in 0..<mesh.triangleCount {
            let a = mesh.positions[Int(idx[3 * t])]
            let b = mesh.positions[Int(idx[3 * t + 1])]
            let c = mesh.positions[Int(idx[3 * t + 2])]
            let winding = normalize(cross(b - a, c - a))
            let centroid = (a + b + c) / 3 - Vec3(repeating: 0.5)
            #expect(dot(winding, centroid) > 0, "triangle \(t) winds inwards")
            #expect(mesh.normals[Int(idx[3 * t])].isApproximatelyEqual(to: winding))
        }
    }

    @Test func centringAndNormalizingActOnTheWholeModelThroughTheRoot() throws {
        let dir = TestFolder()
        dir.write("cube.mtl", "newmtl red\nKd 1 0 0\n")
        let path = dir.write("cube.obj", Fixture.cubeOBJ)
        let centred = try ModelLoader.load(path: path, options: LoadOptions(center: true))
        let c = try #require(ModelLoader.bounds(of: centred))
        #expect(c.min.isApproximatelyEqual(to: Vec3(repeating: -0.5)))
        #expect(c.max.isApproximatelyEqual(to: Vec3(repeating: 0.5)))
        let sized = try ModelLoader.load(path: path, options: LoadOptions(normalizeSize: 4))
        let s = try #require(ModelLoader.bounds(of: sized))
        #expect(s.min.isApproximatelyEqual(to: Vec3(repeating: -2)))
        #expect(s.max.isApproximatelyEqual(to: Vec3(repeating: 2)))
        // The mesh itself is untouched (still shared), only the root moved.
        #expect(Fixture.onlyMesh(sized)?.bounds.max == Vec3(1, 1, 1))
    }

    @Test func negativeIndicesCountBackFromTheLastVertex() throws {
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 5 5 5\nv 6 5 5\nv 5 6 5\nf -3 -2 -1\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "neg.obj")))
        #expect(mesh.triangleCount == 2)
        #expect(mesh.positions[Int(mesh.indices[3])] == Vec3(5, 5, 5))
        #expect(mesh.bounds.max == Vec3(6, 6, 5))
    }

    @Test func quadsAndPolygonsAreFanTriangulated() throws {
        var text = ""
        let sides = 7
        for k in 0..<sides {
            let a = 2 * Double.pi * Double(k) / Double(sides)
            text += "v \(cos(a)) \(sin(a)) 0\n"
        }
        text += "f " + (1...sides).map(String.init).joined(separator: " ") + "\n"
        text += "v 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\nf 8 9 10 11\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "poly.obj")))
        #expect(mesh.triangleCount == (sides - 2) + 2)
        // Fan: every heptagon triangle starts at its first vertex.
        for t in 0..<(sides - 2) { #expect(mesh.indices[3 * t] == 0) }
    }

    @Test func missingNormalsAreComputedSmoothAndMissingUVsLeaveNone() throws {
        let text = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "flat.obj")))
        #expect(!mesh.hasUVs)
        for n in mesh.normals { #expect(n.isApproximatelyEqual(to: Vec3(0, 0, 1))) }
    }

    @Test func textureCoordinatesWithoutNormalsAndNormalsWithoutTextureCoordinatesBothRead() throws {
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.25 0.5\nvn 0 0 1\nf 1/1 2/1 3/1\nf 1//1 3//1 2//1\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "mixed.obj")))
        #expect(mesh.triangleCount == 2)
        #expect(mesh.vertexCount == 6)
        #expect(mesh.hasUVs)
        #expect(mesh.uvs[0] == Vec2(0.25, 0.5))
        // The second triangle's vertices carry the file's normal.
        #expect(mesh.normals[Int(mesh.indices[3])] == Vec3(0, 0, 1))
    }

    @Test func commentsBlankLinesUnknownStatementsAndCRLFAreHandled() throws {
        let text =
            "# a comment\r\n\r\nv 0 0 0 # trailing\r\nv 1 0 0\r\nv 0 1 0\r\ns off\r\ncstype "
            + "bezier\r\ncurv2 1 2\r\nf 1 2 3\r\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "crlf.obj")))
        #expect(mesh.triangleCount == 1)
        #expect(mesh.vertexCount == 3)
    }

    @Test func oldMacLineBreaksAndBackslashContinuationsAreHandled() throws {
        let text = "v 0 0 0\rv 1 0 0\rv 0 1 0\rv 1 1 0\rf 1 2 \\\r 4 3\r"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "cr.obj")))
        #expect(mesh.triangleCount == 2)
    }

    @Test func aVeryLongFaceLineWithoutContinuationsReads() throws {
        let sides = 5000
        var text = ""
        for k in 0..<sides {
            let a = 2 * Double.pi * Double(k) / Double(sides)
            text += "v \(cos(a)) \(sin(a)) 0\n"
        }
        text += "f " + (1...sides).map(String.init).joined(separator: " ") + "\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "long.obj")))
        #expect(mesh.triangleCount == sides - 2)
    }

    @Test func objectsAndGroupsBecomeNodesAndUsemtlBecomesGroups() throws {
        let dir = TestFolder()
        dir.write("two.mtl", "newmtl a\nKd 1 0 0\nnewmtl b\nKd 0 0 1\n")
        let text = """
            mtllib two.mtl
            v 0 0 0
            v 1 0 0
            v 0 1 0
            v 1 1 0
            o first
            usemtl a
            f 1 2 3
            usemtl b
            f 2 4 3
            g second
            f 1 3 4

            """
        let model = try ModelLoader.load(path: dir.write("two.obj", text))
        let nodes = Fixture.meshNodes(model)
        #expect(nodes.map(\.node.name) == ["first", "second"])
        let first = try #require(nodes[0].node.content?.mesh)
        #expect(first.groups.map { $0.material?.name } == ["a", "b"])
        #expect(first.groups.map(\.triangles) == [0..<1, 1..<2])
        // The current material carries over into the next group.
        #expect(nodes[1].node.content?.mesh.groups.first?.material?.name == "b")
    }

    @Test func emissionTextureIsReadAndKeWhiteWhenNotGiven() throws {
        let dir = TestFolder()
        dir.write("glow.png", try ImageCodec.encodePNG(try #require(Fixture.checker())))
        dir.write("cube.mtl", "newmtl red\nKd 0 0 0\nmap_Ke glow.png\nnewmtl dim\nKe 0.5 0.5 0.5\nmap_Ke glow.png\n")
        let text = Fixture.cubeOBJ + "usemtl dim\nf 1 2 3\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.write("cube.obj", text))))
        let red = try #require(mesh.groups.first?.material)
        let dim = try #require(mesh.groups.last?.material)
        #expect(red.emissiveTexture?.image == Fixture.checker() && red.texture == nil)
        #expect(red.emissive == .white)
        #expect(dim.emissiveTexture != nil && dim.emissive != .white && dim.emissive.rgb.x > 0.2)
    }

    @Test func referencesThatDifferOnlyInCaseFindTheirFiles() throws {
        let dir = TestFolder()
        dir.write("Textures/Checker.PNG", try ImageCodec.encodePNG(try #require(Fixture.checker())))
        dir.write("CUBE.MTL", "newmtl red\nmap_Kd Textures/checker.png\n")
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.write("cube.obj", Fixture.cubeOBJ))))
        #expect(mesh.groups.first?.material?.texture?.image == Fixture.checker())
    }

    @Test func repeatingTheSameUsemtlKeepsOneGroup() throws {
        let dir = TestFolder()
        dir.write("m.mtl", "newmtl a\nKd 1 0 0\n")
        let text = "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl a\nf 1 2 3\nusemtl a\nf 1 3 2\n"
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.write("m.obj", text))))
        #expect(mesh.groups.map(\.triangles) == [0..<2])
    }

    @Test func writerOutputReadsBackExactly() throws {
        let sphere = Mesh.sphere(radius: 1.5, longitudes: 12, latitudes: 6)
        let text = OBJWriter.write(mesh: sphere)
        let back = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "sphere.obj")))
        // The reader keeps only vertices that faces use (the sphere's first pole vertex is
        // unused), so compare corner by corner.
        #expect(back.triangleCount == sphere.triangleCount)
        for (i, j) in zip(back.indices.map(Int.init), sphere.indices.map(Int.init)) {
            #expect(back.positions[i] == sphere.positions[j])
            #expect(back.uvs[i] == sphere.uvs[j])
            #expect(back.normals[i].isApproximatelyEqual(to: sphere.normals[j], tolerance: 1e-6))
        }
        #expect(back.vertexCount == Set(sphere.indices).count)
    }

    @Test func writerMaterialLibraryReadsBackWithItsTexture() throws {
        let dir = TestFolder()
        let image = try #require(Fixture.checker())
        dir.write("tex/checker.png", try ImageCodec.encodePNG(image))
        let material = Material(
            name: "skin", ambient: Color(linear: Vec3(0.1, 0.1, 0.1)), diffuse: Color(linear: Vec3(0.5, 0.25, 1)),
            specular: Color(linear: Vec3(0.2, 0.2, 0.2)), shininess: 40)
        dir.write("quad.mtl", OBJWriter.writeMTL(materials: [material], textureFiles: ["skin": "tex/checker.png"]))
        dir.write("quad.obj", OBJWriter.write(mesh: Mesh.plane(size: 2), materialName: "skin", mtlFile: "quad.mtl"))
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.path + "/quad.obj")))
        let m = try #require(mesh.groups.first?.material)
        #expect(m.diffuse.rgb.isApproximatelyEqual(to: material.diffuse.rgb, tolerance: 1e-5))
        #expect(m.ambient.rgb.isApproximatelyEqual(to: material.ambient.rgb, tolerance: 1e-5))
        #expect(m.shininess == 40)
        let texture = try #require(m.texture)
        #expect(texture.image == image)
        #expect(texture.name == "tex/checker.png")
    }
}
