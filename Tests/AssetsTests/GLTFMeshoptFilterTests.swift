import CMeshopt
import Foundation
import Testing

@testable import Assets

/// `EXT_meshopt_compression`'s modes (ATTRIBUTES, TRIANGLES, INDICES) and filters
/// (OCTAHEDRAL, QUATERNION, EXPONENTIAL): known values encoded with meshoptimizer's own
/// encoders read back through the glTF reader's buffer views.
@Suite struct GLTFMeshoptFilters {
    /// The bytes of a one-view document whose view is `packed` (meshopt data of `count`
    /// elements of `stride` bytes in `mode` with `filter`), as the reader decodes them.
    /// With `required` false the extension is optional and buffer 0 holds `fallback`.
    static func decoded(
        _ packed: [UInt8], mode: String, filter: String? = nil, stride: Int, count: Int, required: Bool = true,
        fallback: [UInt8]? = nil
    ) throws -> [UInt8] {
        var ext: [String: Any] = [
            "buffer": 1, "byteLength": packed.count, "byteStride": stride, "count": count, "mode": mode,
        ]
        if let filter { ext["filter"] = filter }
        var plain: [String: Any] = ["byteLength": count * stride]
        if let fallback {
            plain["uri"] = "data:application/octet-stream;base64," + Data(fallback).base64EncodedString()
        } else {
            plain["extensions"] = ["EXT_meshopt_compression": ["fallback": true]]
        }
        var view: [String: Any] = [
            "buffer": 0, "byteLength": count * stride, "extensions": ["EXT_meshopt_compression": ext],
        ]
        if mode == "ATTRIBUTES" { view["byteStride"] = stride }
        var json: [String: Any] = [
            "asset": ["version": "2.0"], "extensionsUsed": ["EXT_meshopt_compression"], "bufferViews": [view],
            "buffers": [
                plain,
                [
                    "uri": "data:application/octet-stream;base64," + Data(packed).base64EncodedString(),
                    "byteLength": packed.count,
                ],
            ],
        ]
        if required { json["extensionsRequired"] = ["EXT_meshopt_compression"] }
        let doc = try JSONDecoder().decode(
            GLTFDocument.self, from: try JSONSerialization.data(withJSONObject: json))
        var reader = GLTFReader(
            doc: doc, name: "filters.gltf", binaryChunk: nil, context: LoadContext(access: FileAccess.refusingAll))
        let view0 = try reader.bufferView(0)
        return Array(view0.bytes[view0.start..<(view0.start + view0.length)])
    }

