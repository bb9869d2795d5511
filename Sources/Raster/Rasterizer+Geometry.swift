import Math3D
import SceneGraph

extension Rasterizer {
    /// Runs the triangle pipeline for one mesh instance, adding to `triangles`.
    func setupTriangles(world: Matrix4, mesh: Mesh, material: Material, frame: FrameSetup, stats: inout RenderStats) {
        let vertexCount = mesh.vertexCount
        let modelView = frame.view * world
        let mvp = frame.projection * modelView
        stats.trianglesSubmitted += mesh.triangleCount
        if screen.count < vertexCount {
            screen = [SIMD2<Int64>](repeating: .zero, count: vertexCount)
            inverseW = [Float](repeating: 0, count: vertexCount)
            outcodes = [UInt8](repeating: 0, count: vertexCount)
        }

        // Model-view-projection: transform each vertex once into clip space; keep its
        // outcode and, when it needs no clipping, its fixed-point screen position and 1/w.
        let g = Rasterizer.guardBand
        let hw = frame.halfWidthFixed, hh = frame.halfHeightFixed
        mesh.positions.withUnsafeBufferPointer { pos in
        screen.withUnsafeMutableBufferPointer { scr in
        inverseW.withUnsafeMutableBufferPointer { invW in
        outcodes.withUnsafeMutableBufferPointer { codes in
            let m0 = mvp.columns.0, m1 = mvp.columns.1, m2 = mvp.columns.2, m3 = mvp.columns.3
            for i in 0..<vertexCount {
                let p = pos[i]
                let c = m0 * p.x + m1 * p.y + m2 * p.z + m3
                var code: UInt8 = 0
                if c.x < -c.w { code |= Outcode.left }
                if c.x > c.w { code |= Outcode.right }
                if c.y < -c.w { code |= Outcode.bottom }
                if c.y > c.w { code |= Outcode.top }
                if c.z < -c.w { code |= Outcode.near }
                if c.z > c.w { code |= Outcode.far }
                if c.x < -g * c.w || c.x > g * c.w || c.y < -g * c.w || c.y > g * c.w { code |= Outcode.guardBand }
                if code & Outcode.needsClip == 0 {
                    // Viewport transform to 1/256 pixel (bounded by the guard band).
                    let iw = 1 / c.w
                    let sx = (c.x * iw + 1) * hw, sy = (1 - c.y * iw) * hh
                    if c.w > 0, sx.isFinite, sy.isFinite {
                        scr[i] = SIMD2(Rasterizer.fixed(sx), Rasterizer.fixed(sy))
                        invW[i] = iw
                    } else {
                        code |= Outcode.invalid
                    }
                } else if !(c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite) {
                    code |= Outcode.invalid
                }
                codes[i] = code
            }
        }}}}

        let normals = Rasterizer.normalMatrix(modelView)
        mesh.groups.withUnsafeBufferPointer { groups in
            for g in groups.indices {
                let shade = shadeIndex(for: groups[g].material ?? material, frame: frame)
                let mip = MipSelector(shade: shades[Int(shade)], sizes: textureSizes)
                setupGroup(mesh, triangles: groups[g].triangles, material: shade, mip: mip, normals: normals, mvp: mvp, frame: frame, stats: &stats)
            }
        }
    }

