import CMeshopt
import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// `EXT_meshopt_compression` (gltfpack's output) decoded through meshoptimizer: a file whose
/// vertex and index views are compressed reads back to the same mesh as the plain file.
@Suite struct GLTFMeshopt {
    /// The unit cube as a GLB whose positions+normals (one interleaved view) and indices are
    /// meshopt-compressed into buffer 1, buffer 0 being the uncompressed fallback's size only.
    static func compressedCube(damage: Bool = false) throws -> [UInt8] {
        let cube = GLTFReading.unitCube
        var vertices: [Float] = []
        for (p, n) in zip(cube.positions, cube.normals) { vertices += [p.x, p.y, p.z, n.x, n.y, n.z] }
        let count = cube.vertexCount
        var packed = [UInt8](repeating: 0, count: orbit_meshopt_encode_vertices_bound(count, 24))
        let vertexBytes = packed.withUnsafeMutableBufferPointer { out in
            vertices.withUnsafeBytes {
                orbit_meshopt_encode_vertices(out.baseAddress, out.count, $0.baseAddress, count, 24)
            }
        }
        let indices = cube.indices
        var packedIndices = [UInt8](
            repeating: 0, count: orbit_meshopt_encode_triangles_bound(indices.count, count))
        let indexBytes = packedIndices.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer {
                orbit_meshopt_encode_triangles(out.baseAddress, out.count, $0.baseAddress, indices.count)
            }
        }
        try #require(vertexBytes > 0 && indexBytes > 0)
        var bin = Array(packed.prefix(vertexBytes))
        while bin.count % 4 != 0 { bin.append(0) }
        let indexOffset = bin.count
        bin += packedIndices.prefix(indexBytes)
        while bin.count % 4 != 0 { bin.append(0) }
        if damage { for k in stride(from: 1, to: vertexBytes, by: 3) { bin[k] ^= 0xA5 } }
        let json: [String: Any] = [
            "asset": ["version": "2.0"], "extensionsUsed": ["EXT_meshopt_compression"],
            "extensionsRequired": ["EXT_meshopt_compression"],
            "scene": 0, "scenes": [["nodes": [0]]], "nodes": [["mesh": 0]],
            "meshes": [["primitives": [["attributes": ["POSITION": 0, "NORMAL": 1], "indices": 2]]]],
            "accessors": [
                ["bufferView": 0, "componentType": 5126, "count": count, "type": "VEC3"],
                ["bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": count, "type": "VEC3"],
                ["bufferView": 1, "componentType": 5125, "count": indices.count, "type": "SCALAR"],
            ],
            "bufferViews": [
                [
                    "buffer": 0, "byteLength": count * 24, "byteStride": 24,
                    "extensions": [
                        "EXT_meshopt_compression": [
                            "buffer": 1, "byteLength": vertexBytes, "byteStride": 24, "count": count,
                            "mode": "ATTRIBUTES",
                        ]
                    ],
                ],
                [
                    "buffer": 0, "byteOffset": count * 24, "byteLength": indices.count * 4,
                    "extensions": [
                        "EXT_meshopt_compression": [
                            "buffer": 1, "byteOffset": indexOffset, "byteLength": indexBytes, "byteStride": 4,
                            "count": indices.count, "mode": "TRIANGLES",
                        ]
                    ],
                ],
            ],
            "buffers": [
                [
                    "byteLength": count * 24 + indices.count * 4,
                    "extensions": ["EXT_meshopt_compression": ["fallback": true]],
                ],
                [
                    "uri": "data:application/octet-stream;base64," + Data(bin).base64EncodedString(),
                    "byteLength": bin.count,
                ],
            ],
        ]
        return [UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
    }

    @Test func compressedViewsReadBackToThePlainMesh() throws {
        let node = try ModelLoader.load(data: try Self.compressedCube(), name: "packed.gltf")
        let mesh = try #require(node.children.first?.content?.mesh)
        let cube = GLTFReading.unitCube
        #expect(mesh.positions == cube.positions)
        #expect(mesh.normals == cube.normals)
        #expect(mesh.indices == cube.indices)
    }

    @Test func damagedCompressedDataIsACleanError() throws {
        #expect {
            try ModelLoader.load(data: try Self.compressedCube(damage: true), name: "packed.gltf")
        } throws: { error in
            let text = (error as? AssetError)?.description ?? ""
            return text.contains("packed.gltf") && !text.contains("\n")
        }
    }
}
