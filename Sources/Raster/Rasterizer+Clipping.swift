import Math3D
import SceneGraph

extension Rasterizer {
    /// Clips triangle `t` of `mesh` in homogeneous clip space against the near plane and the
    /// guard band, fans the polygon left into triangles and sets those up like unclipped
    /// ones (a `doubleSided` back face turned round, as there). True when any piece was kept.
    func clipAndSetup(
        _ mesh: Mesh, triangle t: Int, mvp: Matrix4, normals nm: NormalMatrix, material: Int32,
        doubleSided: Bool, mip: MipSelector, frame: FrameSetup, tangentSpace modelView: Matrix4? = nil
    ) -> Bool {
        let tangents = modelView != nil ? mesh.tangents : []
        let m = modelView ?? .identity
        let c0 = Vec3(m.columns.0.x, m.columns.0.y, m.columns.0.z)
        let c1 = Vec3(m.columns.1.x, m.columns.1.y, m.columns.1.z)
        let c2 = Vec3(m.columns.2.x, m.columns.2.y, m.columns.2.z)
        let positions = mesh.positions
        let meshNormals = mesh.normals
        let uvs = mesh.uvs
        let uvs1 = mesh.uvs1
        let colors = mesh.colors
        let indices = mesh.indices
        polygon.removeAll(keepingCapacity: true)
        for k in 0..<3 {
            let i = Int(indices[3 * t + k])
            polygon.append(
                ClipVertex(
                    position: mvp * Vec4(positions[i].x, positions[i].y, positions[i].z, 1),
                    normal: nm.apply(i < meshNormals.count ? meshNormals[i] : .zero),
                    uv: i < uvs.count ? uvs[i] : .zero, color: i < colors.count ? colors[i] : .one,
                    uv1: i < uvs1.count ? uvs1[i] : .zero,
                    tangent: i < tangents.count ? TangentSetup.view(tangents[i], c0, c1, c2, side: 1) : .zero))
        }
        let g = Rasterizer.guardBand
        clipPolygon(Vec4(0, 0, 1, 1))  // z + w >= 0: in front of the near plane
        clipPolygon(Vec4(-1, 0, 0, g))  // x <= g w
        clipPolygon(Vec4(1, 0, 0, g))  // x >= -g w
        clipPolygon(Vec4(0, -1, 0, g))  // y <= g w
        clipPolygon(Vec4(0, 1, 0, g))  // y >= -g w
        if polygon.count < 3 { return false }

        // Viewport transform of the clipped vertices, then the same culling and set-up as the
        // unclipped path for each triangle of the fan.
        var kept = false
        for k in 1..<(polygon.count - 1) {
            let a = polygon[0]
            let b = polygon[k]
            let c = polygon[k + 1]
            guard let p0 = Rasterizer.project(a.position, frame), let p1 = Rasterizer.project(b.position, frame),
                let p2 = Rasterizer.project(c.position, frame)
            else { continue }
            if storeTriangle(
                (p0, p1, p2), (a, b, c), material: material, doubleSided: doubleSided, mip: mip, frame: frame,
                colored: !colors.isEmpty, tangents: !tangents.isEmpty)
            {
                kept = true
            }
        }
        return kept
    }

    /// Fixed-point screen position of a clip-space point in front of the camera, or nil.
    static func project(_ c: Vec4, _ frame: FrameSetup) -> SIMD2<Int64>? {
        screenPoint(c, frame).map { SIMD2(fixed($0.x), fixed($0.y)) }
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