    /// Triangles `range` of `mesh` (vertices already transformed) with shading entry `material`.
    private func setupGroup(_ mesh: Mesh, triangles range: Range<Int>, material: Int32, mip: MipSelector, normals nm: NormalMatrix,
                            mvp: Matrix4, frame: FrameSetup, stats: inout RenderStats) {
        let hasUV = mesh.hasUVs
        let width = Int64(frame.width), height = Int64(frame.height)
        var drawn = 0, culled = 0
        deferred.removeAll(keepingCapacity: true)
        reserveTriangles(range.count)
        var count = triangleCount
        mesh.indices.withUnsafeBufferPointer { idx in
        mesh.uvs.withUnsafeBufferPointer { uvs in
        mesh.normals.withUnsafeBufferPointer { meshNormals in
        screen.withUnsafeBufferPointer { scr in
        inverseW.withUnsafeBufferPointer { invW in
        outcodes.withUnsafeBufferPointer { codes in
        triangles.withUnsafeMutableBufferPointer { out in
            for t in range {
                let i0 = Int(idx[3 * t]), i1 = Int(idx[3 * t + 1]), i2 = Int(idx[3 * t + 2])
                let k0 = codes[i0], k1 = codes[i1], k2 = codes[i2]
                // Trivial rejection: all three vertices outside one frustum plane.
                if (k0 & k1 & k2) & Outcode.frustum != 0 { culled += 1; continue }
                let any = k0 | k1 | k2
                // Crossing the near plane or the guard band: clipped after this loop.
                if any & Outcode.needsClip != 0 { deferred.append(t); continue }
                if any & Outcode.invalid != 0 { culled += 1; continue }
                // Back-face culling on the fixed-point screen positions: counter-clockwise is
                // the front; y points down the screen, so a front face has a positive `area`.
                let p0 = scr[i0], p1 = scr[i1], p2 = scr[i2]
                let area = (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
                if area <= 0 { culled += 1; continue }
                // Bounding box of the pixel centres inside; early rejection when it holds none
                // on screen (off-screen or sub-pixel triangles).
                let minX = max((min(p0.x, p1.x, p2.x) &+ 127) >> 8, 0)
                let maxX = min((max(p0.x, p1.x, p2.x) &- 128) >> 8, width - 1)
                if minX > maxX { culled += 1; continue }
                let minY = max((min(p0.y, p1.y, p2.y) &+ 127) >> 8, 0)
                let maxY = min((max(p0.y, p1.y, p2.y) &- 128) >> 8, height - 1)
                if minY > maxY { culled += 1; continue }
                let n0 = nm.apply(i0 < meshNormals.count ? meshNormals[i0] : .zero)
                let n1 = nm.apply(i1 < meshNormals.count ? meshNormals[i1] : .zero)
                let n2 = nm.apply(i2 < meshNormals.count ? meshNormals[i2] : .zero)
                let uv0 = hasUV ? uvs[i0] : .zero, uv1 = hasUV ? uvs[i1] : .zero, uv2 = hasUV ? uvs[i2] : .zero
                out[count] = Rasterizer.makeSetup(p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
                                                  invW: Vec3(invW[i0], invW[i1], invW[i2]),
                                                  normals: (n0, n1, n2), uvs: (uv0, uv1, uv2), material: material,
                                                  texture: mip.level(area: area, uvs: (uv0, uv1, uv2)))
                count += 1
                drawn += 1
            }
        }}}}}}}
        triangleCount = count

        // Near-plane (and guard-band) clipping for the few triangles that need it.
        if !deferred.isEmpty {
            stats.trianglesClipped += deferred.count
            for k in deferred.indices {
                if clipAndSetup(mesh, triangle: deferred[k], mvp: mvp, normals: nm, material: material, mip: mip, frame: frame) {
                    drawn += 1
                } else {
                    culled += 1
                }
            }
        }
        stats.trianglesDrawn += drawn
        stats.trianglesCulled += culled
    }

    /// Makes room for `extra` more triangle set-ups after `triangleCount` (grows only).
    func reserveTriangles(_ extra: Int) {
        let needed = triangleCount + extra
        if triangles.count < needed {
            triangles.append(contentsOf: repeatElement(TriangleSetup.zero, count: max(needed, triangles.count * 2) - triangles.count))
        }
    }

    /// Round to the nearest 1/256 pixel without a libm call (`v` is bounded and finite).
    @inline(__always)
    static func fixed(_ v: Float) -> Int64 {
        let t = Int64(v + 0.5)
        return Float(t) > v + 0.5 ? t - 1 : t
    }

    /// Edge functions with the top-left rule and attributes over w for a front-facing triangle.
    @inline(__always)
    static func makeSetup(_ p0: SIMD2<Int64>, _ p1: SIMD2<Int64>, _ p2: SIMD2<Int64>, area: Int64,
                          bounds: (Int64, Int64, Int64, Int64), invW: Vec3,
                          normals: (Vec3, Vec3, Vec3), uvs: (Vec2, Vec2, Vec2), material: Int32, texture: Int32) -> TriangleSetup {
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
                             invArea: 1 / Float(area), material: material, texture: texture, invW: invW,
                             nx: Vec3(n0.x, n1.x, n2.x), ny: Vec3(n0.y, n1.y, n2.y), nz: Vec3(n0.z, n1.z, n2.z),
                             u: Vec3(t0.x, t1.x, t2.x), v: Vec3(t0.y, t1.y, t2.y))
    }

    /// The matrix for normals of `modelView`: its inverse transpose up to a positive factor.
    static func normalMatrix(_ m: Matrix4) -> NormalMatrix {
        let a = Vec3(m.columns.0), b = Vec3(m.columns.1), c = Vec3(m.columns.2)
        let det = dot(a, cross(b, c))
        if det == 0 || !det.isFinite { return NormalMatrix(a, b, c) }
        let s: Float = det < 0 ? -1 : 1
        return NormalMatrix(cross(b, c) * s, cross(c, a) * s, cross(a, b) * s)
    }
}
