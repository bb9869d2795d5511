import Foundation

/// Writes an animated, skinned glTF file for tests and benchmarks: an upright open
/// cylinder (radius 0.25, height 2, base at the origin) of `rings` x `segments` quads
/// (2 x rings x segments triangles) bound to two joints, `lower` at the origin and
/// `upper` at height 1 (its child), each vertex blending the two over the middle half of
/// the height. Two animations: `bend` turns `upper` about Z from 0 to 60 degrees and back
/// over 2 s; `sway` moves `lower` along X from 0 to 0.5 and back over 4 s (both linear).
public enum SkinnedGLTF {
    /// Writes the file to `path` (JSON with the buffer as a data URI).
    public static func write(to path: String, rings: Int = 8, segments: Int = 12) throws {
        try Data(bytes(rings: rings, segments: segments)).write(to: URL(fileURLWithPath: path))
    }

    /// The file's bytes.
    public static func bytes(rings: Int, segments: Int) -> [UInt8] {
        let rings = max(1, rings)
        let segments = max(3, segments)
        var bin: [UInt8] = []
        var views: [[String: Any]] = []
        var accessors: [[String: Any]] = []
        func add(_ words: [UInt32], type: String, componentType: Int, count: Int, minMax: ([Float], [Float])? = nil)
            -> Int
        {
            let start = bin.count
            for w in words { withUnsafeBytes(of: w.littleEndian) { bin += $0 } }
            views.append(["buffer": 0, "byteOffset": start, "byteLength": bin.count - start])
            var a: [String: Any] = [
                "bufferView": views.count - 1, "componentType": componentType, "count": count, "type": type,
            ]
            if let (lo, hi) = minMax {
                a["min"] = lo
                a["max"] = hi
            }
            accessors.append(a)
            return accessors.count - 1
        }
        func floats(_ v: [Float], type: String, width: Int, minMax: Bool = false) -> Int {
            var range: ([Float], [Float])? = nil
            if minMax {
                var lo = [Float](repeating: .infinity, count: width)
                var hi = [Float](repeating: -.infinity, count: width)
                for (i, x) in v.enumerated() {
                    lo[i % width] = min(lo[i % width], x)
                    hi[i % width] = max(hi[i % width], x)
                }
                range = (lo, hi)
            }
            return add(v.map(\.bitPattern), type: type, componentType: 5126, count: v.count / width, minMax: range)
        }
        var positions: [Float] = []
        var normals: [Float] = []
        var joints: [UInt32] = []
        var weights: [Float] = []
        for r in 0...rings {
            let y = 2 * Float(r) / Float(rings)
            let upper = min(1, max(0, y - 0.5))
            for s in 0..<segments {
                let a = 2 * Float.pi * Float(s) / Float(segments)
                positions += [0.25 * cos(a), y, -0.25 * sin(a)]
                normals += [cos(a), 0, -sin(a)]
                joints.append(0x0000_0100)  // joints 0, 1, 0, 0 as four bytes
                weights += [1 - upper, upper, 0, 0]
            }
        }
        var indices: [UInt32] = []
        for r in 0..<rings {
            for s in 0..<segments {
                let a = UInt32(r * segments + s)
                let b = UInt32(r * segments + (s + 1) % segments)
                let c = a + UInt32(segments)
                let d = b + UInt32(segments)
                indices += [a, b, d, a, d, c]
            }
        }
        let vertexCount = (rings + 1) * segments
        let position = floats(positions, type: "VEC3", width: 3, minMax: true)
        let normal = floats(normals, type: "VEC3", width: 3)
        let joint = add(joints, type: "VEC4", componentType: 5121, count: vertexCount)
        let weight = floats(weights, type: "VEC4", width: 4)
        let index = add(indices, type: "SCALAR", componentType: 5125, count: indices.count)
        let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        var down = identity
        down[13] = -1
        let inverseBind = floats(identity + down, type: "MAT4", width: 16)
        let halfTurn = Float.pi / 6  // half of 60 degrees
        let bendTimes = floats([0, 1, 2], type: "SCALAR", width: 1, minMax: true)
        let bendValues = floats(
            [0, 0, 0, 1, 0, 0, sin(halfTurn), cos(halfTurn), 0, 0, 0, 1], type: "VEC4", width: 4)
        let swayTimes = floats([0, 2, 4], type: "SCALAR", width: 1, minMax: true)
        let swayValues = floats([0, 0, 0, 0.5, 0, 0, 0, 0, 0], type: "VEC3", width: 3)
        func animation(_ name: String, node: Int, path: String, input: Int, output: Int) -> [String: Any] {
            [
                "name": name, "channels": [["sampler": 0, "target": ["node": node, "path": path]]],
                "samplers": [["input": input, "output": output, "interpolation": "LINEAR"]],
            ]
        }
        let doc: [String: Any] = [
            "asset": ["version": "2.0"],
            "scene": 0,
            "scenes": [["nodes": [0, 1]]],
            "nodes": [
                ["name": "cylinder", "mesh": 0, "skin": 0],
                ["name": "lower", "children": [2]],
                ["name": "upper", "translation": [0, 1, 0]],
            ],
            "meshes": [
                [
                    "primitives": [
                        [
                            "attributes": [
                                "POSITION": position, "NORMAL": normal, "JOINTS_0": joint, "WEIGHTS_0": weight,
                            ],
                            "indices": index,
                        ]
                    ]
                ]
            ],
            "skins": [["joints": [1, 2], "inverseBindMatrices": inverseBind]],
            "animations": [
                animation("bend", node: 2, path: "rotation", input: bendTimes, output: bendValues),
                animation("sway", node: 1, path: "translation", input: swayTimes, output: swayValues),
            ],
            "accessors": accessors,
            "bufferViews": views,
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
