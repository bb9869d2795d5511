import Foundation
import SceneGraph

extension HostileCorpus {
    /// A valid one-triangle glTF document as a dictionary, for the cases to break.
    static func triangleDocument() -> [String: Any] {
        var bin: [UInt8] = []
        for f: Float in [0, 0, 0, 1, 0, 0, 0, 1, 0] { withUnsafeBytes(of: f.bitPattern.littleEndian) { bin += $0 } }
        bin += [0, 0, 1, 0, 2, 0, 0, 0]
        return [
            "asset": ["version": "2.0"],
            "scene": 0, "scenes": [["nodes": [0]]],
            "nodes": [["mesh": 0]],
            "meshes": [["primitives": [["attributes": ["POSITION": 0], "indices": 1]]]],
            "accessors": [
                ["bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"],
                ["bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"],
            ],
            "bufferViews": [
                ["buffer": 0, "byteOffset": 0, "byteLength": 36], ["buffer": 0, "byteOffset": 36, "byteLength": 6],
            ],
            "buffers": [
                ["byteLength": 44, "uri": "data:application/octet-stream;base64," + Data(bin).base64EncodedString()]
            ],
        ]
    }

    static func json(_ doc: [String: Any]) -> [UInt8] {
        [UInt8]((try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys])) ?? Data())
    }

    /// The triangle document with `change` applied.
    static func gltf(_ change: (inout [String: Any]) -> Void) -> [UInt8] {
        var doc = triangleDocument()
        change(&doc)
        return json(doc)
    }

    /// Sets `doc[key][index][field] = value`.
    static func set(_ doc: inout [String: Any], _ key: String, _ index: Int, _ field: String, _ value: Any) {
        var list = doc[key] as? [[String: Any]] ?? []
        list[index][field] = value
        doc[key] = list
    }

    static var gltfCases: [HostileCase] {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let nanBuffer: [UInt8] =
            withUnsafeBytes(of: Float.nan.bitPattern.littleEndian) { Array($0) } + [UInt8](repeating: 0, count: 40)
        return [
            HostileCase("empty.gltf", "", expect: "empty file"),
            HostileCase("noise.gltf", HostileCase.noise(2000, seed: 4), expect: "not a glTF document"),
            HostileCase("brace.gltf", "{", expect: "not a glTF document"),
            HostileCase("deep.gltf", "{\"asset\":\(deep)}", expect: "JSON nested deeper than 128 levels"),
            HostileCase("no-asset.gltf", "{}", expect: "asset: required but missing"),
            HostileCase(
                "version.gltf", gltf { $0["asset"] = ["version": "1.0"] },
                expect: "glTF 1.0 is not supported (glTF 2.0 only)"),
            HostileCase(
                "technique.gltf", gltf { $0["extensionsRequired"] = ["KHR_technique_webgl"] },
                expect: "requires the extension KHR_technique_webgl"),
            HostileCase(
                "count.gltf", gltf { set(&$0, "accessors", 0, "count", 1_000_000_000) },
                expect: "count 1000000000 is not in 1...10000000"),
            HostileCase(
                "zeros.gltf",
                gltf {
                    var a = ($0["accessors"] as? [[String: Any]]) ?? []
                    a[0] = ["componentType": 5126, "count": 10_000_000, "type": "VEC3"]
                    $0["accessors"] = a
                },
                expect: "has no bufferView"),
            HostileCase("overrun.gltf", gltf { set(&$0, "accessors", 0, "count", 4) }, expect: "overrun bufferView 0"),
            HostileCase(
                "offset.gltf", gltf { set(&$0, "accessors", 0, "byteOffset", Int.max) },
                expect: "overrun bufferView 0"),
            HostileCase(
                "view.gltf", gltf { set(&$0, "bufferViews", 1, "byteLength", 600) },
                expect: "bufferView 1 (offset 36, 600 bytes) lies outside buffer 0"),
            HostileCase(
                "view-offset.gltf", gltf { set(&$0, "bufferViews", 0, "byteOffset", -8) },
                expect: "lies outside buffer 0"),
            HostileCase(
                "stride.gltf", gltf { set(&$0, "bufferViews", 0, "byteStride", 3) },
                expect: "byteStride 3 is not a multiple of 4"),
            HostileCase(
                "small-stride.gltf", gltf { set(&$0, "bufferViews", 0, "byteStride", 4) },
                expect: "byteStride 4 is smaller than an element"),
            HostileCase(
                "buffer.gltf", gltf { set(&$0, "buffers", 0, "byteLength", 4000) },
                expect: "buffer 0 declares 4000 bytes but holds 44"),
            HostileCase(
                "buffer-huge.gltf", gltf { set(&$0, "buffers", 0, "byteLength", 1 << 40) },
                expect: "beyond the 256 MB limit"),
            HostileCase(
                "index.gltf",
                gltf {
                    var bin: [UInt8] = []
                    for f: Float in [0, 0, 0, 1, 0, 0, 0, 1, 0] {
                        withUnsafeBytes(of: f.bitPattern.littleEndian) { bin += $0 }
                    }
                    bin += [0, 0, 1, 0, 0xF4, 0x01, 0, 0]
                    set(
                        &$0, "buffers", 0, "uri",
                        "data:application/octet-stream;base64," + Data(bin).base64EncodedString())
                }, expect: "index 500 out of range (3 vertices)"),
            HostileCase(
                "nan.gltf",
                gltf {
                    set(
                        &$0, "buffers", 0, "uri",
                        "data:application/octet-stream;base64," + Data(nanBuffer).base64EncodedString())
                },
                expect: "element 0 is not finite"),
            HostileCase(
                "component.gltf", gltf { set(&$0, "accessors", 0, "componentType", 5130) }, expect: "componentType 5130"
            ),
            HostileCase(
                "type.gltf", gltf { set(&$0, "accessors", 0, "type", "MAT4") }, expect: "has type MAT4, expected VEC3"),
            HostileCase(
                "sparse.gltf", gltf { set(&$0, "accessors", 0, "sparse", ["count": 1]) },
                expect: "sparse.indices: required but missing"),
            HostileCase(
                "accessor-range.gltf", gltf { $0["meshes"] = [["primitives": [["attributes": ["POSITION": 7]]]]] },
                expect: "accessor index 7 out of range"),
            HostileCase(
                "node-range.gltf", gltf { $0["scenes"] = [["nodes": [5]]] }, expect: "node index 5 out of range"),
            HostileCase("scene-range.gltf", gltf { $0["scene"] = 3 }, expect: "scene 3 out of range"),
            HostileCase(
                "cycle.gltf", gltf { $0["nodes"] = [["mesh": 0, "children": [1]], ["children": [0]]] },
                expect: "is its own ancestor"),
            HostileCase(
                "explosion.gltf",
                gltf { doc in
                    doc["nodes"] = (0..<40).map { i in
                        i == 39 ? ["mesh": 0] : ["children": [i + 1, i + 1]] as [String: Any]
                    }
                }, expect: "more than 100000 node instances"),
            HostileCase(
                "deep-nodes.gltf",
                gltf { doc in
                    doc["nodes"] = (0..<200).map { i in i == 199 ? ["mesh": 0] : ["children": [i + 1]] as [String: Any]
                    }
                }, expect: "nodes nested deeper than 128 levels"),
            HostileCase(
                "matrix.gltf", gltf { set(&$0, "nodes", 0, "matrix", [1, 2, 3]) },
                expect: "matrix needs 16 finite numbers"),
            HostileCase(
                "huge-number.gltf", gltf { set(&$0, "nodes", 0, "translation", [1e300, 0, 0]) },
                expect: "huge-number.gltf: "),
            HostileCase(
                "traversal.gltf", gltf { set(&$0, "buffers", 0, "uri", "../secret.bin") },
                expect: "buffer 0: buffer '../secret.bin' leaves the model's folder"),
            HostileCase(
                "encoded-traversal.gltf", gltf { set(&$0, "buffers", 0, "uri", "%2E%2E/secret.bin") },
                expect: "leaves the model's folder"),
            HostileCase(
                "absolute.gltf", gltf { set(&$0, "buffers", 0, "uri", HostileCase.secretPath) },
                expect: "is an absolute path"),
            HostileCase(
                "file-uri.gltf", gltf { set(&$0, "buffers", 0, "uri", "file://" + HostileCase.secretPath) },
                expect: "is a URI with a scheme"),
            HostileCase(
                "http.gltf", gltf { set(&$0, "buffers", 0, "uri", "http://127.0.0.1:9/x.bin") },
                expect: "is a URI with a scheme"),
            HostileCase(
                "base64.gltf", gltf { set(&$0, "buffers", 0, "uri", "data:application/octet-stream;base64,@@@@") },
                expect: "buffer 0 declares 44 bytes but holds 0"),
            HostileCase(
                "image-traversal.gltf",
                gltf { doc in
                    doc["materials"] = [["pbrMetallicRoughness": ["baseColorTexture": ["index": 0]]]]
                    doc["textures"] = [["source": 0]]
                    doc["images"] = [["uri": "../../etc/passwd"]]
                    set(
                        &doc, "meshes", 0, "primitives", [["attributes": ["POSITION": 0], "indices": 1, "material": 0]])
                }, expect: "image 0: texture '../../etc/passwd' leaves the model's folder"),
            HostileCase(
                "material-range.gltf",
                gltf { set(&$0, "meshes", 0, "primitives", [["attributes": ["POSITION": 0], "material": 9]]) },
                expect: "material index 9 out of range"),
        ]
    }

    static var glbCases: [HostileCase] {
        let good = GLTFBuilder()
        good.addNode(["mesh": good.addMesh(Mesh.cube(), material: nil)], root: true)
        let glb = good.glb()
        var longer = glb
        longer.replaceSubrange(8..<12, with: withUnsafeBytes(of: UInt32(1 << 30).littleEndian) { Array($0) })
        var chunk = glb
        chunk.replaceSubrange(12..<16, with: withUnsafeBytes(of: UInt32(0xFFFF_FFF0).littleEndian) { Array($0) })
        var version = glb
        version[4] = 1
        var noJSON = glb
        noJSON.replaceSubrange(16..<20, with: Array("XXXX".utf8))
        return [
            HostileCase("empty.glb", "", expect: "empty file"),
            HostileCase("short.glb", "glTF", expect: "too short for a GLB file"),
            HostileCase("magic.glb", HostileCase.noise(64, seed: 5), expect: "not a GLB file"),
            HostileCase("truncated.glb", Array(glb.prefix(glb.count / 2)), expect: "(truncated)"),
            HostileCase("length.glb", longer, expect: "declares 1073741824 bytes"),
            HostileCase("chunk.glb", chunk, expect: "GLB chunk at byte 12 declares 4294967280 bytes"),
            HostileCase("version.glb", version, expect: "glTF 1.0 is not supported (glTF 2.0 only)"),
            HostileCase("no-json.glb", noJSON, expect: "has no JSON chunk"),
        ]
    }
}
