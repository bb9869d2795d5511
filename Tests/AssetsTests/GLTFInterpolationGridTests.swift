import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// A generated counterpart of the Khronos InterpolationTest: translation, rotation and
/// scale each animated with STEP, LINEAR and CUBICSPLINE (nine animations on nine nodes),
/// keys at 0, 1 and 3 s (unequal intervals, so cubic tangents are scaled), and every
/// value at and between keys computed here from the keys, independently of the player.
@Suite struct GLTFInterpolationGridTests {
    static let times: [Double] = [0, 1, 3]
    static let paths = ["translation", "rotation", "scale"]
    static let modes = ["STEP", "LINEAR", "CUBICSPLINE"]

    /// Key values per path (3 keys).
    static func keys(_ path: String) -> [[Double]] {
        switch path {
        case "translation": return [[0, 0, 0], [1, 2, -1], [-2, 0.5, 3]]
        case "scale": return [[1, 1, 1], [2, 0.5, 3], [0.5, 4, 1]]
        default:
            // Identity, 90 degrees about Y, 150 degrees about (1, 1, 0)/sqrt 2.
            let h = sin(75 * Double.pi / 180) / 2.squareRoot()
            return [
                [0, 0, 0, 1], [0, sin(Double.pi / 4), 0, cos(Double.pi / 4)], [h, h, 0, cos(75 * Double.pi / 180)],
            ]
        }
    }

    /// Cubic tangents per key: (in, out); zero for rotations.
    static func tangents(_ path: String) -> [([Double], [Double])] {
        guard path != "rotation" else { return Array(repeating: ([0, 0, 0, 0], [0, 0, 0, 0]), count: 3) }
        return [([0, 0, 0], [1, -1, 2]), ([0.5, 1, -2], [-1, 0.25, 1]), ([2, -1, 0], [0, 0, 0])]
    }

    static func file() -> [UInt8] {
        let b = RigBuilder()
        let mesh: [String: Any] = [
            "primitives": [["attributes": ["POSITION": b.accessor([0, 0, 0, 1, 0, 0, 0, 1, 0], type: "VEC3")]]]
        ]
        let input = b.accessor(times.map(Float.init), type: "SCALAR")
        var animations: [[String: Any]] = []
        var nodes: [[String: Any]] = []
        for path in paths {
            for mode in modes {
                let k = keys(path)
                let t = tangents(path)
                var values: [Double] = []
                for i in 0..<3 { values += mode == "CUBICSPLINE" ? t[i].0 + k[i] + t[i].1 : k[i] }
                let output = b.accessor(values.map(Float.init), type: path == "rotation" ? "VEC4" : "VEC3")
                nodes.append(["mesh": 0])
                animations.append([
                    "name": "\(path) \(mode)",
                    "channels": [["sampler": 0, "target": ["node": nodes.count - 1, "path": path]]],
                    "samplers": [["input": input, "output": output, "interpolation": mode]],
                ])
            }
        }
        return b.file([
            "scene": 0, "scenes": [["nodes": Array(0..<nodes.count)]], "nodes": nodes, "meshes": [mesh],
            "animations": animations,
        ])
    }

    /// The value the glTF specification gives for `path` with `mode` at `t` seconds.
    static func expected(_ path: String, _ mode: String, at t: Double) -> [Double] {
        let k = keys(path)
        let i = t < times[1] ? 0 : 1
        let d = times[i + 1] - times[i]
        let s = (t - times[i]) / d
        if s == 0 || mode == "STEP" { return k[i] }
        switch mode {
        case "LINEAR" where path == "rotation":
            let dotted = zip(k[i], k[i + 1]).map { $0 * $1 }.reduce(0, +)
            let angle = acos(min(1, dotted))
            let a = sin((1 - s) * angle) / sin(angle)
            let c = sin(s * angle) / sin(angle)
            return zip(k[i], k[i + 1]).map { a * $0 + c * $1 }
        case "LINEAR":
            return zip(k[i], k[i + 1]).map { (1 - s) * $0 + s * $1 }
        default:
            let s2 = s * s
            let s3 = s2 * s
            let out = tangents(path)[i].1
            let into = tangents(path)[i + 1].0
            var v: [Double] = []
            for c in k[i].indices {
                v.append(
                    (2 * s3 - 3 * s2 + 1) * k[i][c] + (s3 - 2 * s2 + s) * d * out[c] + (-2 * s3 + 3 * s2) * k[i + 1][c]
                        + (s3 - s2) * d * into[c])
            }
            if path == "rotation" {
                let n = v.map { $0 * $0 }.reduce(0, +).squareRoot()
                v = v.map { $0 / n }
            }
            return v
        }
    }

    /// The animated value of node `node` as the player poses it.
    static func posed(_ root: Node, node: Int, path: String, animation: Int, at t: Double) throws -> [Double] {
        let rig = try #require(root.rig)
        var player = AnimationPlayer(rig: rig)
        var posed = root
        player.pose(&posed, animation: animation, seconds: t)
        let transform = posed.children[node].transform
        switch path {
        case "translation": return [transform.position.x, transform.position.y, transform.position.z].map(Double.init)
        case "scale": return [transform.scale.x, transform.scale.y, transform.scale.z].map(Double.init)
        default:
            let q = transform.rotation.vector
            return [q.x, q.y, q.z, q.w].map(Double.init)
        }
    }

    @Test(arguments: [0, 0.5, 1, 1.5, 2, 2.75])
    func everyPathAndInterpolationMatchesTheSpecification(seconds: Double) throws {
        let root = try ModelLoader.load(data: Self.file(), name: "interpolation.gltf")
        #expect(root.rig?.animations.count == 9)
        var n = 0
        for path in Self.paths {
            for mode in Self.modes {
                let got = try Self.posed(root, node: n, path: path, animation: n, at: seconds)
                var want = Self.expected(path, mode, at: seconds)
                // q and -q are the same rotation.
                if path == "rotation", zip(got, want).map({ $0 * $1 }).reduce(0, +) < 0 { want = want.map { -$0 } }
                let error = zip(got, want).map { abs($0 - $1) }.max() ?? 0
                #expect(error < 1e-4, "\(path) \(mode) at \(seconds) s: \(got) vs \(want)")
                n += 1
            }
        }
    }
}
