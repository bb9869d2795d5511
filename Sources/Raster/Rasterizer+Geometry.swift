import Math3D
import SceneGraph

/// Outcode bits of a clip-space vertex.
enum Outcode {
    static let left: UInt8 = 1, right: UInt8 = 2, bottom: UInt8 = 4, top: UInt8 = 8
    static let near: UInt8 = 16, far: UInt8 = 32
    /// Outside the guard band on any side: the triangle must be clipped before projection.
    static let guardBand: UInt8 = 64
    /// Not a finite point in front of the camera (only meaningful without `near`).
    static let invalid: UInt8 = 128
    /// Bits that reject a triangle when all three vertices share one.
    static let frustum: UInt8 = 63
}

extension Rasterizer {
    /// Runs the triangle pipeline for one draw item, appending to `triangles`.
    func setupTriangles(_ item: DrawItem, scene: Scene, frame: FrameSetup, stats: inout RenderStats) {
        let mesh = item.mesh
        let vertexCount = mesh.vertexCount
        let modelView = frame.view * item.world
        let mvp = frame.projection * modelView
        let normalMatrix = Rasterizer.normalMatrix(modelView)
        stats.trianglesSubmitted += mesh.triangleCount
        if clipPositions.count < vertexCount {
            clipPositions = [Vec4](repeating: .zero, count: vertexCount)
            viewNormals = [Vec3](repeating: .zero, count: vertexCount)
            screen = [SIMD2<Int64>](repeating: .zero, count: vertexCount)
            outcodes = [UInt8](repeating: 0, count: vertexCount)
        }

        // Transform each vertex once: clip position, outcode, fixed-point screen position
        // when it needs no clipping, view-space unit normal.
        let g = Rasterizer.guardBand
        let hw = frame.halfWidthFixed, hh = frame.halfHeightFixed
        mesh.positions.withUnsafeBufferPointer { pos in
        mesh.normals.withUnsafeBufferPointer { nrm in
        clipPositions.withUnsafeMutableBufferPointer { clip in
        viewNormals.withUnsafeMutableBufferPointer { vn in
        screen.withUnsafeMutableBufferPointer { scr in
        outcodes.withUnsafeMutableBufferPointer { codes in
            let m0 = mvp.columns.0, m1 = mvp.columns.1, m2 = mvp.columns.2, m3 = mvp.columns.3
            for i in 0..<vertexCount {
                let p = pos[i]
                let c = m0 * p.x + m1 * p.y + m2 * p.z + m3
                clip[i] = c
                var code: UInt8 = 0
                if c.x < -c.w { code |= Outcode.left }
                if c.x > c.w { code |= Outcode.right }
                if c.y < -c.w { code |= Outcode.bottom }
                if c.y > c.w { code |= Outcode.top }
                if c.z < -c.w { code |= Outcode.near }
                if c.z > c.w { code |= Outcode.far }
                if c.x < -g * c.w || c.x > g * c.w || c.y < -g * c.w || c.y > g * c.w { code |= Outcode.guardBand }
                if code & (Outcode.near | Outcode.guardBand) == 0 {
                    let iw = 1 / c.w
                    let sx = (c.x * iw + 1) * hw, sy = (1 - c.y * iw) * hh
                    if c.w > 0, sx.isFinite, sy.isFinite {
                        scr[i] = SIMD2(Int64(sx.rounded()), Int64(sy.rounded()))
                    } else {
                        code |= Outcode.invalid
                    }
                } else if !(c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite) {
                    code |= Outcode.invalid
                }
                codes[i] = code
                let n = i < nrm.count ? nrm[i] : Vec3.zero
                vn[i] = normalize(normalMatrix.0 * n.x + normalMatrix.1 * n.y + normalMatrix.2 * n.z)
            }
        }}}}}}

        // Per triangle: reject, cull and set up; clip the few that cross the near plane or the
        // guard band.
        for group in mesh.groups {
            let material = shadeIndex(for: group.material ?? item.material, scene: scene)
            setupGroup(mesh, triangles: group.triangles, material: material, frame: frame, stats: &stats)
        }
    }

