import Math3D
import SceneGraph

extension OBJReader {
    /// The reader's state while it goes through the file's statements.
    struct State {
        let file: String
        var positions: [Vec3] = []
        var uvs: [Vec2] = []
        var normals: [Vec3] = []
        var materials: [String: Material] = [:]
        /// Material libraries already merged into `materials`.
        var merged: Set<String> = []
        var nodes: [Node] = []
        var builder = MeshBuilder()
        var objectName = ""
        var materialName = ""
        var material: Material?
        var triangles = 0
        /// Buffers reused for every line.
        var t: [ArraySlice<UInt8>] = []
        var corners: [UInt32] = []
        /// Corner index triples of a face read in place (`plainStatement`), resolved to 0-based.
        var rawCorners: [SIMD3<Int32>] = []
        var rawCount = 0
        /// Per position: the texture coordinate and normal of the last vertex made from it in
        /// the current object, that vertex as a number counted over the whole file
        /// (`vertexBase` + the builder's index; older numbers belong to earlier objects), and
        /// 1 when every vertex of the position is in the builder's lookup table, 0 when the
        /// position has just this one vertex, not entered. A corner repeating the last vertex
        /// needs no lookup, and a position's first vertex is made without one.
        var recent: [SIMD4<Int32>] = []
        /// The file-wide number of the current builder's first vertex.
        var vertexBase: Int32 = 0
        var polygon: [Vec3] = []
        var order: [Int] = []
        /// The first line whose face names a normal while the file has no `vn` lines (its
        /// normals are computed), for the one warning.
        var namesMissingNormals: Int?

        init(file: String) { self.file = file }

        mutating func statement(_ text: ArraySlice<UInt8>, line: Int, directory: String, context: inout LoadContext)
            throws(AssetError)
        {
            TextScanner.tokens(text, into: &t)
            guard let keyword = t.first else { return }
            if TextScanner.equals(keyword, "v") {
                positions.append(try vector3(t, line: line))
            } else if TextScanner.equals(keyword, "vt") {
                guard t.count >= 2 else { throw AssetError(file: file, line: line, "vt needs at least one coordinate") }
                let u = try number(t[1], line: line)
                let v = t.count >= 3 ? try number(t[2], line: line) : 0
                uvs.append(Vec2(u, v))
            } else if TextScanner.equals(keyword, "vn") {
                normals.append(try vector3(t, line: line))
            } else if TextScanner.equals(keyword, "f") {
                try face(line: line)
            } else if TextScanner.equals(keyword, "l") || TextScanner.equals(keyword, "p") {
                try linesOrPoints(points: TextScanner.equals(keyword, "p"), line: line)
            } else if TextScanner.equals(keyword, "o") || TextScanner.equals(keyword, "g") {
                // Past `maxObjects` nodes, further objects join the current one.
                if nodes.count + 1 >= OBJReader.maxObjects { return }
                try finishObject()
                objectName = restOfLine(t)
                newBuilder()
                builder.useMaterial(name: materialName, material: material)
            } else if TextScanner.equals(keyword, "usemtl") {
                materialName = t.count >= 2 ? restOfLine(t) : ""
                material = materials[materialName]
                if material == nil, !materialName.isEmpty {
                    material = Material(name: materialName)
                }
                builder.useMaterial(name: materialName, material: material)
            } else if TextScanner.equals(keyword, "mtllib") {
                guard t.count >= 2 else { throw AssetError(file: file, line: line, "mtllib without a file name") }
                let names = OBJReader.libraryNames(t.dropFirst().map { String(decoding: $0, as: UTF8.self) })
                // A library that is missing or refused is a warning: its materials stay default.
                let file = self.file
                let within = { (error: AssetError) in error.within(file: file, line: line) }
                for library in names {
                    let relative: String
                    do throws(AssetError) {
                        relative = try context.access.relativePath(
                            of: library, in: directory, from: file, what: "mtllib")
                    } catch {
                        context.warnings.append(within(error))
                        continue
                    }
                    // A library named again adds nothing new: merging it again would cost
                    // its size per statement.
                    guard merged.insert(relative).inserted else { continue }
                    if let found = try context.library(relative, from: file, within: within) {
                        materials.merge(found) { _, new in new }
                    }
                }
            }
        }

