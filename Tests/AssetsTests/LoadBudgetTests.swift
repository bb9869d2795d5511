import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// One budget per load, instanced triangles counted, XML encodings settled first.
@Suite struct LoadBudgets {
    /// A glTF of one small sphere instanced by `instances` nodes, each a child of the root.
    static func instanced(_ instances: Int) -> [UInt8] {
        let b = GLTFBuilder()
        let mesh = b.addMesh(Mesh.sphere(radius: 1, longitudes: 16, latitudes: 8), material: nil)
        let children = (0..<instances).map { i in
            b.addNode(["mesh": mesh, "translation": [Float(i), 0, 0] as [Float]])
        }
        b.addNode(["children": children], root: true)
        return b.json(buffer: .dataURI)
    }

    @Test func instancedTrianglesCountTowardsTheCap() {
        // 50,000 instances of a sphere of 224 triangles draw 11.2 million triangles.
        let json = Self.instanced(50_000)
        #expect {
            try ModelLoader.load(data: json, name: "many.gltf")
        } throws: { ($0 as? AssetError)?.message.contains("(instances counted), more than the 10000000 limit") == true }
    }

    @Test func imagesEachWithinTheirLimitShareOneDecodeBudget() throws {
        // Three 4096 x 4096 images (small PNGs: one colour), each within the per-image
        // limit: 50 Mpixels in all, over the load's 32 Mpixels.
        let big = try #require(Image(width: 4096, height: 4096, pixels: [UInt8](repeating: 90, count: 4096 * 4096 * 3)))
        let png = try ImageCodec.encodePNG(big)
        let b = GLTFBuilder()
        var children: [Int] = []
        for k in 0..<3 {
            let m = b.addMaterial(name: "m\(k)", baseColor: [1, 1, 1, 1], png: png)
            children.append(b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: m)]))
        }
        b.addNode(["children": children], root: true)
        #expect {
            try ModelLoader.load(data: b.json(buffer: .dataURI), name: "three.gltf")
        } throws: {
            ($0 as? AssetError)?.description.contains("load budget exceeded: more than 33554432 image pixels") == true
        }
    }
}

extension LoadBudgets {
    @Test(arguments: [
        [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1] as [Float],  // shear of y into x
        [2, 0.3, 0, 0, 0.1, -1, 0.4, 0, 0.2, 0, 3, 0, 0, 0, 0, 1] as [Float],  // shear with a mirror
    ])
    func shearedInstancesShareTheMeshAndPlaceItExactly(columnMajor: [Float]) throws {
        let b = GLTFBuilder()
        let mesh = b.addMesh(GLTFReading.unitCube, material: nil)
        let children = (0..<200).map { _ in b.addNode(["mesh": mesh, "matrix": columnMajor]) }
        b.addNode(["children": children], root: true)
        let model = try ModelLoader.load(data: b.json(buffer: .dataURI), name: "shear.gltf")
        let placed = Fixture.meshNodes(model)
        #expect(placed.count == 200)
        // One vertex buffer for all: nothing was copied per instance.
        let buffers = Set(
            placed.compactMap {
                $0.node.content?.mesh.positions.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            })
        #expect(buffers.count == 1)
        // Each instance's world matrix is the file's matrix.
        let m = Matrix4(columnMajor: columnMajor)
        for (_, world) in placed.prefix(3) { #expect(world.isApproximatelyEqual(to: m, tolerance: 1e-4)) }
    }
}
