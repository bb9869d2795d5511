import Foundation
import Testing

@testable import Assets

/// A Draco primitive whose accessors declare other sizes than its decoded mesh: a clean
/// one-line error naming the file, never a read past the decoded values. On Debian's copy of
/// Khronos' 2CylinderEngine (Draco; CC BY 4.0) with one accessor's count changed.
@Suite struct GLTFDracoCounts {
    /// The engine written into `dir` with `change` applied to its JSON; the path of its .gltf.
    static func engine(in dir: TestFolder, _ change: (inout [String: Any]) -> Void) throws -> String {
        let source = GLTFDraco.engine
        let bin = try Data(contentsOf: URL(fileURLWithPath: source.replacingOccurrences(of: ".gltf", with: ".bin")))
        dir.write("2CylinderEngine.bin", [UInt8](bin))
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source))) as? [String: Any])
        change(&json)
        return dir.write("engine.gltf", [UInt8](try JSONSerialization.data(withJSONObject: json)))
    }

    /// Adds `delta` to the count of the accessor the first primitive names as `role`
    /// ("indices" or an attribute).
    static func recount(_ role: String, by delta: Int) -> (inout [String: Any]) -> Void {
        { json in
            guard let meshes = json["meshes"] as? [[String: Any]],
                let primitive = (meshes[0]["primitives"] as? [[String: Any]])?.first,
                var accessors = json["accessors"] as? [[String: Any]]
            else { return }
            let index =
                role == "indices" ? primitive["indices"] as? Int : (primitive["attributes"] as? [String: Int])?[role]
            guard let index, let count = accessors[index]["count"] as? Int else { return }
            accessors[index]["count"] = count + delta
            json["accessors"] = accessors
        }
    }

    static func refused(_ path: String, mentioning words: [String]) -> Bool {
        do {
            _ = try ModelLoader.load(path: path)
            return false
        } catch {
            let d = error.description
            return d.hasPrefix(path + ": ") && !d.contains("\n") && words.allSatisfy { d.contains($0) }
        }
    }

    @Test func theUnchangedEngineLoads() throws {
        let dir = TestFolder()
        _ = try ModelLoader.load(path: try Self.engine(in: dir) { _ in })
    }

    @Test func fewerDeclaredIndicesAreRefused() throws {
        let dir = TestFolder()
        let path = try Self.engine(in: dir, Self.recount("indices", by: -3))
        #expect(Self.refused(path, mentioning: ["indices", "Draco"]))
    }

    @Test func moreDeclaredIndicesAreRefused() throws {
        let dir = TestFolder()
        let path = try Self.engine(in: dir, Self.recount("indices", by: 3))
        #expect(Self.refused(path, mentioning: ["indices", "Draco"]))
    }

    @Test func otherDeclaredPositionCountsAreRefused() throws {
        let dir = TestFolder()
        for delta in [-1, 1] {
            let path = try Self.engine(in: dir, Self.recount("POSITION", by: delta))
            #expect(Self.refused(path, mentioning: ["positions", "Draco"]))
        }
    }

    @Test func anotherDeclaredNormalCountIsRefused() throws {
        let dir = TestFolder()
        let path = try Self.engine(in: dir, Self.recount("NORMAL", by: 5))
        #expect(Self.refused(path, mentioning: ["Draco", "NORMAL"]))
    }

    @Test func anAccessorWiderThanItsDecodedAttributeIsRefused() throws {
        let dir = TestFolder()
        let path = try Self.engine(in: dir) { json in
            guard var accessors = json["accessors"] as? [[String: Any]],
                let primitive = ((json["meshes"] as? [[String: Any]])?[0]["primitives"] as? [[String: Any]])?.first,
                let normal = (primitive["attributes"] as? [String: Int])?["NORMAL"]
            else { return }
            accessors[normal]["type"] = "VEC4"
            json["accessors"] = accessors
        }
        #expect(Self.refused(path, mentioning: ["Draco attribute NORMAL has 3 components", "declares 4"]))
    }

    @Test func aDracoAttributeIdBeyond32BitsIsRefused() throws {
        let dir = TestFolder()
        let path = try Self.engine(in: dir) { json in
            guard var meshes = json["meshes"] as? [[String: Any]],
                var primitives = meshes[0]["primitives"] as? [[String: Any]],
                var extensions = primitives[0]["extensions"] as? [String: Any],
                var draco = extensions["KHR_draco_mesh_compression"] as? [String: Any],
                var attributes = draco["attributes"] as? [String: Int]
            else { return }
            attributes["NORMAL"] = 4_294_967_296
            draco["attributes"] = attributes
            extensions["KHR_draco_mesh_compression"] = draco
            primitives[0]["extensions"] = extensions
            meshes[0]["primitives"] = primitives
            json["meshes"] = meshes
        }
        #expect(Self.refused(path, mentioning: ["Draco", "NORMAL"]))
    }
}
