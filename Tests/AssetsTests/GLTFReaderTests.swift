import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

@Suite struct GLTFReading {
    /// The unit cube from (0,0,0) to (1,1,1): 24 vertices, 12 triangles, with UVs.
    static var unitCube: Mesh {
        let c = Mesh.cube(size: 1)
        return
            (try? Mesh(
                name: "cube", positions: c.positions.map { $0 + 0.5 }, normals: c.normals, uvs: c.uvs,
                indices: c.indices)) ?? c
    }

    static func twoNodeCube(_ b: GLTFBuilder, material: Int?) {
        let mesh = b.addMesh(unitCube, material: material)
        let s = Float(0.5).squareRoot()
        let child = b.addNode([
            "name": "child", "mesh": mesh,
            "matrix": [0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 3, 0, 1] as [Float],
        ])
        b.addNode(
            [
                "name": "parent", "mesh": mesh, "translation": [2, 0, 0] as [Float],
                "rotation": [0, s, 0, s] as [Float],
                "children": [child],
            ], root: true)
    }

    @Test func embeddedCubeHasItsCountsBoundsAndMaterial() throws {
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "violet", baseColor: [0.5, 0.25, 1, 1])
        b.addNode(["name": "cube", "mesh": b.addMesh(Self.unitCube, material: m)], root: true)
        let model = try ModelLoader.load(data: b.json(buffer: .dataURI), name: "cube.gltf")
        let mesh = try #require(Fixture.onlyMesh(model))
        #expect(mesh.vertexCount == 24)
        #expect(mesh.triangleCount == 12)
        #expect(mesh.bounds.min == Vec3(0, 0, 0) && mesh.bounds.max == Vec3(1, 1, 1))
        let material = try #require(mesh.groups.first?.material)
        #expect(material.name == "violet")
        #expect(material.diffuse == Color(linear: Vec3(0.5, 0.25, 1)))
        // v is flipped back to the scene graph's upward convention.
        #expect(mesh.uvs == Self.unitCube.uvs)
    }

    @Test func interleavedPositionsAndNormalsReadThroughTheByteStride() throws {
        let b = GLTFBuilder()
        b.addNode(["mesh": b.addMesh(Self.unitCube, material: nil, interleaved: true)], root: true)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: b.json(buffer: .dataURI), name: "i.gltf")))
        #expect(mesh.positions == Self.unitCube.positions)
        #expect(mesh.normals == Self.unitCube.normals)
    }

    @Test func nonIndexedTrianglesRead() throws {
        let b = GLTFBuilder()
        b.addNode(["mesh": b.addMesh(Self.unitCube, material: nil, indexed: false)], root: true)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: b.json(buffer: .dataURI), name: "n.gltf")))
        #expect(mesh.triangleCount == 12)
        #expect(mesh.vertexCount == 36)
    }

    @Test func twoNodeHierarchyKeepsTRSAndMatrixTransformsAndSharesTheMesh() throws {
        let b = GLTFBuilder()
        Self.twoNodeCube(b, material: nil)
        let model = try ModelLoader.load(data: b.json(buffer: .dataURI), name: "two.gltf")
        let nodes = Fixture.meshNodes(model)
        #expect(nodes.map(\.node.name) == ["parent", "child"])
        let parent = nodes[0].node
        let child = nodes[1].node
        #expect(parent.position == Vec3(2, 0, 0))
        #expect(parent.rotation.isApproximatelyEqual(to: Quaternion(angle: .degrees(90), axis: Vec3(0, 1, 0))))
        #expect(child.position.isApproximatelyEqual(to: Vec3(0, 3, 0)))
        #expect(child.scale.isApproximatelyEqual(to: Vec3(repeating: 0.5)))
        // The corner (1,1,1) of the child's cube: scaled, lifted, turned, moved.
        #expect(
            nodes[1].world.transformPoint(Vec3(1, 1, 1)).isApproximatelyEqual(to: Vec3(2.5, 3.5, -0.5), tolerance: 1e-5)
        )
        let meshA = try #require(parent.content?.mesh)
        let meshB = try #require(child.content?.mesh)
        #expect(meshA.sharesStorage(with: meshB))
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min.isApproximatelyEqual(to: Vec3(2, 0, -1)) && box.max.isApproximatelyEqual(to: Vec3(3, 3.5, 0)))
    }

    @Test func externalBufferAndImageFilesBesideTheModelAreRead() throws {
        let dir = TestFolder()
        let png = try ImageCodec.encodePNG(try #require(Fixture.checker()))
        dir.write("tex/checker.png", png)
        let b = GLTFBuilder()
        let m = b.addMaterial(name: "checker", baseColor: [1, 1, 1, 1])
        b.materials[m]["pbrMetallicRoughness"] = ["baseColorFactor": [1, 1, 1, 1], "baseColorTexture": ["index": 0]]
        b.images.append(["uri": "tex/checker.png"])
        b.textures.append(["source": 0])
        b.addNode(["mesh": b.addMesh(Self.unitCube, material: m)], root: true)
        dir.write("cube.gltf", b.json(buffer: .file("cube%20data.bin")))
        dir.write("cube data.bin", b.bin)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(path: dir.path + "/cube.gltf")))
        #expect(mesh.triangleCount == 12)
        #expect(mesh.groups.first?.material?.texture?.image == Fixture.checker())
    }

    @Test func glbWithTextureInTheBinaryChunkReads() throws {
        let b = GLTFBuilder()
        let png = try ImageCodec.encodePNG(try #require(Fixture.checker()))
        let m = b.addMaterial(name: "checker", baseColor: [1, 0.5, 1, 1], png: png)
        Self.twoNodeCube(b, material: m)
        let model = try ModelLoader.load(data: b.glb(), name: "two.glb")
        let nodes = Fixture.meshNodes(model)
        #expect(nodes.count == 2)
        let material = try #require(nodes[0].node.content?.mesh.groups.first?.material)
        #expect(material.diffuse == Color(linear: Vec3(1, 0.5, 1)))
        #expect(material.texture?.image == Fixture.checker())
    }

    @Test func glbJSONChunkPaddedWithNULBytesStillReads() throws {
        let b = GLTFBuilder()
        b.addNode(["mesh": b.addMesh(Self.unitCube, material: nil)], root: true)
        var glb = b.glb()
        // Replace the JSON chunk's trailing spaces (the padding) with NUL bytes.
        let jsonLength = Int(glb[12]) | Int(glb[13]) << 8 | Int(glb[14]) << 16 | Int(glb[15]) << 24
        var k = 20 + jsonLength - 1
        try #require(glb[k] == 0x20, "the fixture's JSON chunk has padding")
        while glb[k] == 0x20 {
            glb[k] = 0
            k -= 1
        }
        #expect(Fixture.onlyMesh(try ModelLoader.load(data: glb, name: "nul.glb"))?.triangleCount == 12)
    }

    @Test func textureAsDataURIReads() throws {
        let b = GLTFBuilder()
        let png = try ImageCodec.encodePNG(try #require(Fixture.checker()))
        let m = b.addMaterial(name: "checker", baseColor: [1, 1, 1, 1], png: png, inBuffer: false)
        b.addNode(["mesh": b.addMesh(Self.unitCube, material: m)], root: true)
        let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: b.json(buffer: .dataURI), name: "d.gltf")))
        #expect(mesh.groups.first?.material?.texture?.image == Fixture.checker())
    }

    @Test func shearedMatrixIsBakedIntoTheMesh() throws {
        let b = GLTFBuilder()
        // Column-major: x' = x + y (a shear), then moved by (0, 0, 5).
        b.addNode(
            [
                "mesh": b.addMesh(Self.unitCube, material: nil),
                "matrix": [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 5, 1] as [Float],
            ], root: true)
        let model = try ModelLoader.load(data: b.json(buffer: .dataURI), name: "shear.gltf")
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min.isApproximatelyEqual(to: Vec3(0, 0, 5)) && box.max.isApproximatelyEqual(to: Vec3(2, 1, 6)))
    }
}
