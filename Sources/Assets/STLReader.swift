import Math3D
import SceneGraph

/// Reads STL, ASCII or binary, told apart by content: a file whose size is exactly
/// 84 + 50 x (its declared triangle count) is binary even when it begins with `solid`
/// (many exporters write that); otherwise a file beginning with `solid` whose first
/// kilobyte is text is ASCII; otherwise a file at least as long as its declared
/// triangles is binary with trailing bytes ignored.
///
/// ASCII keywords are matched without regard to case (`FACET NORMAL` as some CAD
/// programs write). Every triangle keeps its own three vertices and its facet normal
/// (flat shading); a zero or missing facet normal is computed from the winding. Binary
/// attribute bytes carry facet colours (VisCAM/SolidView and Materialise Magics, see
/// `ColorConvention`). Several `solid`s in one ASCII file
/// become one mesh.
enum STLReader {
    /// Reads `bytes` as STL into a node with one mesh.
    static func read(_ bytes: [UInt8], name: String) throws(AssetError) -> Node {
        let mesh: Mesh
        let declared = bytes.count >= 84 ? Int(readUInt32(bytes, at: 80)) : -1
        if declared >= 0, bytes.count == 84 + 50 * declared {
            mesh = try readBinary(bytes, name: name)
        } else if startsWithSolid(bytes), looksLikeText(bytes) {
            mesh = try readASCII(bytes, name: name)
        } else if declared > 0, bytes.count > 84 + 50 * declared {
            mesh = try readBinary(bytes, name: name)
        } else if declared >= 0 {
            throw AssetError(
                file: name,
                "binary STL declares \(declared) triangles (\(84 + 50 * declared) bytes) but the "
                    + "file has \(bytes.count) bytes"
            )
        } else {
            throw AssetError(file: name, "not an STL file (no 'solid' header and shorter than a binary header)")
        }
        return Node(name: name, children: [Node(name: mesh.name, mesh: mesh)])
    }

    /// True when the first kilobyte has no control bytes other than whitespace.
    static func looksLikeText(_ b: [UInt8]) -> Bool {
        b.prefix(1024).allSatisfy { $0 >= 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 11 || $0 == 12 }
    }

    static func readUInt32(_ b: [UInt8], at i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }

    static func readFloat(_ b: [UInt8], at i: Int) -> Float { Float(bitPattern: readUInt32(b, at: i)) }

    static func startsWithSolid(_ b: [UInt8]) -> Bool {
        var i = 0
        while i < b.count, TextScanner.isSpace(b[i]) || b[i] == 10 || b[i] == 13 { i += 1 }
        return b.count - i >= 5 && keyword(b[i..<(i + 5)], "solid")
    }

