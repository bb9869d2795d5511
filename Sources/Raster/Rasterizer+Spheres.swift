import Foundation
import Math3D
import SceneGraph

extension Rasterizer {
    /// Sets up the mesh of `node` as a screen-space sphere impostor when it can be one: a mesh made by
    /// `Mesh.sphere` (its `primitive`), untextured, under a uniform scale, entirely in front
    /// of the near plane. Returns true when the item was handled (drawn or culled) here;
    /// false sends it down the triangle pipeline.
    func setupSphere(
        _ node: UnsafePointer<Node>, mesh: Mesh, world w: Matrix4, frame: FrameSetup, stats: inout RenderStats
    ) -> Bool {
        guard case .sphere(let meshRadius)? = mesh.primitive else { return false }
        // One material for the whole sphere, untextured. (The mesh's groups are looked at once
        // per run of instances of the same mesh.)
        if !(sphereMesh?.sharesStorage(with: mesh) ?? false) {
            let groups = mesh.groups
            sphereMesh = mesh
            sphereMeshIsSingleGroup = groups.count == 1
            sphereMeshGroupMaterial = groups.first?.material
            sphereMeshHasGroupMaterial = sphereMeshGroupMaterial != nil
            sphereMeshHasTexturedGroup =
                sphereMeshGroupMaterial.map {
                    $0.texture != nil || $0.emissiveTexture != nil || $0.alphaMode != .opaque
                } ?? false
        }
        guard sphereMeshIsSingleGroup else { return false }
        if sphereMeshHasTexturedGroup { return false }
        if !sphereMeshHasGroupMaterial, !node.pointee.drawsUntexturedOpaque {
            return false
        }

        // Uniform scale from the world matrix: equal, orthogonal axes (else triangles).
        let ax = Vec3(w.columns.0)
        let ay = Vec3(w.columns.1)
        let az = Vec3(w.columns.2)
        let sx = length(ax)
        let sy = length(ay)
        let sz = length(az)
        let s = max(max(sx, sy), sz)
        let tol: Float = 1e-4 * s
        guard s > 0, s.isFinite, abs(sx - sy) <= tol, abs(sx - sz) <= tol,
            abs(dot(ax, ay)) <= tol * s, abs(dot(ax, az)) <= tol * s, abs(dot(ay, az)) <= tol * s
        else { return false }
        let radius = abs(meshRadius) * (sx + sy + sz) / 3
        let centre = frame.view.transformPoint(Vec3(w.columns.3))
        guard radius > 0, radius.isFinite, centre.x.isFinite, centre.y.isFinite, centre.z.isFinite else {
            stats.spheresCulled += 1
            return true
        }

        // Cull behind the camera and beyond the far plane; a sphere crossing the near plane
        // goes to the triangle pipeline, which clips.
        let depth = -centre.z
        if depth + radius <= frame.near || depth - radius >= frame.far {
            stats.spheresCulled += 1
            return true
        }
        if depth - radius < frame.near { return false }

        // Exact bounds of the projection: the tangent lines from the eye in the XZ and YZ
        // planes (slopes x/depth and y/depth), in Double to keep tiny spheres exact.
        let d = Double(depth)
        let r = Double(radius)
        let d2r2 = d * d - r * r
        guard d2r2 > 0 else { return false }
        func slopes(_ c: Double) -> (Double, Double) {
            let t = (c * c + d2r2).squareRoot()
            return ((c * d - r * t) / d2r2, (c * d + r * t) / d2r2)
        }
        let (loX, hiX) = slopes(Double(centre.x))
        let (loY, hiY) = slopes(Double(centre.y))
        let fbWidth = Double(frame.width)
        let fbHeight = Double(frame.height)
        let p00 = Double(frame.p00)
        let p11 = Double(frame.p11)
        // Pixel x has its centre at slope ((x + 0.5) * 2 / fbWidth - 1) / p00: invert for the range.
        func clampedInt(_ v: Double, _ limit: Double) -> Int32 { Int32(max(-2, min(limit + 1, v))) }
        let minX = clampedInt(((p00 * loX + 1) * 0.5 * fbWidth - 0.5).rounded(.up), fbWidth)
        let maxX = clampedInt(((p00 * hiX + 1) * 0.5 * fbWidth - 0.5).rounded(.down), fbWidth)
        let minY = clampedInt(((1 - p11 * hiY) * 0.5 * fbHeight - 0.5).rounded(.up), fbHeight)
        let maxY = clampedInt(((1 - p11 * loY) * 0.5 * fbHeight - 0.5).rounded(.down), fbHeight)
        let cx = clampedInt(((p00 * Double(centre.x) / d + 1) * 0.5 * fbWidth).rounded(.down), fbWidth)
        let cy = clampedInt(((1 - p11 * Double(centre.y) / d) * 0.5 * fbHeight).rounded(.down), fbHeight)
        let centreOnScreen = cx >= 0 && cx < Int32(frame.width) && cy >= 0 && cy < Int32(frame.height)
        let boxX = (max(minX, 0), min(maxX, Int32(frame.width) - 1))
        let boxY = (max(minY, 0), min(maxY, Int32(frame.height) - 1))
        if (boxX.0 > boxX.1 || boxY.0 > boxY.1) && !centreOnScreen {
            stats.spheresCulled += 1
            return true
        }

        var shade: Int32 = -1
        if sphereMeshHasGroupMaterial, let groupMaterial = sphereMeshGroupMaterial {
            shade = shadeIndex(for: groupMaterial, frame: frame)
        }
        if shade < 0 { shade = shadeIndex(forMaterialOf: node, frame: frame) }
        spheres.append(
            SphereSetup(
                minX: boxX.0, maxX: boxX.1, minY: boxY.0, maxY: boxY.1,
                centerX: centreOnScreen ? cx : -1, centerY: centreOnScreen ? cy : -1,
                center: centre, radius: radius, radiusSquared: radius * radius,
                frontDepth: depth - radius, material: shade))
        stats.spheresDrawn += 1
        return true
    }
}
