import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

@Suite struct ColladaReading {
    static func load(_ text: String, name: String = "cube.dae") throws -> Node {
        try ModelLoader.load(data: Array(text.utf8), name: name)
    }

    @Test(
        arguments: [ColladaFixture.Primitive.triangles, .polylist, .polygons, .trifans, .tristrips], ["1.4.1", "1.5.0"])
    func cubeHas24VerticesAnd12TrianglesInEveryPrimitiveKind(primitive: ColladaFixture.Primitive, version: String)
        throws
    {
        let mesh = try #require(
            Fixture.onlyMesh(try Self.load(ColladaFixture.cube(version: version, primitive: primitive))))
        #expect(mesh.vertexCount == 24)
        #expect(mesh.triangleCount == 12)
        #expect(mesh.bounds.min == Vec3(0, 0, 0) && mesh.bounds.max == Vec3(1, 1, 1))
        #expect(mesh.hasUVs)
        // Normals come from the NORMAL input at offset 1: each is an axis pointing out.
        for t in 0..<mesh.triangleCount {
            let i = Int(mesh.indices[3 * t])
            let centroid = (0..<3).map { mesh.positions[Int(mesh.indices[3 * t + $0])] }.reduce(.zero, +) / 3
            #expect(dot(mesh.normals[i], centroid - Vec3(repeating: 0.5)) > 0)
            // And the winding agrees: counter-clockwise seen from outside.
            let a = mesh.positions[i]
            let b = mesh.positions[Int(mesh.indices[3 * t + 1])]
            let c = mesh.positions[Int(mesh.indices[3 * t + 2])]
            #expect(dot(cross(b - a, c - a), mesh.normals[i]) > 0, "triangle \(t) winds inwards")
        }
    }

    @Test func phongMaterialIsBoundThroughBindMaterial() throws {
        let mesh = try #require(Fixture.onlyMesh(try Self.load(ColladaFixture.cube())))
        let m = try #require(mesh.groups.first?.material)
        #expect(m.name == "skin")
        #expect(m.diffuse.rgb.isApproximatelyEqual(to: Vec3(SRGB.decode(0.5), SRGB.decode(0.25), 1)))
        #expect(m.specular.rgb.isApproximatelyEqual(to: Vec3(repeating: SRGB.decode(0.5))))
        #expect(m.shininess == 20)
    }

    @Test(arguments: ["1.4.1", "1.5.0"])
    func diffuseTextureIsFoundThroughSamplerAndSurface(version: String) throws {
        let dir = TestFolder()
        dir.write("maps/checker.png", try ImageCodec.encodePNG(try #require(Fixture.checker())))
        let path = dir.write("cube.dae", ColladaFixture.cube(version: version, texture: "maps/checker.png"))
        let m = try #require(Fixture.onlyMesh(try ModelLoader.load(path: path))?.groups.first?.material)
        #expect(m.texture?.image == Fixture.checker())
        #expect(m.diffuse == .white)
    }

    @Test func twoNodeHierarchyComposesTranslateRotateAndRowMajorMatrix() throws {
        let model = try Self.load(ColladaFixture.cube(layout: .twoNodes))
        let nodes = Fixture.meshNodes(model)
        #expect(nodes.map(\.node.name) == ["parent", "child"])
        let parent = nodes[0].node
        let child = nodes[1].node
        #expect(parent.position.isApproximatelyEqual(to: Vec3(2, 0, 0)))
        #expect(parent.rotation.isApproximatelyEqual(to: Quaternion(angle: .degrees(90), axis: Vec3(0, 1, 0))))
        #expect(child.position.isApproximatelyEqual(to: Vec3(0, 3, 0)))
        #expect(child.scale.isApproximatelyEqual(to: Vec3(repeating: 0.5)))
        #expect(
            nodes[1].world.transformPoint(Vec3(1, 1, 1)).isApproximatelyEqual(to: Vec3(2.5, 3.5, -0.5), tolerance: 1e-5)
        )
        let a = try #require(parent.content?.mesh)
        let b = try #require(child.content?.mesh)
        #expect(a.sharesStorage(with: b))
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min.isApproximatelyEqual(to: Vec3(2, 0, -1)) && box.max.isApproximatelyEqual(to: Vec3(3, 3.5, 0)))
    }

    @Test func zUpIsTurnedToYUpAndUnitsBecomeMetres() throws {
        let model = try Self.load(ColladaFixture.cube(upAxis: "Z_UP", meter: "0.01"))
        let box = try #require(ModelLoader.bounds(of: model))
        // File z (0...1 cm) becomes y; file y becomes -z.
        #expect(box.min.isApproximatelyEqual(to: Vec3(0, 0, -0.01)))
        #expect(box.max.isApproximatelyEqual(to: Vec3(0.01, 0.01, 0)))
    }

    @Test func xUpIsTurnedToYUp() throws {
        let model = try Self.load(ColladaFixture.cube(upAxis: "X_UP"))
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(box.min.isApproximatelyEqual(to: Vec3(-1, 0, 0)))
        #expect(box.max.isApproximatelyEqual(to: Vec3(0, 1, 1)))
    }
}
