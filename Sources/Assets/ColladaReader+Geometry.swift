import Math3D
import SceneGraph

extension ColladaReader {
    /// A `<source>`'s elements: `count` tuples of `size` values (extra components dropped).
    struct Source {
        var values: [Float]
        var count: Int
        var size: Int
        subscript(i: Int, k: Int) -> Float { values[i * size + k] }
    }

    /// Reads a `<source>` with a float array and an accessor, checking declared counts
    /// against the values actually present.
    func source(_ url: String?, minimumSize: Int, what: String) throws(AssetError) -> Source {
        guard let e = lookup(url), e.name == "source" else {
            throw AssetError(file: name, "\(what): source '\(AssetError.oneLine(url ?? ""))' not found")
        }
        let id = AssetError.oneLine(e.attributes["id"] ?? "?")
        guard let array = e.child("float_array") else {
            throw AssetError(file: name, line: e.line, "source '\(id)' has no float_array")
        }
        let values = try numbers(array, what: "float_array of '\(id)'")
        if let declared = array.attributes["count"], Int(declared) != values.count {
            throw AssetError(
                file: name, line: array.line,
                "float_array of '\(id)' declares \(AssetError.oneLine(declared)) values but holds \(values.count)")
        }
        guard let accessor = e.path("technique_common", "accessor") else {
            throw AssetError(file: name, line: e.line, "source '\(id)' has no accessor")
        }
        guard let count = Int(accessor.attributes["count"] ?? ""), count >= 0,
            let stride = Int(accessor.attributes["stride"] ?? "1"), stride >= 1, stride <= 64,
            let offset = Int(accessor.attributes["offset"] ?? "0"), offset >= 0
        else {
            throw AssetError(
                file: name, line: e.line, "source '\(id)': accessor count, stride or offset is not a valid number")
        }
        let size = max(accessor.children("param").count, minimumSize)
        guard size <= stride else {
            throw AssetError(
                file: name, line: e.line, "source '\(id)': \(size) values per element exceed the stride \(stride)")
        }
        guard
            count == 0
                || (count <= values.count && offset <= values.count
                    && offset + (count - 1) * stride + size <= values.count)
        else {
            throw AssetError(
                file: name, line: e.line,
                "source '\(id)': accessor declares \(count) elements of stride \(stride) but the "
                    + "array holds \(values.count) values"
            )
        }
        var packed = [Float](repeating: 0, count: count * minimumSize)
        for i in 0..<count {
            for k in 0..<minimumSize { packed[i * minimumSize + k] = values[offset + i * stride + k] }
        }
        return Source(values: packed, count: count, size: minimumSize)
    }

    /// One `<input>` of a primitive.
    struct Input {
        var semantic: String
        var offset: Int
        var source: Source
    }

