import Math3D
import SceneGraph

extension Rasterizer {
    /// Width of a drawn line, in pixels.
    static let lineWidth: Float = 1
    /// Side of the square a point is drawn as, in pixels.
    static let pointSize: Float = 2

    /// Sets up the lines or points of `range` (index triples `a b b` and `a a a`, see `Mesh`)
    /// as screen-space quads that face the camera: a line is `lineWidth` pixels wide with
    /// square ends reaching half a width past its vertices, a point is a `pointSize` square.
    /// Their normal points at the viewer, so they are lit like a face turned to the camera.
    /// Lines are clipped against the near and far planes and the guard band first.
    /// - Returns: how many lines or points were drawn and how many were not.
    func setupStrokes(
        _ mesh: Mesh, range: Range<Int>, kind: Mesh.Group.Kind, mvp: Matrix4,
        material: Int32, mip: MipSelector, frame: FrameSetup
    ) -> (drawn: Int, culled: Int) {
        let positions = mesh.positions
        let uvs = mesh.uvs
        let colors = mesh.colors
        let indices = mesh.indices
        let half = (kind == .points ? Rasterizer.pointSize : Rasterizer.lineWidth) / 2 * 256
        var drawn = 0
        for t in range {
            let ia = Int(indices[3 * t])
            let ib = Int(indices[3 * t + (kind == .points ? 0 : 1)])
            let a = ClipVertex(
                position: mvp * Vec4(positions[ia].x, positions[ia].y, positions[ia].z, 1),
                normal: Vec3(0, 0, 1), uv: ia < uvs.count ? uvs[ia] : .zero,
                color: ia < colors.count ? colors[ia] : .one)
            let b = ClipVertex(
                position: mvp * Vec4(positions[ib].x, positions[ib].y, positions[ib].z, 1),
                normal: Vec3(0, 0, 1), uv: ib < uvs.count ? uvs[ib] : .zero,
                color: ib < colors.count ? colors[ib] : .one)
            guard let (ca, cb) = Rasterizer.clipSegment(a, b),
                let sa = Rasterizer.screenPoint(ca.position, frame), let sb = Rasterizer.screenPoint(cb.position, frame)
            else { continue }
            // Along and across the segment on screen (1/256 pixel units); a point, or a line
            // seen end-on, is a square.
            let d = sb - sa
            let len = (d * d).sum().squareRoot()
            let along = len > 1e-3 ? d * (half / len) : SIMD2<Float>(half, 0)
            let across = SIMD2<Float>(-along.y, along.x)
            let corners = [sa - along + across, sa - along - across, sb + along - across, sb + along + across].map {
                SIMD2<Int64>(Rasterizer.fixed($0.x), Rasterizer.fixed($0.y))
            }
            let ends = [ca, ca, cb, cb]
            // The quad as two triangles, wound so that both face the camera.
            let area = Rasterizer.doubleArea(corners[0], corners[1], corners[2])
            let order = area >= 0 ? [0, 1, 2, 0, 2, 3] : [0, 2, 1, 0, 3, 2]
            var kept = false
            for k in stride(from: 0, to: 6, by: 3) {
                let i = order[k]
                let j = order[k + 1]
                let l = order[k + 2]
                if storeTriangle(
                    (corners[i], corners[j], corners[l]), (ends[i], ends[j], ends[l]),
                    material: material, doubleSided: false, mip: mip, frame: frame, colored: !colors.isEmpty)
                {
                    kept = true
                }
            }
            if kept { drawn += 1 }
        }
        return (drawn, range.count - drawn)
    }

