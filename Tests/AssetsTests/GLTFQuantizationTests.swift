import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// `KHR_mesh_quantization`: positions, normals and texture coordinates stored as 8- and
/// 16-bit integers read back to the values they stand for.
@Suite struct GLTFQuantization {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// One triangle: positions as plain signed shorts (scaled by the node), normals as
    /// normalized signed bytes (padded to 4 bytes), texture coordinates as normalized
    /// unsigned shorts, in the componentTypes `positionType` etc.
    static func glb(positionType: Int = 5122, positionNormalized: Bool = false) -> [UInt8] {
        var bin: [UInt8] = []
        // Positions: (0,0,0) (100,0,0) (0,-100,0) as shorts, 8 bytes per element (stride).
        for p in [[0, 0, 0], [100, 0, 0], [0, -100, 0]] { bin += p.flatMap { le16($0) } + [0, 0] }
        // Normals: +Z as normalized bytes (0, 0, 127), stride 4.
        for _ in 0..<3 { bin += [0, 0, 127, 0] }
        // Coordinates: (0,0) (1,0) (0,0.5) as normalized unsigned shorts.
        for t in [[0, 0], [65535, 0], [0, 32768]] { bin += t.flatMap { le16($0) } }
        bin += [0, 0, 0, 0]
        let json: [String: Any] = [
            "asset": ["version": "2.0"], "extensionsUsed": ["KHR_mesh_quantization"],
            "extensionsRequired": ["KHR_mesh_quantization"],
            "scene": 0, "scenes": [["nodes": [0]]],
            "nodes": [["mesh": 0, "scale": [0.01, 0.01, 0.01]]],
            "meshes": [
                ["primitives": [["attributes": ["POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2]]]]
            ],
            "accessors": [
                [
                    "bufferView": 0, "componentType": positionType, "normalized": positionNormalized, "count": 3,
                    "type": "VEC3", "min": [0, -100, 0], "max": [100, 0, 0],
                ],
                ["bufferView": 1, "componentType": 5120, "normalized": true, "count": 3, "type": "VEC3"],
                ["bufferView": 2, "componentType": 5123, "normalized": true, "count": 3, "type": "VEC2"],
            ],
            "bufferViews": [
                ["buffer": 0, "byteOffset": 0, "byteLength": 24, "byteStride": 8],
                ["buffer": 0, "byteOffset": 24, "byteLength": 12, "byteStride": 4],
                ["buffer": 0, "byteOffset": 36, "byteLength": 12],
            ],
            "buffers": [["byteLength": bin.count]],
        ]
        var text = [UInt8]((try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data())
        while text.count % 4 != 0 { text.append(0x20) }
        func u32(_ v: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(v).littleEndian) { Array($0) } }
        return Array("glTF".utf8) + u32(2) + u32(12 + 8 + text.count + 8 + bin.count) + u32(text.count)
            + Array("JSON".utf8) + text + u32(bin.count) + [0x42, 0x49, 0x4E, 0x00] + bin
    }

    @Test func integerAttributesReadBackToTheirValues() throws {
        let node = try ModelLoader.load(data: Self.glb(), name: "quantized.glb")
        let child = try #require(node.children.first)
        let mesh = try #require(child.content?.mesh)
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(100, 0, 0), Vec3(0, -100, 0)])
        #expect(child.transform.scale == Vec3(repeating: 0.01))
        #expect(mesh.normals.allSatisfy { $0 == Vec3(0, 0, 1) })
        // Scene-graph v runs up: glTF (0, 0.5) becomes (0, 0.5), (1, 0) becomes (1, 1).
        #expect(mesh.uvs[1] == Vec2(1, 1))
        #expect(abs(mesh.uvs[2].y - (1 - 32768 / 65535)) < 1e-6)
    }

    @Test func normalizedBytePositionsAreFractions() throws {
        // Normalized signed shorts: 100 / 32767.
        let mesh = try #require(
            try ModelLoader.load(data: Self.glb(positionNormalized: true), name: "q.glb").children.first?.content?.mesh)
        #expect(abs(mesh.positions[1].x - 100 / 32767) < 1e-7)
    }

    @Test func quantizationIsNoLongerARefusedRequirement() {
        #expect(GLTFReader.supportedExtensions.contains("KHR_mesh_quantization"))
    }
}
