import Math3D
import SceneGraph

extension GLTFReader {
    /// Mesh `index` with one group per drawable primitive (cached, so nodes that use the
    /// same mesh share it), or nil when it has no primitives to draw.
    mutating func mesh(_ index: Int) throws(AssetError) -> Mesh? {
        if let m = meshes[index] { return m }
        let all = doc.meshes ?? []
        guard index >= 0, index < all.count else {
            throw AssetError(file: name, "mesh index \(index) out of range (\(all.count) meshes)")
        }
        let g = all[index]
        var positions: [Vec3] = []
        var normals: [Vec3] = []
        var uvs: [Vec2] = []
        var anyUV = false
        var uvs1: [Vec2] = []
        var anyUV1 = false
        var colors: [Vec3] = []
        var anyColor = false
        var tangents: [Vec4] = []
        var anyTangent = false
        var indices: [UInt32] = []
        var groups: [Mesh.Group] = []
        for (p, primitive) in g.primitives.enumerated() {
            let mode = primitive.mode ?? 4
            guard mode >= 0, mode <= 6 else { continue }
            let what = "mesh \(index) primitive \(p)"
            if let draco = primitive.extensions?.draco { try decodeDraco(draco, primitive: primitive, what: what) }
            guard let pa = primitive.attributes["POSITION"] else {
                throw AssetError(file: name, "\(what) has no POSITION")
            }
            // KHR_mesh_quantization: positions also as (normalized or plain) 8- and 16-bit
            // integers, normals as normalized signed ones, coordinates as either.
            let (pv, count) = try floats(
                pa, type: "VEC3", componentTypes: [5126, 5120, 5121, 5122, 5123], what: "\(what) POSITION")
            var ns: [Vec3] = []
            if let na = primitive.attributes["NORMAL"] {
                let (nv, nc) = try floats(na, type: "VEC3", componentTypes: [5126, 5120, 5122], what: "\(what) NORMAL")
                guard nc == count else { throw AssetError(file: name, "\(what): \(nc) normals for \(count) positions") }
                ns = (0..<count).map { Vec3(nv[3 * $0], nv[3 * $0 + 1], nv[3 * $0 + 2]) }
            }
            let ts = try keptCoordinates(primitive, count: count, what: what)
            var ts1: [Vec2] = []
            var material = try primitive.material.map { (m: Int) throws(AssetError) -> Material in
                try self.material(m)
            }
            if let second = secondMapping(primitive.material), let m = material, GLTFReader.readsSecondSet(m) {
                ts1 = try coordinates(primitive, set: second.set, transform: second.transform, count: count, what: what)
                if ts1.isEmpty {
                    let outcome = second.texture == "emissive" ? "drawn with its mean colour" : "not drawn"
                    warnMissingSet(second.set, texture: second.texture, what: what, outcome: outcome)
                    material = GLTFReader.withoutSecondSet(m)
                }
            }
            let cs = try vertexColors(primitive, count: count, what: what)
            var list: [UInt32]
            if let ia = primitive.indices {
                list = try self.indices(ia, vertexCount: count)
            } else {
                list = (0..<UInt32(count)).map { $0 }
            }
            let kind = GLTFReader.kind(mode: mode)
            list = try GLTFReader.elements(list, mode: mode, file: name, what: what)
            if list.isEmpty { continue }
            trianglesMade += list.count / 3
            guard trianglesMade <= AssetLimits.maxTriangles, positions.count + count <= AssetLimits.maxVertices else {
                throw AssetError(
                    file: name, "more than \(AssetLimits.maxTriangles) triangles or \(AssetLimits.maxVertices) vertices"
                )
            }
            let ps = (0..<count).map { Vec3(pv[3 * $0], pv[3 * $0 + 1], pv[3 * $0 + 2]) }
            if ns.isEmpty { ns = Mesh.smoothNormals(positions: ps, indices: list) }
            var tans: [Vec4] = []
            if let m = material, m.normalTexture != nil {
                let mapped = m.normalUVSet == 1 ? ts1 : ts
                tans = try self.tangents(primitive, count: count, what: what)
                if tans.isEmpty, !mapped.isEmpty {
                    tans = Mesh.generatedTangents(positions: ps, normals: ns, uvs: mapped, indices: list)
                }
                if tans.isEmpty || mapped.isEmpty {
                    tans = []
                    material = GLTFReader.withoutNormalMap(m)
                }
            }
            try readVertexExtras(primitive, mesh: index, base: positions.count, count: count, what: what)
            let base = UInt32(positions.count)
            let firstTriangle = indices.count / 3
            positions += ps
            normals += ns
            if !ts.isEmpty, !anyUV {
                anyUV = true
                uvs = [Vec2](repeating: .zero, count: positions.count - count)
            }
            if anyUV { uvs += ts.isEmpty ? [Vec2](repeating: .zero, count: count) : ts }
            if !ts1.isEmpty, !anyUV1 {
                anyUV1 = true
                uvs1 = [Vec2](repeating: .zero, count: positions.count - count)
            }
            if anyUV1 { uvs1 += ts1.isEmpty ? [Vec2](repeating: .zero, count: count) : ts1 }
            if !cs.isEmpty, !anyColor {
                anyColor = true
                colors = [Vec3](repeating: .one, count: positions.count - count)
            }
            if anyColor { colors += cs.isEmpty ? [Vec3](repeating: .one, count: count) : cs }
            if !tans.isEmpty, !anyTangent {
                anyTangent = true
                tangents = [Vec4](repeating: .zero, count: positions.count - count)
            }
            if anyTangent { tangents += tans.isEmpty ? [Vec4](repeating: .zero, count: count) : tans }
            indices += list.map { $0 + base }
            groups.append(
                Mesh.Group(
                    name: material?.name ?? "", material: material, triangles: firstTriangle..<(indices.count / 3),
                    kind: kind))
        }
        var result: Mesh?
        if !indices.isEmpty {
            do {
                result = try Mesh(
                    name: g.name ?? "mesh \(index)", positions: positions, normals: normals,
                    uvs: anyUV ? uvs : [], indices: indices, groups: groups, colors: anyColor ? colors : [],
                    uvs1: anyUV1 ? uvs1 : [], tangents: anyTangent ? tangents : [])
            } catch {
                throw AssetError(file: name, "mesh \(index): \(error.description)")
            }
        }
        meshes[index] = .some(result)
        return result
    }