    /// The part of the segment `a`-`b` in front of the near plane, before the far plane and
    /// inside the guard band (Liang-Barsky in clip space), or nil when none is.
    static func clipSegment(_ a: ClipVertex, _ b: ClipVertex) -> (ClipVertex, ClipVertex)? {
        let g = guardBand
        let planes = [
            Vec4(0, 0, 1, 1), Vec4(0, 0, -1, 1), Vec4(-1, 0, 0, g), Vec4(1, 0, 0, g), Vec4(0, -1, 0, g),
            Vec4(0, 1, 0, g),
        ]
        var t0: Float = 0
        var t1: Float = 1
        for plane in planes {
            let da = (plane * a.position).sum()
            let db = (plane * b.position).sum()
            guard da.isFinite, db.isFinite else { return nil }
            if da < 0, db < 0 { return nil }
            if da < 0 { t0 = max(t0, da / (da - db)) } else if db < 0 { t1 = min(t1, da / (da - db)) }
        }
        guard t0 <= t1 else { return nil }
        return (ClipVertex.lerp(a, b, t0), ClipVertex.lerp(a, b, t1))
    }

    /// Screen position (1/256 pixel, as a float) of a clip-space point in front of the camera.
    static func screenPoint(_ c: Vec4, _ frame: FrameSetup) -> SIMD2<Float>? {
        guard c.w > 0 else { return nil }
        let iw = 1 / c.w
        let s = SIMD2<Float>((c.x * iw + 1) * frame.halfWidthFixed, (1 - c.y * iw) * frame.halfHeightFixed)
        guard s.x.isFinite, s.y.isFinite, abs(s.x) < 1e15, abs(s.y) < 1e15 else { return nil }
        return s
    }

    /// Twice the signed screen area of a triangle: positive when it faces the camera.
    @inline(__always)
    static func doubleArea(_ p0: SIMD2<Int64>, _ p1: SIMD2<Int64>, _ p2: SIMD2<Int64>) -> Int64 {
        (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
    }

    /// Culls (or, when `doubleSided`, turns round) one screen triangle with fixed-point corners
    /// `p` and the attributes of `v`, and stores its set-up unless it is a back face or covers
    /// no pixel centre on screen; with `colored`, the vertices' colours multiply the albedo.
    /// True when stored.
    func storeTriangle(
        _ p: (SIMD2<Int64>, SIMD2<Int64>, SIMD2<Int64>), _ v: (ClipVertex, ClipVertex, ClipVertex),
        material: Int32, doubleSided: Bool, mip: MipSelector, frame: FrameSetup, colored: Bool = false,
        tangents: Bool = false
    ) -> Bool {
        var (p0, p1, p2) = p
        var (a, b, c) = v
        var area = Rasterizer.doubleArea(p0, p1, p2)
        if area < 0, doubleSided {
            swap(&b, &c)
            swap(&p1, &p2)
            area = 0 &- area
            a.normal = -a.normal
            b.normal = -b.normal
            c.normal = -c.normal
            a.tangent.w = -a.tangent.w
            b.tangent.w = -b.tangent.w
            c.tangent.w = -c.tangent.w
        }
        if area <= 0 { return false }
        let width = Int64(frame.width)
        let height = Int64(frame.height)
        let minX = max((min(min(p0.x, p1.x), p2.x) &+ 127) >> 8, 0)
        let maxX = min((max(max(p0.x, p1.x), p2.x) &- 128) >> 8, width - 1)
        let minY = max((min(min(p0.y, p1.y), p2.y) &+ 127) >> 8, 0)
        let maxY = min((max(max(p0.y, p1.y), p2.y) &- 128) >> 8, height - 1)
        if minX > maxX || minY > maxY { return false }
        reserveTriangles(1)
        let invW = Vec3(1 / a.position.w, 1 / b.position.w, 1 / c.position.w)
        var levels = mip.level(area: area, uvs: (a.uv, b.uv, c.uv))
        if !tangents { levels.normal = -1 }
        if levels.normal >= 0 {
            reserveTangents()
            tangentSetups[triangleCount] = TangentSetup(a.tangent, b.tangent, c.tangent, invW: invW)
        }
        triangles[triangleCount] = Rasterizer.makeSetup(
            p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
            invW: invW,
            normals: (a.normal, b.normal, c.normal), uvs: (a.uv, b.uv, c.uv), material: material,
            texture: levels,
            colors: colored ? (a.color, b.color, c.color) : nil,
            uvs1: (a.uv1, b.uv1, c.uv1))
        triangleCount += 1
        return true
    }
}
