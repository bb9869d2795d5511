import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// `KHR_draco_mesh_compression` through libdraco, on the Draco engine that Debian's
/// assimp-testmodels ships (Khronos' 2CylinderEngine, COLLADA2GLTF + Draco; CC BY 4.0).
@Suite struct GLTFDraco {
    static let engine = "/usr/share/assimp/models/glTF2/draco/2CylinderEngine.gltf"

    /// Triangles of every mesh instance under `node`.
    static func triangles(_ node: Node) -> Int {
        (node.content?.mesh.triangleCount ?? 0) + node.children.reduce(0) { $0 + triangles($1) }
    }

    @Test func dracoEngineDecodesToTheTrianglesItsAccessorsDeclare() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.engine)))
                as? [String: Any])
        let accessors = try #require(json["accessors"] as? [[String: Any]])
        let meshes = try #require(json["meshes"] as? [[String: Any]])
        // Triangles per mesh from the index accessors' counts.
        let perMesh = meshes.map { mesh in
            ((mesh["primitives"] as? [[String: Any]]) ?? []).reduce(0) {
                $0 + ((accessors[($1["indices"] as? Int) ?? 0]["count"] as? Int) ?? 0) / 3
            }
        }
        let node = try ModelLoader.load(path: Self.engine)
        var meshTriangles: [Int] = []
        func collect(_ n: Node) {
            if let m = n.content?.mesh { meshTriangles.append(m.triangleCount) }
            n.children.forEach(collect)
        }
        collect(node)
        #expect(!meshTriangles.isEmpty)
        #expect(Set(meshTriangles).isSubset(of: Set(perMesh)), "every drawn mesh has a declared size")
        #expect(Self.triangles(node) > 50_000)
    }

    @Test func dracoEngineHasFiniteGeometryOfTheDeclaredSize() throws {
        let node = try ModelLoader.load(path: Self.engine)
        let mesh = try #require(
            node.children.first { $0.content != nil || !$0.children.isEmpty }.flatMap(Self.firstMesh))
        // Accessor min/max of the first mesh's positions bound the decoded ones.
        #expect(mesh.vertexCount > 0)
        #expect(mesh.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
        #expect(mesh.normals.allSatisfy { abs(length($0) - 1) < 1e-3 || $0 == .zero })
    }

    static func firstMesh(_ node: Node) -> Mesh? {
        if let m = node.content?.mesh { return m }
        for c in node.children { if let m = firstMesh(c) { return m } }
        return nil
    }

    @Test func damagedDracoDataIsACleanError() throws {
        let dir = TestFolder()
        var bin = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: Self.engine.replacingOccurrences(of: ".gltf", with: ".bin"))))
        for k in stride(from: 16, to: min(bin.count, 4096), by: 7) { bin[k] ^= 0x5A }
        dir.write("2CylinderEngine.bin", bin)
        let path = dir.write("engine.gltf", [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.engine))))
        #expect {
            try ModelLoader.load(path: path)
        } throws: { ($0 as? AssetError)?.description.contains("Draco") ?? false }
    }
}