        /// A file of vertices without faces, lines or points (a point cloud, as Meshlab writes
        /// it): every vertex becomes a point of one node.
        mutating func pointCloud() throws(AssetError) {
            guard positions.count <= AssetLimits.maxTriangles else {
                throw AssetError(file: file, "more than \(AssetLimits.maxTriangles) triangles")
            }
            newBuilder()
            for (i, p) in positions.enumerated() {
                let v = try builder.vertex(
                    MeshBuilder.Corner(position: Int32(i), uv: -1, normal: -1), position: p, uv: nil, normal: nil,
                    file: file)
                try builder.point(v, file: file)
            }
            objectName = ""
            try finishObject()
        }

        /// Starts an empty mesh for the next object; vertices of earlier ones are not reused.
        mutating func newBuilder() {
            vertexBase += Int32(builder.vertexCount)
            builder = MeshBuilder()
        }

        /// Closes the current object: its mesh becomes a child node.
        mutating func finishObject() throws(AssetError) {
            if let mesh = try builder.build(name: objectName.isEmpty ? file : objectName, file: file) {
                nodes.append(Node(name: objectName, mesh: mesh))
            }
        }

        func restOfLine(_ t: [ArraySlice<UInt8>]) -> String {
            t.dropFirst().map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        }

        func number(_ token: ArraySlice<UInt8>, line: Int) throws(AssetError) -> Float {
            guard let v = TextScanner.float(token) else {
                throw AssetError(file: file, line: line, "'\(TextScanner.text(token))' is not a finite number")
            }
            return v
        }

        func vector3(_ t: [ArraySlice<UInt8>], line: Int) throws(AssetError) -> Vec3 {
            guard t.count >= 4 else {
                throw AssetError(
                    file: file, line: line, "\(TextScanner.text(t[0])) needs 3 numbers, found \(t.count - 1)")
            }
            return Vec3(try number(t[1], line: line), try number(t[2], line: line), try number(t[3], line: line))
        }

        /// A 0-based index from a 1-based or negative (relative) OBJ index.
        @inline(__always)
        func resolve(_ token: ArraySlice<UInt8>, count: Int, what: String, unit: String, line: Int)
            throws(AssetError) -> Int
        {
            guard let i = TextScanner.int(token) else {
                throw AssetError(
                    file: file, line: line, "face \(what) index '\(TextScanner.text(token))' is not an integer")
            }
            guard let resolved = Self.resolve(i, count) else {
                throw AssetError(file: file, line: line, "face \(what) index \(i) out of range (\(count) \(unit))")
            }
            return resolved
        }

        /// The 0-based index of a 1-based or negative (relative) OBJ index among `count`, or
        /// nil when it is out of range (`index` as `NumberScanner.int` reads it, within `Int32`).
        @inline(__always)
        static func resolve(_ index: Int, _ count: Int) -> Int? {
            let r = index > 0 ? index &- 1 : count &+ index
            return index != 0 && r >= 0 && r < count ? r : nil
        }

        /// An `l` statement: a polyline of at least two corners, one line per pair of
        /// neighbours; or a `p` statement: one point per corner.
        mutating func linesOrPoints(points: Bool, line: Int) throws(AssetError) {
            guard t.count >= (points ? 2 : 3) else {
                throw AssetError(
                    file: file, line: line,
                    points ? "p needs at least 1 vertex" : "l needs at least 2 vertices, found \(t.count - 1)")
            }
            try readCorners(line: line)
            triangles += points ? corners.count : corners.count - 1
            guard triangles <= AssetLimits.maxTriangles else {
                throw AssetError(file: file, line: line, "more than \(AssetLimits.maxTriangles) triangles")
            }
            if points {
                for c in corners { try builder.point(c, file: file, line: line) }
            } else {
                for k in 1..<corners.count { try builder.line(corners[k - 1], corners[k], file: file, line: line) }
            }
        }

        mutating func face(line: Int) throws(AssetError) {
            guard t.count >= 4 else {
                throw AssetError(file: file, line: line, "face needs at least 3 vertices, found \(t.count - 1)")
            }
            try readCorners(line: line)
            try addFace(line: line)
        }

        /// Adds the polygon of `corners` as triangles: fanned or ear-clipped in its plane.
        mutating func addFace(line: Int) throws(AssetError) {
            if corners.count == 3 {
                try addTriangle(corners[0], corners[1], corners[2], line: line)
                return
            }
            triangles += corners.count - 2
            guard triangles <= AssetLimits.maxTriangles else {
                throw AssetError(file: file, line: line, "more than \(AssetLimits.maxTriangles) triangles")
            }
            polygon.removeAll(keepingCapacity: true)
            for c in corners { polygon.append(builder.positions[Int(c)]) }
            order.removeAll(keepingCapacity: true)
            PolygonTriangulator.triangulate(polygon, into: &order)
            var k = 0
            while k + 2 < order.count {
                try builder.triangle(
                    corners[order[k]], corners[order[k + 1]], corners[order[k + 2]], file: file, line: line)
                k += 3
            }
        }

