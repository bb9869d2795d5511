import Math3D
import SceneGraph

extension Rasterizer {
    /// Clips triangle `t` of `mesh` in homogeneous clip space against the near plane and the
    /// guard band, fans the polygon left into triangles and sets those up like unclipped
    /// ones (a `doubleSided` back face turned round, as there). True when any piece was kept.
    func clipAndSetup(_ mesh: Mesh, triangle t: Int, mvp: Matrix4, normals nm: NormalMatrix, material: Int32,
                      doubleSided: Bool, mip: MipSelector, frame: FrameSetup) -> Bool {
        let positions = mesh.positions, meshNormals = mesh.normals, uvs = mesh.uvs, indices = mesh.indices
        polygon.removeAll(keepingCapacity: true)
        for k in 0..<3 {
            let i = Int(indices[3 * t + k])
            polygon.append(ClipVertex(position: mvp * Vec4(positions[i].x, positions[i].y, positions[i].z, 1),
                                      normal: nm.apply(i < meshNormals.count ? meshNormals[i] : .zero),
                                      uv: i < uvs.count ? uvs[i] : .zero))
        }
        let g = Rasterizer.guardBand
        clipPolygon(Vec4(0, 0, 1, 1))                      // z + w >= 0: in front of the near plane
        clipPolygon(Vec4(-1, 0, 0, g))                     // x <= g w
        clipPolygon(Vec4(1, 0, 0, g))                      // x >= -g w
        clipPolygon(Vec4(0, -1, 0, g))                     // y <= g w
        clipPolygon(Vec4(0, 1, 0, g))                      // y >= -g w
        if polygon.count < 3 { return false }

        // Viewport transform of the clipped vertices, then the same culling and set-up as the
        // unclipped path for each triangle of the fan.
        let width = Int64(frame.width), height = Int64(frame.height)
        var kept = false
        for k in 1..<(polygon.count - 1) {
            var a = polygon[0], b = polygon[k], c = polygon[k + 1]
            guard let p0 = Rasterizer.project(a.position, frame), var p1 = Rasterizer.project(b.position, frame),
                  var p2 = Rasterizer.project(c.position, frame) else { continue }
            var area = (p2.x &- p0.x) &* (p1.y &- p0.y) &- (p1.x &- p0.x) &* (p2.y &- p0.y)
            if area < 0, doubleSided {
                swap(&b, &c); swap(&p1, &p2)
                area = 0 &- area
                a.normal = -a.normal; b.normal = -b.normal; c.normal = -c.normal
            }
            if area <= 0 { continue }
            let minX = max((min(min(p0.x, p1.x), p2.x) &+ 127) >> 8, 0)
            let maxX = min((max(max(p0.x, p1.x), p2.x) &- 128) >> 8, width - 1)
            let minY = max((min(min(p0.y, p1.y), p2.y) &+ 127) >> 8, 0)
            let maxY = min((max(max(p0.y, p1.y), p2.y) &- 128) >> 8, height - 1)
            if minX > maxX || minY > maxY { continue }
            reserveTriangles(1)
            triangles[triangleCount] = Rasterizer.makeSetup(p0, p1, p2, area: area, bounds: (minX, maxX, minY, maxY),
                                                            invW: Vec3(1 / a.position.w, 1 / b.position.w, 1 / c.position.w),
                                                            normals: (a.normal, b.normal, c.normal), uvs: (a.uv, b.uv, c.uv), material: material,
                                                            texture: mip.level(area: area, uvs: (a.uv, b.uv, c.uv)))
            triangleCount += 1
            kept = true
        }
        return kept
    }

    /// Fixed-point screen position of a clip-space point in front of the camera, or nil.
    static func project(_ c: Vec4, _ frame: FrameSetup) -> SIMD2<Int64>? {
        guard c.w > 0 else { return nil }
        let iw = 1 / c.w
        let sx = (c.x * iw + 1) * frame.halfWidthFixed, sy = (1 - c.y * iw) * frame.halfHeightFixed
        guard sx.isFinite, sy.isFinite, abs(sx) < 1e15, abs(sy) < 1e15 else { return nil }
        return SIMD2(fixed(sx), fixed(sy))
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
}
