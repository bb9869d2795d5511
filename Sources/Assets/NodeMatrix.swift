import Math3D
import SceneGraph

/// Turns the matrices of file formats (COLLADA `<matrix>`, glTF `matrix`) into the scene
/// graph's position / rotation / scale, and bakes the rare matrix that is no such
/// product (shear, or a zero scale) into the meshes below it.
enum NodeMatrix {
    /// The transform whose matrix is `m`, or nil when `m` is not translation x rotation x
    /// scale (a shear or projective part, a zero scale, or a value that is not finite).
    static func decompose(_ m: Matrix4) -> Transform? {
        let c = m.columns
        guard abs(c.0.w) < 1e-6, abs(c.1.w) < 1e-6, abs(c.2.w) < 1e-6, abs(c.3.w - 1) < 1e-6 else { return nil }
        let x = Vec3(c.0), y = Vec3(c.1), z = Vec3(c.2)
        var s = Vec3(length(x), length(y), length(z))
        guard s.x.isFinite, s.y.isFinite, s.z.isFinite, s.min() > 1e-12 else { return nil }
        if dot(cross(x, y), z) < 0 { s.x = -s.x }
        let r0 = x / s.x, r1 = y / s.y, r2 = z / s.z
        guard abs(dot(r0, r1)) < 1e-4, abs(dot(r1, r2)) < 1e-4, abs(dot(r0, r2)) < 1e-4 else { return nil }
        let q = quaternion(r0, r1, r2)
        let t = Transform(position: Vec3(c.3), rotation: q, scale: s)
        let p = Vec3(c.3)
        let scale = max(1, max(abs(p.x), abs(p.y), abs(p.z)), abs(s.x), abs(s.y), abs(s.z))
        return t.matrix.isApproximatelyEqual(to: m, tolerance: 1e-4 * scale) ? t : nil
    }

    /// The unit quaternion of a rotation matrix given by its columns.
    static func quaternion(_ c0: Vec3, _ c1: Vec3, _ c2: Vec3) -> Quaternion {
        // m[row][col]: column k is c_k.
        let m00 = c0.x, m10 = c0.y, m20 = c0.z
        let m01 = c1.x, m11 = c1.y, m21 = c1.z
        let m02 = c2.x, m12 = c2.y, m22 = c2.z
        let trace = m00 + m11 + m22
        let q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = Quaternion(x: (m21 - m12) / s, y: (m02 - m20) / s, z: (m10 - m01) / s, w: s / 4)
        } else if m00 > m11, m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = Quaternion(x: s / 4, y: (m01 + m10) / s, z: (m02 + m20) / s, w: (m21 - m12) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = Quaternion(x: (m01 + m10) / s, y: s / 4, z: (m12 + m21) / s, w: (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = Quaternion(x: (m02 + m20) / s, y: (m12 + m21) / s, z: s / 4, w: (m10 - m01) / s)
        }
        return q.normalized
    }

    /// A node with transform `m`: decomposed when possible, otherwise baked into the
    /// node's mesh and passed down to its children (meshes baked this way are copies).
    static func node(name: String, matrix m: Matrix4, content: MeshNode?, children: [Node], file: String) throws(AssetError) -> Node {
        if let t = decompose(m) { return Node(name: name, transform: t, content: content, children: children) }
        var baked = Node(name: name)
        if var c = content {
            c.mesh = try bake(c.mesh, m, file: file)
            baked.content = c
        }
        for child in children {
            baked.children.append(try node(name: child.name, matrix: m * child.transform.matrix, content: child.content,
                                           children: child.children, file: file))
        }
        return baked
    }

    /// A copy of `mesh` with positions transformed by `m` and normals by its normal matrix.
    static func bake(_ mesh: Mesh, _ m: Matrix4, file: String) throws(AssetError) -> Mesh {
        let nm = m.normalMatrix
        var indices = mesh.indices
        if m.determinant < 0 {
            // A mirror flips the winding; swap two corners to keep fronts in front.
            var t = 0
            while t + 2 < indices.count { indices.swapAt(t + 1, t + 2); t += 3 }
        }
        do {
            return try Mesh(name: mesh.name, positions: mesh.positions.map { m.transformPoint($0) },
                            normals: mesh.normals.map { normalize(nm.transformDirection($0)) }, uvs: mesh.uvs,
                            indices: indices, groups: mesh.groups)
        } catch {
            throw AssetError(file: file, "mesh '\(mesh.name)' under a degenerate transform: \(error.description)")
        }
    }
}
