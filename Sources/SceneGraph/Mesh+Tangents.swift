import Math3D

extension Mesh {
    /// Tangents for `Mesh.tangents` made from the texture coordinates: per triangle the
    /// directions in which u and v grow (from its edges and their coordinate differences),
    /// summed per vertex weighted by the triangle's size in the coordinates' plane, made
    /// perpendicular to the vertex normal; `w` says whether v's direction is
    /// `cross(normal, tangent)` (+1) or its opposite (-1).
    ///
    /// An approximation of MikkTSpace (what glTF expects when a file has no `TANGENT`): the
    /// same directions on smooth, well-mapped surfaces, without its splitting of vertices
    /// at mirrored seams. A vertex whose triangles give no direction (no coordinates,
    /// degenerate ones) gets any unit vector perpendicular to its normal.
    /// - Parameters:
    ///   - positions, normals, uvs: per vertex (v up, the scene graph's convention); shorter
    ///     arrays count as missing values.
    ///   - indices: three per triangle; out-of-range ones are skipped.
    public static func generatedTangents(positions: [Vec3], normals: [Vec3], uvs: [Vec2], indices: [UInt32])
        -> [Vec4]
    {
        let count = positions.count
        var tan = [Vec3](repeating: .zero, count: count)
        var bit = [Vec3](repeating: .zero, count: count)
        var t = 0
        while t + 2 < indices.count {
            let a = Int(indices[t])
            let b = Int(indices[t + 1])
            let c = Int(indices[t + 2])
            t += 3
            guard a < count, b < count, c < count, a < uvs.count, b < uvs.count, c < uvs.count else { continue }
            let e1 = positions[b] - positions[a]
            let e2 = positions[c] - positions[a]
            let d1 = uvs[b] - uvs[a]
            let d2 = uvs[c] - uvs[a]
            let det = d1.x * d2.y - d2.x * d1.y
            guard det != 0, det.isFinite else { continue }
            // dP/du and dP/dv times det; the sign of det keeps mirrored triangles' directions
            // right, and |det| weights by the triangle's coordinate area.
            let s: Float = det < 0 ? -1 : 1
            let du = (e1 * d2.y - e2 * d1.y) * s
            let dv = (e2 * d1.x - e1 * d2.x) * s
            guard du.x.isFinite, du.y.isFinite, du.z.isFinite, dv.x.isFinite, dv.y.isFinite, dv.z.isFinite
            else { continue }
            for i in [a, b, c] {
                tan[i] += du
                bit[i] += dv
            }
        }
        return (0..<count).map { i in
            let n = i < normals.count ? normals[i] : Vec3(0, 0, 1)
            var u = tan[i] - n * dot(n, tan[i])
            if !(dot(u, u) > 1e-20) || !dot(u, u).isFinite {
                // Any direction perpendicular to the normal.
                u = abs(n.x) < 0.9 ? cross(n, Vec3(1, 0, 0)) : cross(n, Vec3(0, 1, 0))
            }
            u = normalize(u)
            let w: Float = dot(cross(n, u), bit[i]) < 0 ? -1 : 1
            return Vec4(u.x, u.y, u.z, w)
        }
    }
}
