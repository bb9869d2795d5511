import Math3D

/// Splits a polygon into triangles by ear clipping in the polygon's own plane, so
/// concave polygons (a ring, an L, a star) keep their shape; fan triangulation would
/// cover their notches.
enum PolygonTriangulator {
    /// Polygons with more corners than this are fanned: ear clipping costs O(n^2) per
    /// polygon, and such polygons are caps of round shapes, which are convex anyway.
    static let maxClippedCorners = 512

    /// Appends to `out` the corners (indices into `points`) of `points.count - 2`
    /// triangles covering the polygon `points`, wound as the polygon is. Convex polygons
    /// are fanned from corner 0; degenerate or self-intersecting ones are clipped as far
    /// as possible and the rest fanned, so every polygon gives n - 2 triangles.
    static func triangulate(_ points: [Vec3], into out: inout [Int]) {
        let n = points.count
        guard n >= 3 else { return }
        if n == 3 {
            out += [0, 1, 2]
            return
        }
        // Newell's normal: the polygon's plane, robust to a few collinear corners.
        var normal = Vec3.zero
        for i in 0..<n {
            let a = points[i]
            let b = points[(i + 1) % n]
            normal += Vec3((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y))
        }
        let an = Vec3(abs(normal.x), abs(normal.y), abs(normal.z))
        guard an.max() > 0, n <= maxClippedCorners else {
            fan(n, into: &out)
            return
        }
        // Project onto the plane of the two other axes, keeping the winding positive.
        let drop = an.x >= an.y && an.x >= an.z ? 0 : (an.y >= an.z ? 1 : 2)
        let flip: Float = normal[drop] < 0 ? -1 : 1
        let flat: [SIMD2<Float>] = points.map { p in
            switch drop {
            case 0: return SIMD2(p.y, p.z * flip)
            case 1: return SIMD2(p.z, p.x * flip)
            default: return SIMD2(p.x, p.y * flip)
            }
        }
        func cross(_ o: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var convex = true
        for i in 0..<n where cross(flat[i], flat[(i + 1) % n], flat[(i + 2) % n]) < 0 {
            convex = false
            break
        }
        if convex {
            fan(n, into: &out)
            return
        }
        var remaining = Array(0..<n)
        var i = 0
        var misses = 0
        while remaining.count > 3 {
            let m = remaining.count
            let a = remaining[(i + m - 1) % m]
            let b = remaining[i % m]
            let c = remaining[(i + 1) % m]
            var isEar = cross(flat[a], flat[b], flat[c]) > 0
            if isEar {
                for k in remaining where k != a && k != b && k != c {
                    let p = flat[k]
                    if cross(flat[a], flat[b], p) >= 0, cross(flat[b], flat[c], p) >= 0, cross(flat[c], flat[a], p) >= 0
                    {
                        isEar = false
                        break
                    }
                }
            }
            // A full round without an ear: the polygon is degenerate; clip anyway.
            if isEar || misses >= m {
                out += [a, b, c]
                remaining.remove(at: i % m)
                misses = 0
                i = i % (m - 1)
            } else {
                misses += 1
                i = (i + 1) % m
            }
        }
        out += remaining
    }

    /// The fan 0 k k+1 of an n-gon.
    static func fan(_ n: Int, into out: inout [Int]) {
        for k in 1..<(n - 1) { out += [0, k, k + 1] }
    }
}
