import Foundation

/// Writes an animated morph-target glTF file for tests: a square plate (side 1, in the XY
/// plane facing +Z, corners (0,0) to (1,1)) of two triangles with one morph target that
/// moves its top edge 0.5 along +X (a lean), its weight animated linearly from 0 to 1 over
/// 1 s and back to 0 at 2 s (animation `lean`).
public enum MorphGLTF {
    /// Writes the file to `path` (JSON with the buffer as a data URI).
    public static func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    /// The file's bytes.
    public static func bytes() -> [UInt8] {
        var bin: [UInt8] = []
        var views: [[String: Any]] = []
        var accessors: [[String: Any]] = []
        func add(_ v: [Float], type: String, count: Int, minMax: ([Float], [Float])? = nil) -> Int {
            let start = bin.count
            for f in v { withUnsafeBytes(of: f.bitPattern.littleEndian) { bin += $0 } }
            views.append(["buffer": 0, "byteOffset": start, "byteLength": bin.count - start])
            var a: [String: Any] = ["bufferView": views.count - 1, "componentType": 5126, "count": count, "type": type]
            if let (lo, hi) = minMax {
                a["min"] = lo
                a["max"] = hi
            }
            accessors.append(a)
            return accessors.count - 1
        }
        let positions = add(
            [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0], type: "VEC3", count: 6,
            minMax: ([0, 0, 0], [1, 1, 0]))
        let lean = add(
            [0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0.5, 0, 0, 0.5, 0, 0], type: "VEC3", count: 6,
            minMax: ([0, 0, 0], [0.5, 0, 0]))
        let times = add([0, 1, 2], type: "SCALAR", count: 3, minMax: ([0], [2]))
        let weights = add([0, 1, 0], type: "SCALAR", count: 3)
        let doc: [String: Any] = [
            "asset": ["version": "2.0"], "scene": 0, "scenes": [["nodes": [0]]], "nodes": [["mesh": 0]],
            "meshes": [["primitives": [["attributes": ["POSITION": positions], "targets": [["POSITION": lean]]]]]],
            "animations": [
                [
                    "name": "lean", "channels": [["sampler": 0, "target": ["node": 0, "path": "weights"]]],
                    "samplers": [["input": times, "output": weights, "interpolation": "LINEAR"]],
                ]
            ],
            "accessors": accessors, "bufferViews": views,
            "buffers": [
                [
                    "byteLength": bin.count,
                    "uri": "data:application/octet-stream;base64," + Data(bin).base64EncodedString(),
                ]
            ],
        ]
        return [UInt8]((try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys])) ?? Data())
    }
}
