import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// The OBJ reader reads plain `v`, `vt`, `vn` and `f` lines in place and leaves every other
/// line to its token reader; both must give the same model. A line ending in `\` always goes
/// to the token reader, so each file is also read with every line continued onto an empty
/// one (the same statements, each through the token reader).
@Suite struct OBJInPlace {
    /// A number in one of the forms exporters write.
    static func number(_ g: inout SplitMix64) -> String {
        let v = Double.random(in: -100...100, using: &g)
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return String(format: "%.6f", v)
        case 1: return String(format: "%g", v)
        case 2: return String(format: "%.17g", v)
        case 3: return String(format: "%e", v)
        case 4: return String(Int(v))
        case 5: return v < 0 ? "-.5" : "+.25"
        case 6: return String(format: "%.3fE+01", v / 10)
        default: return "\(Float(v))"
        }
    }

    /// The mesh nodes of a model as (name, mesh) pairs.
    static func meshes(_ model: Node) -> [String: Mesh] {
        var all: [String: Mesh] = [:]
        for (node, _) in Fixture.meshNodes(model) { all[node.name] = node.content?.mesh }
        return all
    }

    /// Loads `lines` as written and with every line continued onto an empty one; both must
    /// give the same model. Returns the model.
    @discardableResult
    static func sameBothWays(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Node {
        let plain = try ModelLoader.load(data: Array((lines.joined(separator: "\n") + "\n").utf8), name: "m.obj")
        let continued = try ModelLoader.load(
            data: Array(lines.map { $0 + " \\\n" }.joined(separator: "\n").utf8), name: "m.obj")
        let a = meshes(plain)
        let b = meshes(continued)
        #expect(!a.isEmpty, sourceLocation: sourceLocation)
        #expect(a == b, sourceLocation: sourceLocation)
        return plain
    }

    @Test func randomModelsReadTheSameInPlaceAndThroughTokens() throws {
        var g = SplitMix64(state: 15)
        for _ in 0..<20 {
            var lines: [String] = []
            let count = Int.random(in: 3...40, using: &g)
            for _ in 0..<count {
                let blank = [" ", "\t", "  ", " \u{0B}", "\u{0C}"].randomElement(using: &g) ?? " "
                lines.append(
                    "v" + blank + (0..<3).map { _ in Self.number(&g) }.joined(separator: blank)
                        + (Bool.random(using: &g) ? " 0.5 0.5 0.5" : ""))
                lines.append("vt \(Self.number(&g))" + (Bool.random(using: &g) ? " \(Self.number(&g))" : ""))
                lines.append("vn \(Self.number(&g)) \(Self.number(&g)) \(Self.number(&g))")
            }
            for k in 0..<Int.random(in: 1...60, using: &g) {
                if k % 17 == 16 { lines.append(["o part\(k)", "g group\(k)", "usemtl m\(k % 3)"][k % 3]) }
                let corners = Int.random(in: 3...6, using: &g)
                let form = Int.random(in: 0..<4, using: &g)
                let face = (0..<corners).map { _ -> String in
                    // Absolute or relative indices, in each corner form.
                    func index() -> String {
                        let i = Int.random(in: 1...count, using: &g)
                        return Bool.random(using: &g) ? "\(i)" : "-\(count + 1 - i)"
                    }
                    switch form {
                    case 0: return index()
                    case 1: return "\(index())/\(index())"
                    case 2: return "\(index())//\(index())"
                    default: return "\(index())/\(index())/\(index())"
                    }
                }
                lines.append("f " + face.joined(separator: " ") + (k % 5 == 0 ? " # note" : ""))
                if k % 7 == 0 { lines.append(k % 2 == 0 ? "# comment" : "") }
            }
            try Self.sameBothWays(lines)
        }
    }

    @Test func unusualButValidFormsReadTheSameBothWays() throws {
        let model = try Self.sameBothWays([
            "  v 1e0 +2. -.3e+1 extra words",
            "v\t0.000000000000000000000000001 123456789012345678901234567890 -0",
            "v 1 1 1",
            "vt 0.5 # v omitted",
            "vt 0.25 0.75 0.5",
            "vn 0 0 1",
            "f 1/1/1 2/2/1 3/1/1",
            "f 1/ 2// 3/2/",
            "f -3//-1 -2//-1 -1//-1 # relative",
            "l 1 2 3",
            "p 1",
            "f 1 2 3 1/2",
        ])
        let mesh = try #require(Fixture.onlyMesh(model))
        #expect(mesh.positions.contains(Vec3(1, 2, -3)))
        #expect(mesh.positions.contains { abs($0.x / 1e-27 - 1) < 1e-6 && abs($0.y / 1.2345679e29 - 1) < 1e-6 })
    }

    @Test func theLastLineNeedsNoLineBreak() throws {
        for ending in ["", "\r", "\r\n", " \\", "  "] {
            let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3" + ending
            let mesh = try #require(Fixture.onlyMesh(try ModelLoader.load(data: Array(text.utf8), name: "e.obj")))
            #expect(mesh.triangleCount == 1, "ending \(ending.debugDescription)")
        }
    }

    @Test func declinedFormsFailWithTheTokenReadersMessages() {
        let triangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\n"
        let cases: [(String, Int, String)] = [
            (triangle + "vt 0 0\nf 1/1/1/1 2 3\n", 5, "face normal index '1/1' is not an integer"),
            (triangle + "f 1 2 4\n", 4, "face vertex index 4 out of range (3 vertices)"),
            (triangle + "f 1 2 3#\n", 4, "face vertex index '3#' is not an integer"),
            (triangle + "f 1 2\n", 4, "face needs at least 3 vertices, found 2"),
            (triangle + "f 1/0 2 3\n", 4, "face texture coordinate index 0 out of range (0 texture coordinates)"),
            (triangle + "f 1 2 +\n", 4, "face vertex index '+' is not an integer"),
            (triangle + "f 1 2 99999999999\n", 4, "face vertex index '99999999999' is not an integer"),
            ("v 1 2 #3\n", 1, "v needs 3 numbers, found 2"),
            ("v 1 2 3x\n", 1, "'3x' is not a finite number"),
            ("v 1 2 1e39\n", 1, "'1e39' is not a finite number"),
            ("vn 1 2\n", 1, "vn needs 3 numbers, found 2"),
            ("vt\n", 1, "vt needs at least one coordinate"),
            ("vt 1 2.5.5\n", 1, "'2.5.5' is not a finite number"),
            ("# one \\\ncomment\nv 1 2\n", 3, "v needs 3 numbers, found 2"),
        ]
        for (text, line, message) in cases {
            #expect(throws: AssetError(file: "bad.obj", line: line, message)) {
                try ModelLoader.load(data: Array(text.utf8), name: "bad.obj")
            }
        }
    }

    /// Corners are unified per object: one vertex per distinct (position, texture
    /// coordinate, normal) triple used in the object, with that triple's values.
    @Test func eachObjectHasOneVertexPerDistinctCorner() throws {
        var g = SplitMix64(state: 7)
        var lines: [String] = []
        let pool = 6
        for k in 0..<pool {
            lines.append("v \(k) \(k * k) 0")
            lines.append("vt \(Double(k) / 8) 0.5")
            lines.append(k == 0 ? "vn 0 0 1" : "vn 0 1 0")
        }
        var expected: [String: Set<[Int]>] = [:]
        for object in 0..<4 {
            let name = "o\(object)"
            lines.append("o \(name)")
            for _ in 0..<40 {
                var face: [String] = []
                for _ in 0..<3 {
                    // Few triples per position, revisited in any order.
                    let p = Int.random(in: 1...pool, using: &g)
                    let t = Int.random(in: 1...2, using: &g)
                    let n = Int.random(in: 1...2, using: &g)
                    face.append("\(p)/\(t)/\(n)")
                    expected[name, default: []].insert([p, t, n])
                }
                lines.append("f " + face.joined(separator: " "))
            }
        }
        let model = try Self.sameBothWays(lines)
        let meshes = Self.meshes(model)
        for (name, triples) in expected {
            let mesh = try #require(meshes[name])
            #expect(mesh.vertexCount == triples.count, "\(name)")
            let seen = Set(
                (0..<mesh.vertexCount).map { v in
                    [
                        Int(mesh.positions[v].x) + 1, Int((mesh.uvs[v].x * 8).rounded()) + 1,
                        mesh.normals[v].z > 0.5 ? 1 : 2,
                    ]
                })
            #expect(seen == triples, "\(name)")
        }
    }
}