    /// A primitive's `TANGENT` (float, or with `KHR_mesh_quantization` normalized signed
    /// bytes or shorts), `xyz` made unit length and `w` +1 or -1; empty without one.
    mutating func tangents(_ primitive: GLTFDocument.Primitive, count: Int, what: String) throws(AssetError) -> [Vec4] {
        guard let ta = primitive.attributes["TANGENT"] else { return [] }
        let (tv, tc) = try floats(ta, type: "VEC4", componentTypes: [5126, 5120, 5122], what: "\(what) TANGENT")
        guard tc == count else { throw AssetError(file: name, "\(what): \(tc) tangents for \(count) positions") }
        return try (0..<count).map { (i: Int) throws(AssetError) -> Vec4 in
            let t = Vec4(tv[4 * i], tv[4 * i + 1], tv[4 * i + 2], tv[4 * i + 3])
            guard t.x.isFinite, t.y.isFinite, t.z.isFinite, t.w.isFinite else {
                throw AssetError(file: name, "\(what): TANGENT \(i) is not finite")
            }
            let xyz = Vec3(t.x, t.y, t.z)
            let length = (xyz * xyz).sum().squareRoot()
            let unit = length > 0 ? xyz / length : .zero
            return Vec4(unit.x, unit.y, unit.z, t.w < 0 ? -1 : 1)
        }
    }

