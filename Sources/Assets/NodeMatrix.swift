import Math3D
import SceneGraph

/// Turns the matrices of file formats (COLLADA `<matrix>`, glTF `matrix`) into the scene
/// graph's position / rotation / scale; a matrix with a shear becomes two nested
/// transforms (its singular value decomposition), and only a singular or projective
/// matrix is baked into copies of the meshes below it.
enum NodeMatrix {
    /// The transform whose matrix is `m`, or nil when `m` is not translation x rotation x
    /// scale (a shear or projective part, a zero scale, or a value that is not finite).
    static func decompose(_ m: Matrix4) -> Transform? {
        let c = m.columns
        guard abs(c.0.w) < 1e-6, abs(c.1.w) < 1e-6, abs(c.2.w) < 1e-6, abs(c.3.w - 1) < 1e-6 else { return nil }
        let x = Vec3(c.0)
        let y = Vec3(c.1)
        let z = Vec3(c.2)
        var s = Vec3(length(x), length(y), length(z))
        guard s.x.isFinite, s.y.isFinite, s.z.isFinite, s.min() > 1e-12 else { return nil }
        if dot(cross(x, y), z) < 0 { s.x = -s.x }
        let r0 = x / s.x
        let r1 = y / s.y
        let r2 = z / s.z
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
        let m00 = c0.x
        let m10 = c0.y
        let m20 = c0.z
        let m01 = c1.x
        let m11 = c1.y
        let m21 = c1.z
        let m02 = c2.x
        let m12 = c2.y
        let m22 = c2.z
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

    /// A node with transform `m`: decomposed when possible, split in two nested nodes for
    /// a shear, otherwise (a singular or projective matrix) baked into the node's mesh and
    /// passed down to its children (meshes baked this way are copies).
    static func node(name: String, matrix m: Matrix4, content: MeshNode?, children: [Node], file: String)
        throws(AssetError) -> Node
    {
        if let t = decompose(m) { return Node(name: name, transform: t, content: content, children: children) }
        if let (outer, inner) = split(m) {
            return Node(
                name: name, transform: outer,
                children: [Node(name: name, transform: inner, content: content, children: children)])
        }
        var baked = Node(name: name)
        if var c = content {
            c.mesh = try bake(c.mesh, m, file: file)
            baked.content = c
        }
        for child in children {
            baked.children.append(
                try node(
                    name: child.name, matrix: m * child.transform.matrix, content: child.content,
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
            while t + 2 < indices.count {
                indices.swapAt(t + 1, t + 2)
                t += 3
            }
        }
        do {
            return try Mesh(
                name: mesh.name, positions: mesh.positions.map { m.transformPoint($0) },
                normals: mesh.normals.map { normalize(nm.transformDirection($0)) }, uvs: mesh.uvs,
                indices: indices, groups: mesh.groups, colors: mesh.colors)
        } catch {
            throw AssetError(file: file, "mesh '\(mesh.name)' under a degenerate transform: \(error.description)")
        }
    }
}

extension NodeMatrix {
    /// `m` as two transforms, `outer` then `inner` (world = outer x inner), when it is an
    /// affine matrix with a shear: by the singular value decomposition A = U S V^T of its
    /// 3 x 3 part, `outer` is translation x rotation U x scale S and `inner` the rotation
    /// V^T. Meshes below stay shared: no copy is made. Nil for a singular or projective
    /// matrix.
    static func split(_ m: Matrix4) -> (outer: Transform, inner: Transform)? {
        let c = m.columns
        guard abs(c.0.w) < 1e-6, abs(c.1.w) < 1e-6, abs(c.2.w) < 1e-6, abs(c.3.w - 1) < 1e-6 else { return nil }
        let a = [Vec3(c.0), Vec3(c.1), Vec3(c.2)].map { SIMD3<Double>(Double($0.x), Double($0.y), Double($0.z)) }
        guard a.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return nil }
        // A^T A = V diag(s^2) V^T by Jacobi rotations (columns of v are the eigenvectors).
        var s = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { s[i][j] = (a[i] * a[j]).sum() } }
        var v: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]  // v[row][col]
        for _ in 0..<24 {
            var off = 0.0
            for (p, q) in [(0, 1), (0, 2), (1, 2)] {
                off += s[p][q] * s[p][q]
                guard abs(s[p][q]) > 1e-300 else { continue }
                let theta = (s[q][q] - s[p][p]) / (2 * s[p][q])
                let t = (theta >= 0 ? 1 : -1) / (abs(theta) + (theta * theta + 1).squareRoot())
                let cs = 1 / (t * t + 1).squareRoot()
                let sn = t * cs
                for k in 0..<3 {
                    let skp = s[k][p]
                    let skq = s[k][q]
                    s[k][p] = cs * skp - sn * skq
                    s[k][q] = sn * skp + cs * skq
                }
                for k in 0..<3 {
                    let spk = s[p][k]
                    let sqk = s[q][k]
                    s[p][k] = cs * spk - sn * sqk
                    s[q][k] = sn * spk + cs * sqk
                }
                for k in 0..<3 {
                    let vkp = v[k][p]
                    let vkq = v[k][q]
                    v[k][p] = cs * vkp - sn * vkq
                    v[k][q] = sn * vkp + cs * vkq
                }
            }
            if off < 1e-24 { break }
        }
        func cross(_ x: SIMD3<Double>, _ y: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
        }
        var columnsV = (0..<3).map { j in SIMD3<Double>(v[0][j], v[1][j], v[2][j]) }
        var sigma = (0..<3).map { s[$0][$0].squareRoot() }
        guard let smallest = sigma.min(), let largest = sigma.max(), smallest > 1e-9 * max(largest, 1e-30) else {
            return nil
        }
        if (columnsV[0] * cross(columnsV[1], columnsV[2])).sum() < 0 { columnsV[2] = -columnsV[2] }
        // U = A V S^-1, column by column (A's columns are a[0..2]).
        var columnsU = (0..<3).map { j in
            (a[0] * columnsV[j].x + a[1] * columnsV[j].y + a[2] * columnsV[j].z) / sigma[j]
        }
        if (columnsU[0] * cross(columnsU[1], columnsU[2])).sum() < 0 {
            columnsU[2] = -columnsU[2]
            sigma[2] = -sigma[2]
        }
        func f(_ d: SIMD3<Double>) -> Vec3 { Vec3(Float(d.x), Float(d.y), Float(d.z)) }
        let rotationU = quaternion(f(columnsU[0]), f(columnsU[1]), f(columnsU[2]))
        // V^T's columns are V's rows.
        let transposed = (0..<3).map { i in SIMD3<Double>(columnsV[0][i], columnsV[1][i], columnsV[2][i]) }
        let rotationVT = quaternion(f(transposed[0]), f(transposed[1]), f(transposed[2]))
        let outer = Transform(
            position: Vec3(c.3), rotation: rotationU, scale: Vec3(Float(sigma[0]), Float(sigma[1]), Float(sigma[2])))
        let inner = Transform(rotation: rotationVT)
        let p = Vec3(c.3)
        let tolerance = 1e-4 * max(1, max(abs(p.x), abs(p.y), abs(p.z)), Float(largest))
        return (outer.matrix * inner.matrix).isApproximatelyEqual(to: m, tolerance: tolerance) ? (outer, inner) : nil
    }
}