    /// `raw` (count elements of `stride` bytes) packed as meshopt vertex data.
    static func packVertices(_ raw: [UInt8], count: Int, stride: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: orbit_meshopt_encode_vertices_bound(count, stride))
        let n = out.withUnsafeMutableBufferPointer { o in
            raw.withUnsafeBytes { orbit_meshopt_encode_vertices(o.baseAddress, o.count, $0.baseAddress, count, stride) }
        }
        return Array(out.prefix(n))
    }

    static func floats(_ bytes: [UInt8]) -> [Float] {
        stride(from: 0, to: bytes.count - 3, by: 4).map {
            Float(
                bitPattern: UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16
                    | UInt32(bytes[$0 + 3]) << 24)
        }
    }

    static func uint32s(_ bytes: [UInt8]) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map {
            UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16 | UInt32(bytes[$0 + 3]) << 24
        }
    }

    /// `data` (4 floats per element) through one of meshoptimizer's filter encoders.
    static func filtered(
        _ data: [Float], stride: Int, bits: Int32,
        _ encode: (UnsafeMutableRawPointer?, Int, Int, Int32, UnsafePointer<Float>?) -> Void
    ) -> [UInt8] {
        let count = data.count / 4
        var out = [UInt8](repeating: 0, count: count * stride)
        out.withUnsafeMutableBytes { o in
            data.withUnsafeBufferPointer { encode(o.baseAddress, count, stride, bits, $0.baseAddress) }
        }
        return out
    }

    static let unitVectors: [Float] = [
        1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0.6, 0.8, 0, 0, -0.48, 0.6, 0.64, 0, 0.36, -0.48, -0.8, 0,
    ]

    @Test func octahedralNormalsDecodeToTheirUnitVectors() throws {
        let count = Self.unitVectors.count / 4
        let raw = Self.filtered(Self.unitVectors, stride: 8, bits: 16) {
            orbit_meshopt_encode_filter_octahedral($0, $1, $2, $3, $4)
        }
        let bytes = try Self.decoded(
            Self.packVertices(raw, count: count, stride: 8), mode: "ATTRIBUTES", filter: "OCTAHEDRAL", stride: 8,
            count: count)
        // Decoded: signed normalized 16-bit x, y, z (and w) per element.
        for i in 0..<count {
            for k in 0..<3 {
                let v = Int16(bitPattern: UInt16(bytes[8 * i + 2 * k]) | UInt16(bytes[8 * i + 2 * k + 1]) << 8)
                #expect(abs(Float(v) / 32767 - Self.unitVectors[4 * i + k]) < 1e-3, "element \(i) component \(k)")
            }
        }
    }

    @Test func quaternionsDecodeToTheirRotations() throws {
        let s = Float(0.5).squareRoot()
        let quaternions: [Float] = [0, 0, 0, 1, s, 0, 0, s, 0, -s, 0, s, 0.5, 0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5]
        let count = quaternions.count / 4
        let raw = Self.filtered(quaternions, stride: 8, bits: 16) {
            orbit_meshopt_encode_filter_quaternion($0, $1, $2, $3, $4)
        }
        let bytes = try Self.decoded(
            Self.packVertices(raw, count: count, stride: 8), mode: "ATTRIBUTES", filter: "QUATERNION", stride: 8,
            count: count)
        for i in 0..<count {
            let q = (0..<4).map { k in
                Float(Int16(bitPattern: UInt16(bytes[8 * i + 2 * k]) | UInt16(bytes[8 * i + 2 * k + 1]) << 8)) / 32767
            }
            let want = Array(quaternions[(4 * i)..<(4 * i + 4)])
            // q and -q are the same rotation.
            let dot = zip(q, want).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(abs(abs(dot) - 1) < 1e-3, "quaternion \(i): \(q) for \(want)")
        }
    }

    @Test func exponentialFloatsDecodeToTheirValues() throws {
        let values: [Float] = [1.5, -2.25, 1000, 0.001, 0, -65536, 3.14159, 42, 7, -0.5, 12.5, 1e-6]
        let count = values.count / 4
        let raw = Self.filtered(values, stride: 16, bits: 24) {
            orbit_meshopt_encode_filter_exponential($0, $1, $2, $3, $4)
        }
        let out = Self.floats(
            try Self.decoded(
                Self.packVertices(raw, count: count, stride: 16), mode: "ATTRIBUTES", filter: "EXPONENTIAL",
                stride: 16, count: count))
        #expect(out.count == values.count)
        // Each element shares one exponent: the error is relative to its largest component.
        for (i, (got, want)) in zip(out, values).enumerated() {
            let scale = values[(i / 4 * 4)..<(i / 4 * 4 + 4)].map(abs).max() ?? 1
            #expect(abs(got - want) <= 2e-6 * max(1, scale), "\(got) for \(want)")
        }
    }

    @Test func plainAttributesDecodeToTheirBytes() throws {
        let raw = (0..<96).map { UInt8(($0 * 37) & 0xFF) }
        #expect(
            try Self.decoded(Self.packVertices(raw, count: 8, stride: 12), mode: "ATTRIBUTES", stride: 12, count: 8)
                == raw)
    }

    @Test func trianglesAndIndexSequencesDecodeToTheirIndices() throws {
        let triangles: [UInt32] = [0, 1, 2, 2, 1, 3, 3, 4, 2, 5, 4, 3, 0, 2, 6]
        var packed = [UInt8](repeating: 0, count: orbit_meshopt_encode_triangles_bound(triangles.count, 7))
        var n = packed.withUnsafeMutableBufferPointer { o in
            triangles.withUnsafeBufferPointer {
                orbit_meshopt_encode_triangles(o.baseAddress, o.count, $0.baseAddress, triangles.count)
            }
        }
        let fromTriangles = Self.uint32s(
            try Self.decoded(Array(packed.prefix(n)), mode: "TRIANGLES", stride: 4, count: triangles.count))
        // The triangle codec may rotate a triangle's corners; each triangle keeps its winding.
        #expect(fromTriangles.count == triangles.count)
        for t in 0..<(triangles.count / 3) {
            let got = Array(fromTriangles[(3 * t)..<(3 * t + 3)])
            let want = Array(triangles[(3 * t)..<(3 * t + 3)])
            let turns = [want, [want[1], want[2], want[0]], [want[2], want[0], want[1]]]
            #expect(turns.contains(got), "triangle \(t): \(got) for \(want)")
        }
        let sequence: [UInt32] = [5, 6, 7, 100, 3, 3, 0, 65_000, 12, 13]
        packed = [UInt8](repeating: 0, count: orbit_meshopt_encode_indices_bound(sequence.count, 65_001))
        n = packed.withUnsafeMutableBufferPointer { o in
            sequence.withUnsafeBufferPointer {
                orbit_meshopt_encode_indices(o.baseAddress, o.count, $0.baseAddress, sequence.count)
            }
        }
        #expect(
            Self.uint32s(try Self.decoded(Array(packed.prefix(n)), mode: "INDICES", stride: 4, count: sequence.count))
                == sequence)
    }

    @Test func anOptionalExtensionWithAFallbackBufferStillDecodes() throws {
        let raw = (0..<48).map { UInt8($0) }
        let bytes = try Self.decoded(
            Self.packVertices(raw, count: 4, stride: 12), mode: "ATTRIBUTES", stride: 12, count: 4, required: false,
            fallback: [UInt8](repeating: 0xEE, count: 48))
        #expect(bytes == raw)
    }
}