    /// A primitive's `TEXCOORD_<set>` under `transform`, in the scene graph's convention (v
    /// up), or empty when the primitive has no such attribute.
    mutating func coordinates(
        _ primitive: GLTFDocument.Primitive, set: Int, transform: GLTFDocument.TextureTransform?, count: Int,
        what: String
    ) throws(AssetError) -> [Vec2] {
        let attribute = "TEXCOORD_\(set)"
        guard let ta = primitive.attributes[attribute] else { return [] }
        let (tv, tc) = try floats(
            ta, type: "VEC2", componentTypes: [5126, 5120, 5121, 5122, 5123], what: "\(what) \(attribute)")
        guard tc == count else {
            throw AssetError(file: name, "\(what): \(tc) texture coordinates for \(count) positions")
        }
        var ts = (0..<count).map { Vec2(tv[2 * $0], tv[2 * $0 + 1]) }
        if let transform { ts = ts.map { transformed($0, by: transform) } }
        // glTF's v runs down the image; the scene graph's runs up.
        return ts.map { Vec2($0.x, 1 - $0.y) }
    }

    /// A primitive's `COLOR_0` (linear RGB; VEC3 or VEC4, whose alpha is not used; float or
    /// normalized unsigned byte/short), clamped to 0...1, or empty without one.
    mutating func vertexColors(_ primitive: GLTFDocument.Primitive, count: Int, what: String) throws(AssetError)
        -> [Vec3]
    {
        guard let ca = primitive.attributes["COLOR_0"] else { return [] }
        let all = doc.accessors ?? []
        let width = ca >= 0 && ca < all.count && all[ca].type == "VEC3" ? 3 : 4
        let (cv, cc) = try floats(
            ca, type: width == 3 ? "VEC3" : "VEC4", componentTypes: [5126, 5121, 5123], what: "\(what) COLOR_0")
        guard cc == count else { throw AssetError(file: name, "\(what): \(cc) colours for \(count) positions") }
        return (0..<count).map {
            GLTFReader.clamp01(Vec3(cv[width * $0], cv[width * $0 + 1], cv[width * $0 + 2]))
        }
    }

    /// What primitives of `mode` draw.
    static func kind(mode: Int) -> Mesh.Group.Kind {
        mode == 0 ? .points : mode <= 3 ? .lines : .triangles
    }

    /// The index triples (`Mesh`'s layout) of indices drawn in `mode`: 0 points (`a a a`),
    /// 1 lines, 2 line loop, 3 line strip (`a b b` per line), 4 triangle list, 5 strip, 6 fan.
    static func elements(_ list: [UInt32], mode: Int, file: String, what: String) throws(AssetError) -> [UInt32] {
        switch mode {
        case 0:
            return list.flatMap { [$0, $0, $0] }
        case 1:
            guard list.count % 2 == 0 else {
                throw AssetError(file: file, "\(what): \(list.count) indices is not a multiple of 2")
            }
            return stride(from: 0, to: list.count, by: 2).flatMap { [list[$0], list[$0 + 1], list[$0 + 1]] }
        case 2, 3:
            guard list.count >= 2 else { return [] }
            var out = (0..<(list.count - 1)).flatMap { [list[$0], list[$0 + 1], list[$0 + 1]] }
            if mode == 2, list.count > 2, let last = list.last { out += [last, list[0], list[0]] }
            return out
        case 4:
            guard list.count % 3 == 0 else {
                throw AssetError(file: file, "\(what): \(list.count) indices is not a multiple of 3")
            }
            return list
        case 5:
            guard list.count >= 3 else { return [] }
            var out: [UInt32] = []
            out.reserveCapacity((list.count - 2) * 3)
            for i in 0..<(list.count - 2) {
                if i % 2 == 0 {
                    out += [list[i], list[i + 1], list[i + 2]]
                } else {
                    out += [list[i + 1], list[i], list[i + 2]]
                }
            }
            return out
        default:
            guard list.count >= 3 else { return [] }
            var out: [UInt32] = []
            out.reserveCapacity((list.count - 2) * 3)
            for i in 1..<(list.count - 1) { out += [list[0], list[i], list[i + 1]] }
            return out
        }
    }
}