        /// Adds one triangle of vertices made by `vertex`.
        @inline(__always)
        mutating func addTriangle(_ a: UInt32, _ b: UInt32, _ c: UInt32, line: Int) throws(AssetError) {
            triangles += 1
            guard triangles <= AssetLimits.maxTriangles else {
                throw AssetError(file: file, line: line, "more than \(AssetLimits.maxTriangles) triangles")
            }
            try builder.triangle(a, b, c, file: file, line: line)
        }

        /// The vertices of the statement's corners (tokens after the keyword) into `corners`.
        @inline(__always)
        mutating func readCorners(line: Int) throws(AssetError) {
            corners.removeAll(keepingCapacity: true)
            for token in t.dropFirst() {
                // v, v/vt, v//vn or v/vt/vn, split at the slashes without allocating.
                var first = token.endIndex
                var second = token.endIndex
                if let s = token.firstIndex(of: 47) {
                    first = s
                    second = token[(s + 1)...].firstIndex(of: 47) ?? token.endIndex
                }
                let p = try resolve(
                    token[token.startIndex..<first], count: positions.count, what: "vertex", unit: "vertices",
                    line: line)
                var uv = -1
                var n = -1
                if first < token.endIndex, first + 1 < second {
                    uv = try resolve(
                        token[(first + 1)..<second], count: uvs.count, what: "texture coordinate",
                        unit: "texture coordinates", line: line)
                }
                if second < token.endIndex, second + 1 < token.endIndex {
                    if normals.isEmpty {
                        // Faces naming normals in a file without `vn` lines (OpenSubdiv writes
                        // them): the normals are computed, with one warning for the file.
                        let index = token[(second + 1)...]
                        guard TextScanner.int(index) != nil else {
                            throw AssetError(
                                file: file, line: line,
                                "face normal index '\(TextScanner.text(index))' is not an integer")
                        }
                        namesMissingNormals = namesMissingNormals ?? line
                    } else {
                        n = try resolve(
                            token[(second + 1)...], count: normals.count, what: "normal", unit: "normals", line: line)
                    }
                }
                corners.append(try vertex(p, uv, n, line: line))
            }
        }

        /// The vertex of the corner with 0-based position `p`, texture coordinate `uv` and
        /// normal `n` (-1: none), made the first time the triple is seen in this object.
        @inline(__always)
        mutating func vertex(_ p: Int, _ uv: Int, _ n: Int, line: Int) throws(AssetError) -> UInt32 {
            let key = SIMD2<Int32>(Int32(truncatingIfNeeded: uv), Int32(truncatingIfNeeded: n))
            let corner = MeshBuilder.Corner(position: Int32(truncatingIfNeeded: p), uv: key.x, normal: key.y)
            if p < recent.count {
                let r = recent[p]
                if r.z >= vertexBase {
                    if r.x == key.x, r.y == key.y { return UInt32(r.z &- vertexBase) }
                    // A second triple for the position: from now on the table holds all of its vertices.
                    if r.w == 0 {
                        builder.index(
                            UInt32(r.z &- vertexBase),
                            as: MeshBuilder.Corner(position: corner.position, uv: r.x, normal: r.y))
                    }
                    let v = try builder.vertex(
                        corner, position: positions[p], uv: uv >= 0 ? uvs[uv] : nil,
                        normal: n >= 0 ? normals[n] : nil, file: file, line: line)
                    recent[p] = SIMD4(key.x, key.y, vertexBase &+ Int32(v), 1)
                    return v
                }
            } else {
                // Grown by doubling, never past the positions read so far.
                let size = min(max(p + 1, 2 * recent.count), positions.count)
                recent.append(contentsOf: repeatElement(SIMD4(-1, -1, -1, 0), count: size - recent.count))
            }
            let v = try builder.newVertex(
                position: positions[p], uv: uv >= 0 ? uvs[uv] : nil, normal: n >= 0 ? normals[n] : nil, file: file,
                line: line)
            recent[p] = SIMD4(key.x, key.y, vertexBase &+ Int32(v), 0)
            return v
        }
    }
}