    /// True when `token` is the lowercase ASCII `word` in any case.
    static func keyword(_ token: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        guard token.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            var j = 0
            for b in token {
                let lower = b >= 65 && b <= 90 ? b + 32 : b
                if lower != w[j] { return false }
                j += 1
            }
            return true
        }
    }

    /// The facet normal, or the winding's normal when the file's is zero.
    static func facetNormal(_ given: Vec3, _ a: Vec3, _ b: Vec3, _ c: Vec3) -> Vec3 {
        let n = normalize(given)
        return n == .zero ? normalize(cross(b - a, c - a)) : n
    }

    static func readBinary(_ b: [UInt8], name: String) throws(AssetError) -> Mesh {
        let count = Int(readUInt32(b, at: 80))
        guard count > 0 else { throw AssetError(file: name, "binary STL has no triangles") }
        guard count <= AssetLimits.maxTriangles else {
            throw AssetError(
                file: name, "binary STL declares \(count) triangles, more than the limit of \(AssetLimits.maxTriangles)"
            )
        }
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        positions.reserveCapacity(count * 3)
        normals.reserveCapacity(count * 3)
        let convention = colorConvention(b, count: count)
        var colors: [Vec3] = []
        for t in 0..<count {
            let o = 84 + 50 * t
            func vector(_ k: Int) throws(AssetError) -> Vec3 {
                let p = Vec3(
                    readFloat(b, at: o + 12 * k), readFloat(b, at: o + 12 * k + 4), readFloat(b, at: o + 12 * k + 8))
                guard p.x.isFinite, p.y.isFinite, p.z.isFinite else {
                    throw AssetError(file: name, "triangle \(t) has a value that is not finite")
                }
                return p
            }
            let given = try vector(0)
            let a = try vector(1)
            let c1 = try vector(2)
            let c2 = try vector(3)
            let n = facetNormal(given, a, c1, c2)
            positions.append(a)
            positions.append(c1)
            positions.append(c2)
            normals.append(n)
            normals.append(n)
            normals.append(n)
            if let convention {
                let c = facetColor(UInt16(b[o + 48]) | UInt16(b[o + 49]) << 8, convention)
                colors += [c, c, c]
            }
        }
        return try makeMesh(
            positions: positions, normals: normals, name: name, meshName: headerName(b), colors: colors)
    }

    /// The 80-byte header as a name when it is printable text.
    static func headerName(_ b: [UInt8]) -> String {
        let header = b[0..<80].prefix { $0 != 0 }
        guard header.allSatisfy({ $0 >= 32 && $0 < 127 }) else { return "stl" }
        var s = String(decoding: header, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if s.hasPrefix("solid") { s = String(s.dropFirst(5)).trimmingCharacters(in: .whitespaces) }
        return s.isEmpty ? "stl" : s
    }

    static func readASCII(_ b: [UInt8], name: String) throws(AssetError) -> Mesh {
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var facet: [Vec3] = []
        var given = Vec3.zero
        var inFacet = false
        var solidName = ""
        var triangles = 0
        try TextScanner.forEachLine(b) { (line: Int, text: ArraySlice<UInt8>) throws(AssetError) in
            let t = TextScanner.tokens(text, comments: false)
            guard let first = t.first else { return }
            func number(_ k: Int) throws(AssetError) -> Float {
                guard k < t.count else {
                    throw AssetError(file: name, line: line, "\(TextScanner.text(first)) needs 3 numbers")
                }
                guard let v = TextScanner.float(t[k]) else {
                    throw AssetError(file: name, line: line, "'\(TextScanner.text(t[k]))' is not a finite number")
                }
                return v
            }
            if keyword(first, "solid") {
                if solidName.isEmpty {
                    solidName = t.dropFirst().map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
                }
            } else if keyword(first, "facet") {
                guard !inFacet else {
                    throw AssetError(file: name, line: line, "facet inside a facet (missing endfacet)")
                }
                inFacet = true
                facet.removeAll(keepingCapacity: true)
                given = .zero
                if t.count >= 2, keyword(t[1], "normal") { given = Vec3(try number(2), try number(3), try number(4)) }
            } else if keyword(first, "vertex") {
                guard inFacet else { throw AssetError(file: name, line: line, "vertex outside a facet") }
                guard facet.count < 1000 else {
                    throw AssetError(file: name, line: line, "facet with more than 1000 vertices")
                }
                facet.append(Vec3(try number(1), try number(2), try number(3)))
            } else if keyword(first, "endfacet") {
                guard inFacet else { throw AssetError(file: name, line: line, "endfacet without facet") }
                guard facet.count >= 3 else {
                    throw AssetError(file: name, line: line, "facet with \(facet.count) vertices (needs 3)")
                }
                inFacet = false
                triangles += facet.count - 2
                guard triangles <= AssetLimits.maxTriangles else {
                    throw AssetError(file: name, line: line, "more than \(AssetLimits.maxTriangles) triangles")
                }
                let n = facetNormal(given, facet[0], facet[1], facet[2])
                for k in 1..<(facet.count - 1) {
                    positions += [facet[0], facet[k], facet[k + 1]]
                    normals += [n, n, n]
                }
            } else if keyword(first, "outer") || keyword(first, "endloop") || keyword(first, "endsolid") {
                return
            } else {
                throw AssetError(file: name, line: line, "unexpected '\(TextScanner.text(first))' in ASCII STL")
            }
        }
        if inFacet { throw AssetError(file: name, "file ends inside a facet (truncated)") }
        guard !positions.isEmpty else { throw AssetError(file: name, "ASCII STL has no facets") }
        return try makeMesh(
            positions: positions, normals: normals, name: name, meshName: solidName.isEmpty ? "stl" : solidName)
    }

    static func makeMesh(
        positions: [Vec3], normals: [Vec3], name: String, meshName: String, colors: [Vec3] = []
    ) throws(AssetError) -> Mesh {
        do {
            return try Mesh(
                name: meshName, positions: positions, normals: normals,
                indices: (0..<UInt32(positions.count)).map { $0 }, colors: colors)
        } catch {
            throw AssetError(file: name, error.description)
        }
    }
}
