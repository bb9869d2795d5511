import Math3D

/// Read-only inputs of the geometry stage for one mesh instance, as raw pointers, so that
/// chunks of vertices or triangles can be set up on several threads.
///
/// `@unchecked Sendable` because it carries pointers: while chunks run, the vertex outputs
/// are written only at the chunk's own vertex indices and the triangle outputs only in the
/// chunk's own slots; everything else is only read.
struct GeometryChunk: @unchecked Sendable {
    let positions: UnsafePointer<Vec3>
    let indices: UnsafePointer<UInt32>
    let uvs: UnsafePointer<Vec2>?
    /// The second texture coordinate set, or nil when the mesh has none.
    let uvs1: UnsafePointer<Vec2>?
    /// Model-space tangents (`Mesh.tangents`), or nil unless the material has a normal map.
    let tangents: UnsafePointer<Vec4>?
    /// Where each set-up triangle's `TangentSetup` goes (the slot of its `TriangleSetup`),
    /// or nil with `tangents`.
    let tangentOut: UnsafeMutablePointer<TangentSetup>?
    /// Model to view, for tangents.
    let modelView: Matrix4
    /// Vertex colours, or nil when the mesh has none.
    let colors: UnsafePointer<Vec3>?
    let normals: UnsafePointer<Vec3>
    let normalCount: Int
    /// Fixed-point screen positions (1/256 pixel) of vertices that need no clipping.
    let screen: UnsafeMutablePointer<SIMD2<Int32>>
    let inverseW: UnsafeMutablePointer<Float>
    let outcodes: UnsafeMutablePointer<UInt8>
    /// Set-up triangles are written from here on (one slot per input triangle at most).
    let out: UnsafeMutablePointer<TriangleSetup>
    /// Triangles that need clipping are listed from here on (one slot per input triangle).
    let deferred: UnsafeMutablePointer<Int>
    let mvp: Matrix4
    let normalMatrix: NormalMatrix
    let mip: MipSelector
    let material: Int32
    /// Faces seen from behind are kept (vertex order reversed, normals flipped) instead of culled.
    let doubleSided: Bool
    let width: Int64, height: Int64
    let halfWidthFixed: Float, halfHeightFixed: Float
    /// The frame's `Rasterizer.shouldCancel`, asked every `cancelStride` vertices or
    /// triangles, or nil.
    let probe: CancelProbe?

    /// Vertices or triangles handled between two looks at `probe`: a single group of millions
    /// of triangles gives way within a few milliseconds.
    static let cancelStride = 16_384

    /// True when item `i` (not the first of its range) is on a stride boundary and the
    /// frame is to stop.
    @inline(__always) func cancelled(at i: Int, from start: Int) -> Bool {
        i & (GeometryChunk.cancelStride - 1) == 0 && i != start && (probe?.check() ?? false)
    }

    /// What a chunk of triangles produced.
    struct Result {
        var stored = 0
        var deferred = 0
        var culled = 0
    }