    /// The mesh of a `<geometry>`, one group per primitive element, materials resolved
    /// through `bindings` (material symbol to `#material` URL).
    /// Also gives, per vertex, the index of its position in the geometry's POSITION source
    /// (what a skin's vertex weights refer to).
    mutating func mesh(_ geometry: XElement, bindings: [String: String]) throws(AssetError) -> (Mesh, [Int32])? {
        let geometryName = geometry.attributes["name"] ?? geometry.attributes["id"] ?? "geometry"
        guard let m = geometry.child("mesh") else { return nil }
        var builder = MeshBuilder()
        builder.recordsOrigins = true
        for (primitiveIndex, primitive) in m.children.enumerated()
        where ["triangles", "polylist", "polygons", "trifans", "tristrips", "lines", "linestrips"].contains(
            primitive.name)
        {
            let what = "geometry '\(AssetError.oneLine(geometryName))' \(primitive.name)"
            let symbol = primitive.attributes["material"] ?? ""
            let material = try bindings[symbol].map { (url: String) throws(AssetError) -> Material in
                try self.material(url)
            }
            builder.useMaterial(name: material?.name ?? symbol, material: material)
            // Inputs: VERTEX expands to the <vertices> inputs at the same offset.
            var inputs: [Input] = []
            var stride = 0
            for input in primitive.children("input") {
                guard let offset = Int(input.attributes["offset"] ?? ""), offset >= 0, offset < 64 else {
                    throw AssetError(file: name, line: input.line, "\(what): input without a valid offset")
                }
                stride = max(stride, offset + 1)
                let semantic = input.attributes["semantic"] ?? ""
                if semantic == "VERTEX" {
                    guard let vertices = lookup(input.attributes["source"]), vertices.name == "vertices" else {
                        throw AssetError(file: name, line: input.line, "\(what): VERTEX input names no <vertices>")
                    }
                    for vi in vertices.children("input") {
                        let s = vi.attributes["semantic"] ?? ""
                        guard s == "POSITION" || s == "NORMAL" || s == "TEXCOORD" else { continue }
                        inputs.append(
                            Input(
                                semantic: s, offset: offset,
                                source: try source(
                                    vi.attributes["source"], minimumSize: s == "TEXCOORD" ? 2 : 3, what: what)))
                    }
                } else if semantic == "NORMAL"
                    || (semantic == "TEXCOORD" && !inputs.contains { $0.semantic == "TEXCOORD" })
                {
                    inputs.append(
                        Input(
                            semantic: semantic, offset: offset,
                            source: try source(
                                input.attributes["source"], minimumSize: semantic == "TEXCOORD" ? 2 : 3, what: what)))
                }
            }
            guard let position = inputs.first(where: { $0.semantic == "POSITION" }) else {
                throw AssetError(file: name, line: primitive.line, "\(what) has no VERTEX input with POSITION")
            }
            let normal = inputs.first { $0.semantic == "NORMAL" }
            let uv = inputs.first { $0.semantic == "TEXCOORD" }
            // Polygons: each a list of vertex counts over one index list.
            var polygons: [(counts: [Int], indices: [Int])] = []
            switch primitive.name {
            case "triangles", "lines":
                let (size, unit) = primitive.name == "lines" ? (2, "line") : (3, "triangle")
                guard let count = Int(primitive.attributes["count"] ?? ""), count >= 0 else {
                    throw AssetError(file: name, line: primitive.line, "\(what): count is not a valid number")
                }
                let p =
                    try primitive.child("p").map { (e: XElement) throws(AssetError) -> [Int] in
                        try integers(e, what: what)
                    } ?? []
                guard count <= p.count / (size * max(stride, 1)) else {
                    throw AssetError(
                        file: name, line: primitive.line,
                        "\(what) declares \(count) \(unit)s but <p> holds \(p.count) indices "
                            + "(\(size * stride) per \(unit))"
                    )
                }
                polygons.append(([Int](repeating: size, count: count), p))
            case "polylist":
                guard let count = Int(primitive.attributes["count"] ?? ""), count >= 0 else {
                    throw AssetError(file: name, line: primitive.line, "\(what): count is not a valid number")
                }
                let vcount =
                    try primitive.child("vcount").map { (e: XElement) throws(AssetError) -> [Int] in
                        try integers(e, what: what)
                    } ?? []
                let p =
                    try primitive.child("p").map { (e: XElement) throws(AssetError) -> [Int] in
                        try integers(e, what: what)
                    } ?? []
                guard vcount.count >= count else {
                    throw AssetError(
                        file: name, line: primitive.line,
                        "\(what) declares \(count) polygons but <vcount> holds \(vcount.count)")
                }
                let counts = Array(vcount.prefix(count))
                var total = 0
                for c in counts {
                    guard c <= 10_000 else {
                        throw AssetError(file: name, line: primitive.line, "\(what): polygon with \(c) vertices")
                    }
                    total += c
                }
                guard p.count >= total * stride else {
                    throw AssetError(
                        file: name, line: primitive.line,
                        "\(what): <vcount> needs \(total * stride) indices but <p> holds \(p.count)")
                }
                polygons.append((counts, p))
            default:
                // polygons, trifans, tristrips, linestrips: one polygon, fan or strip per <p>.
                for pe in primitive.children("p") {
                    let p = try integers(pe, what: what)
                    polygons.append(([p.count / max(stride, 1)], p))
                }
            }
            for (counts, p) in polygons {
                var at = 0
                for c in counts {
                    var corners: [UInt32] = []
                    for k in 0..<c {
                        let base = (at + k) * stride
                        func index(_ input: Input) throws(AssetError) -> Int {
                            let i = p[base + input.offset]
                            guard i < input.source.count else {
                                throw AssetError(
                                    file: name, line: primitive.line,
                                    "\(what): \(input.semantic.lowercased()) index \(i) out of "
                                        + "range (\(input.source.count) values)"
                                )
                            }
                            return i
                        }
                        let pi = try index(position)
                        let ni = try normal.map { (n: Input) throws(AssetError) -> Int in try index(n) }
                        let ti = try uv.map { (t: Input) throws(AssetError) -> Int in try index(t) }
                        let s = position.source
                        let corner = MeshBuilder.Corner(
                            position: Int32(pi), uv: Int32(ti ?? -1), normal: Int32(ni ?? -1),
                            set: Int32(primitiveIndex))
                        let nv = normal.flatMap { n in
                            ni.map { Vec3(n.source[$0, 0], n.source[$0, 1], n.source[$0, 2]) }
                        }
                        let tv = uv.flatMap { t in ti.map { Vec2(t.source[$0, 0], t.source[$0, 1]) } }
                        corners.append(
                            try builder.vertex(
                                corner, position: Vec3(s[pi, 0], s[pi, 1], s[pi, 2]), uv: tv, normal: nv, file: name))
                    }
                    at += c
                    let lines = primitive.name == "lines" || primitive.name == "linestrips"
                    guard c >= (lines ? 2 : 3) else { continue }
                    trianglesMade += lines ? c - 1 : c - 2
                    guard trianglesMade <= AssetLimits.maxTriangles else {
                        throw AssetError(
                            file: name, line: primitive.line, "more than \(AssetLimits.maxTriangles) triangles")
                    }
                    if lines {
                        for k in 1..<c { try builder.line(corners[k - 1], corners[k], file: name) }
                    } else if primitive.name == "tristrips" {
                        // Every other triangle of a strip turns the other way.
                        for k in 0..<(c - 2) {
                            let (a, b) = k % 2 == 0 ? (corners[k], corners[k + 1]) : (corners[k + 1], corners[k])
                            try builder.triangle(a, b, corners[k + 2], file: name)
                        }
                    } else if primitive.name == "trifans" || c == 3 {
                        for k in 1..<(c - 1) {
                            try builder.triangle(corners[0], corners[k], corners[k + 1], file: name)
                        }
                    } else {
                        var order: [Int] = []
                        PolygonTriangulator.triangulate(corners.map { builder.positions[Int($0)] }, into: &order)
                        var k = 0
                        while k + 2 < order.count {
                            try builder.triangle(
                                corners[order[k]], corners[order[k + 1]], corners[order[k + 2]], file: name)
                            k += 3
                        }
                    }
                }
            }
        }
        return try builder.build(name: geometryName, file: name).map { ($0, builder.origins) }
    }
}