    /// Triangles `range` of `mesh` (vertices already transformed) with shading entry `material`.
    private func setupGroup(_ mesh: Mesh, triangles range: Range<Int>, material: Int32, frame: FrameSetup, stats: inout RenderStats) {
        let hasUV = mesh.hasUVs
        let width = Int64(frame.width), height = Int64(frame.height)
        var drawn = 0, culled = 0
        mesh.indices.withUnsafeBufferPointer { idx in
        mesh.uvs.withUnsafeBufferPointer { uvs in
        clipPositions.withUnsafeBufferPointer { clip in
        viewNormals.withUnsafeBufferPointer { vn in
        screen.withUnsafeBufferPointer { scr in
        outcodes.withUnsafeBufferPointer { codes in
            for t in range {
                let i0 = Int(idx[3 * t]), i1 = Int(idx[3 * t + 1]), i2 = Int(idx[3 * t + 2])
                let k0 = codes[i0], k1 = codes[i1], k2 = codes[i2]
                // Trivial rejection: all three vertices outside one frustum plane, or garbage.
                if (k0 & k1 & k2) & Outcode.frustum != 0 { culled += 1; continue }
                let any = k0 | k1 | k2
                if any & (Outcode.near | Outcode.guardBand) != 0 {
                    // Near-plane (and guard-band) clipping in homogeneous clip space.
                    stats.trianglesClipped += 1
                    let vs = (i0, i1, i2)
                    let ok = clipAndSetup(vs, clip: clip, normals: vn, uvs: hasUV ? uvs : nil, clipGuard: any & Outcode.guardBand != 0,
                                          material: material, frame: frame)
                    if ok { drawn += 1 } else { culled += 1 }
                    continue
                }
                if any & Outcode.invalid != 0 { culled += 1; continue }
                // Back-face culling on the fixed-point screen positions (counter-clockwise is
                // front; y points down on screen, so a front face has a positive `area`).
                let p0 = scr[i0], p1 = scr[i1], p2 = scr[i2]
                let area = (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
                if area <= 0 { culled += 1; continue }
                // Bounding box of the pixel centres inside; reject when there are none on screen.
                let minX = max((min(p0.x, p1.x, p2.x) &+ 127) >> 8, 0)
                let maxX = min((max(p0.x, p1.x, p2.x) &- 128) >> 8, width - 1)
                let minY = max((min(p0.y, p1.y, p2.y) &+ 127) >> 8, 0)
                let maxY = min((max(p0.y, p1.y, p2.y) &- 128) >> 8, height - 1)
                if minX > maxX || minY > maxY { culled += 1; continue }
                let c0 = clip[i0], c1 = clip[i1], c2 = clip[i2]
                let uv0 = hasUV ? uvs[i0] : .zero, uv1 = hasUV ? uvs[i1] : .zero, uv2 = hasUV ? uvs[i2] : .zero
                triangles.append(Rasterizer.makeSetup(p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
                                                      invW: Vec3(1 / c0.w, 1 / c1.w, 1 / c2.w),
                                                      normals: (vn[i0], vn[i1], vn[i2]), uvs: (uv0, uv1, uv2), material: material))
                drawn += 1
            }
        }}}}}}
        stats.trianglesDrawn += drawn
        stats.trianglesCulled += culled
    }

    /// Clips one triangle against the near plane (and the guard band when `clipGuard`),
    /// fans the polygon left into triangles and sets those up. True when any was kept.
    private func clipAndSetup(_ v: (Int, Int, Int), clip: UnsafeBufferPointer<Vec4>, normals: UnsafeBufferPointer<Vec3>,
                              uvs: UnsafeBufferPointer<Vec2>?, clipGuard: Bool, material: Int32, frame: FrameSetup) -> Bool {
        polygon.removeAll(keepingCapacity: true)
        polygon.append(ClipVertex(position: clip[v.0], normal: normals[v.0], uv: uvs.map { $0[v.0] } ?? .zero))
        polygon.append(ClipVertex(position: clip[v.1], normal: normals[v.1], uv: uvs.map { $0[v.1] } ?? .zero))
        polygon.append(ClipVertex(position: clip[v.2], normal: normals[v.2], uv: uvs.map { $0[v.2] } ?? .zero))
        let g = Rasterizer.guardBand
        clipPolygon(Vec4(0, 0, 1, 1))                      // z + w >= 0: in front of the near plane
        if clipGuard {
            clipPolygon(Vec4(-1, 0, 0, g))                 // x <= g w
            clipPolygon(Vec4(1, 0, 0, g))                  // x >= -g w
            clipPolygon(Vec4(0, -1, 0, g))                 // y <= g w
            clipPolygon(Vec4(0, 1, 0, g))                  // y >= -g w
        }
        if polygon.count < 3 { return false }
        // Viewport transform of the clipped vertices, then the same culling and set-up as the
        // unclipped path for each triangle of the fan.
        let width = Int64(frame.width), height = Int64(frame.height)
        var kept = false
        for k in 1..<(polygon.count - 1) {
            let a = polygon[0], b = polygon[k], c = polygon[k + 1]
            guard let p0 = Rasterizer.project(a.position, frame), let p1 = Rasterizer.project(b.position, frame),
                  let p2 = Rasterizer.project(c.position, frame) else { continue }
            let area = (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
            if area <= 0 { continue }
            let minX = max((min(p0.x, p1.x, p2.x) &+ 127) >> 8, 0)
            let maxX = min((max(p0.x, p1.x, p2.x) &- 128) >> 8, width - 1)
            let minY = max((min(p0.y, p1.y, p2.y) &+ 127) >> 8, 0)
            let maxY = min((max(p0.y, p1.y, p2.y) &- 128) >> 8, height - 1)
            if minX > maxX || minY > maxY { continue }
            triangles.append(Rasterizer.makeSetup(p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
                                                  invW: Vec3(1 / a.position.w, 1 / b.position.w, 1 / c.position.w),
                                                  normals: (a.normal, b.normal, c.normal), uvs: (a.uv, b.uv, c.uv), material: material))
            kept = true
        }
        return kept
    }

    /// Fixed-point screen position of a clip-space point in front of the camera, or nil.
    @inline(__always)
    static func project(_ c: Vec4, _ frame: FrameSetup) -> SIMD2<Int64>? {
        guard c.w > 0 else { return nil }
        let iw = 1 / c.w
        let sx = (c.x * iw + 1) * frame.halfWidthFixed, sy = (1 - c.y * iw) * frame.halfHeightFixed
        guard sx.isFinite, sy.isFinite, abs(sx) < 1e15, abs(sy) < 1e15 else { return nil }
        return SIMD2(Int64(sx.rounded()), Int64(sy.rounded()))
    }

    /// Sutherland-Hodgman: keeps the part of `polygon` where `dot(plane, position) >= 0`.
    private func clipPolygon(_ plane: Vec4) {
        if polygon.isEmpty { return }
        polygonScratch.removeAll(keepingCapacity: true)
        var prev = polygon[polygon.count - 1]
        var prevD = (plane * prev.position).sum()
        for cur in polygon {
            let d = (plane * cur.position).sum()
            if d >= 0 {
                if prevD < 0 { polygonScratch.append(ClipVertex.lerp(prev, cur, prevD / (prevD - d))) }
                polygonScratch.append(cur)
            } else if prevD >= 0 {
                polygonScratch.append(ClipVertex.lerp(prev, cur, prevD / (prevD - d)))
            }
            prev = cur
            prevD = d
        }
        swap(&polygon, &polygonScratch)
    }

    /// Edge functions with the top-left rule and attributes over w for a front-facing triangle.
    @inline(__always)
    static func makeSetup(_ p0: SIMD2<Int64>, _ p1: SIMD2<Int64>, _ p2: SIMD2<Int64>, area: Int64,
                          bounds: (Int64, Int64, Int64, Int64), invW: Vec3,
                          normals: (Vec3, Vec3, Vec3), uvs: (Vec2, Vec2, Vec2), material: Int32) -> TriangleSetup {
        // Edge from a to b, positive inside: E(p) = (px - ax)(by - ay) - (py - ay)(bx - ax).
        // Top-left rule: pixels exactly on an edge belong to it only if it is a left edge
        // (going down the screen) or a top edge (horizontal, going left); elsewhere the
        // constant is lowered by one so that E = 0 fails the `>= 0` test.
        @inline(__always) func edge(_ a: SIMD2<Int64>, _ b: SIMD2<Int64>) -> (Int64, Int64, Int64) {
            let dx = b.x &- a.x, dy = b.y &- a.y
            let topLeft = dy > 0 || (dy == 0 && dx < 0)
            let c = (a.y &* dx) &- (a.x &* dy) &- (topLeft ? 0 : 1)
            return (dy, 0 &- dx, c)
        }
        let e0 = edge(p1, p2), e1 = edge(p2, p0), e2 = edge(p0, p1)
        let n0 = normals.0 * invW.x, n1 = normals.1 * invW.y, n2 = normals.2 * invW.z
        let t0 = uvs.0 * invW.x, t1 = uvs.1 * invW.y, t2 = uvs.2 * invW.z
        return TriangleSetup(minX: Int32(bounds.0), maxX: Int32(bounds.1), minY: Int32(bounds.2), maxY: Int32(bounds.3),
                             a0: e0.0, b0: e0.1, c0: e0.2, a1: e1.0, b1: e1.1, c1: e1.2, a2: e2.0, b2: e2.1, c2: e2.2,
                             invArea: 1 / Float(area), material: material, invW: invW,
                             nx: Vec3(n0.x, n1.x, n2.x), ny: Vec3(n0.y, n1.y, n2.y), nz: Vec3(n0.z, n1.z, n2.z),
                             u: Vec3(t0.x, t1.x, t2.x), v: Vec3(t0.y, t1.y, t2.y))
    }

    /// The inverse transpose of the upper 3x3 of `m` up to a positive factor (normals are
    /// normalized afterwards), as three columns; mirrored matrices keep normals outwards.
    static func normalMatrix(_ m: Matrix4) -> (Vec3, Vec3, Vec3) {
        let a = Vec3(m.columns.0), b = Vec3(m.columns.1), c = Vec3(m.columns.2)
        let det = dot(a, cross(b, c))
        if det == 0 || !det.isFinite { return (a, b, c) }
        let s: Float = det < 0 ? -1 : 1
        return (cross(b, c) * s, cross(c, a) * s, cross(a, b) * s)
    }
}