    /// Model-view-projection for vertices `range`: clip position, outcode and, for vertices
    /// that need no clipping, the fixed-point screen position and 1/w.
    func transform(_ range: Range<Int>) {
        let g = Rasterizer.guardBand
        let hw = halfWidthFixed
        let hh = halfHeightFixed
        let m0 = mvp.columns.0
        let m1 = mvp.columns.1
        let m2 = mvp.columns.2
        let m3 = mvp.columns.3
        for i in range {
            if cancelled(at: i, from: range.lowerBound) { return }
            let p = positions[i]
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
                let sx = (c.x * iw + 1) * hw
                let sy = (1 - c.y * iw) * hh
                if c.w > 0, abs(sx) < 1e9, abs(sy) < 1e9 {
                    screen[i] = SIMD2(Int32(Rasterizer.fixed(sx)), Int32(Rasterizer.fixed(sy)))
                    inverseW[i] = iw
                } else if c.w > 0, sx.isFinite, sy.isFinite {
                    // Only for framebuffers millions of pixels wide: too far for 32 bits, so
                    // such triangles take the clipping path, which works in 64 bits.
                    code |= Outcode.guardBand
                } else {
                    code |= Outcode.invalid
                }
            } else if !(c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite) {
                code |= Outcode.invalid
            }
            outcodes[i] = code
        }
    }

    /// Rejects, culls and sets up triangles `range`, writing set-ups from `out + slot` and the
    /// triangles left for clipping from `deferred + slot`.
    func setUp(_ range: Range<Int>, slot: Int) -> Result {
        var r = Result()
        let out = self.out + slot
        let deferred = self.deferred + slot
        let tangentOut = self.tangentOut.map { $0 + slot }
        let c0 = Vec3(modelView.columns.0.x, modelView.columns.0.y, modelView.columns.0.z)
        let c1 = Vec3(modelView.columns.1.x, modelView.columns.1.y, modelView.columns.1.z)
        let c2 = Vec3(modelView.columns.2.x, modelView.columns.2.y, modelView.columns.2.z)
        for t in range {
            if cancelled(at: t, from: range.lowerBound) { return r }
            let i0 = Int(indices[3 * t])
            var i1 = Int(indices[3 * t + 1])
            var i2 = Int(indices[3 * t + 2])
            let k0 = outcodes[i0]
            let k1 = outcodes[i1]
            let k2 = outcodes[i2]
            // Trivial rejection: all three vertices outside one frustum plane.
            if (k0 & k1 & k2) & Outcode.frustum != 0 {
                r.culled += 1
                continue
            }
            let any = k0 | k1 | k2
            // Crossing the near plane or the guard band: clipped later.
            if any & Outcode.needsClip != 0 {
                deferred[r.deferred] = t
                r.deferred += 1
                continue
            }
            if any & Outcode.invalid != 0 {
                r.culled += 1
                continue
            }
            // Back-face culling on the fixed-point screen positions: counter-clockwise is the
            // front; y points down the screen, so a front face has a positive `area`. A
            // double-sided back face is turned round: vertices 1 and 2 swapped, normals flipped.
            let q0 = screen[i0]
            var q1 = screen[i1]
            var q2 = screen[i2]
            let p0 = SIMD2<Int64>(truncatingIfNeeded: q0)
            var p1 = SIMD2<Int64>(truncatingIfNeeded: q1)
            var p2 = SIMD2<Int64>(truncatingIfNeeded: q2)
            var area = (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
            var side: Float = 1
            if area < 0, doubleSided {
                swap(&i1, &i2)
                swap(&q1, &q2)
                swap(&p1, &p2)
                area = 0 &- area
                side = -1
            }
            if area <= 0 {
                r.culled += 1
                continue
            }
            // Bounding box of the pixel centres inside; early rejection when it holds none on
            // screen (off-screen or sub-pixel triangles).
            let lo = pointwiseMin(pointwiseMin(q0, q1), q2)
            let hi = pointwiseMax(pointwiseMax(q0, q1), q2)
            let minX = max((Int64(lo.x) &+ 127) >> 8, 0)
            let maxX = min((Int64(hi.x) &- 128) >> 8, width - 1)
            if minX > maxX {
                r.culled += 1
                continue
            }
            let minY = max((Int64(lo.y) &+ 127) >> 8, 0)
            let maxY = min((Int64(hi.y) &- 128) >> 8, height - 1)
            if minY > maxY {
                r.culled += 1
                continue
            }
            let n0 = side * normalMatrix.apply(i0 < normalCount ? normals[i0] : .zero)
            let n1 = side * normalMatrix.apply(i1 < normalCount ? normals[i1] : .zero)
            let n2 = side * normalMatrix.apply(i2 < normalCount ? normals[i2] : .zero)
            var uv0 = Vec2.zero
            var uv1 = Vec2.zero
            var uv2 = Vec2.zero
            if let uvs {
                uv0 = uvs[i0]
                uv1 = uvs[i1]
                uv2 = uvs[i2]
            }
            var levels = mip.level(area: area, uvs: (uv0, uv1, uv2))
            if tangentOut == nil { levels.normal = -1 }
            out[r.stored] = Rasterizer.makeSetup(
                p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
                invW: Vec3(inverseW[i0], inverseW[i1], inverseW[i2]),
                normals: (n0, n1, n2), uvs: (uv0, uv1, uv2), material: material,
                texture: levels,
                colors: colors.map { ($0[i0], $0[i1], $0[i2]) }, uvs1: uvs1.map { ($0[i0], $0[i1], $0[i2]) })
            if let tangents, let tangentOut, levels.normal >= 0 {
                tangentOut[r.stored] = TangentSetup(
                    TangentSetup.view(tangents[i0], c0, c1, c2, side: side),
                    TangentSetup.view(tangents[i1], c0, c1, c2, side: side),
                    TangentSetup.view(tangents[i2], c0, c1, c2, side: side),
                    invW: Vec3(inverseW[i0], inverseW[i1], inverseW[i2]))
            }
            r.stored += 1
        }
        return r
    }
}
