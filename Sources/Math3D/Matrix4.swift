import Foundation

/// A 4x4 single-precision matrix, column-major, acting on column vectors (`m * v`).
///
/// Conventions: right-handed coordinates, Y up; the camera looks down its -Z axis; clip
/// space depth runs from -w (near) to +w (far) as in OpenGL.
public struct Matrix4: Hashable, Sendable {
    /// The four columns.
    public var columns: (Vec4, Vec4, Vec4, Vec4)

    /// A matrix from four columns.
    @inlinable public init(_ c0: Vec4, _ c1: Vec4, _ c2: Vec4, _ c3: Vec4) { columns = (c0, c1, c2, c3) }

    /// The identity matrix.
    public static let identity = Matrix4(Vec4(1, 0, 0, 0), Vec4(0, 1, 0, 0), Vec4(0, 0, 1, 0), Vec4(0, 0, 0, 1))

    /// A matrix from 16 values in column-major order (as glTF and OpenGL store them).
    public init(columnMajor v: [Float]) {
        precondition(v.count == 16, "Matrix4(columnMajor:) needs 16 values")
        self.init(
            Vec4(v[0], v[1], v[2], v[3]), Vec4(v[4], v[5], v[6], v[7]),
            Vec4(v[8], v[9], v[10], v[11]), Vec4(v[12], v[13], v[14], v[15]))
    }

    /// A matrix from 16 values in row-major order (as COLLADA `<matrix>` stores them).
    public init(rowMajor v: [Float]) {
        precondition(v.count == 16, "Matrix4(rowMajor:) needs 16 values")
        self.init(
            Vec4(v[0], v[4], v[8], v[12]), Vec4(v[1], v[5], v[9], v[13]),
            Vec4(v[2], v[6], v[10], v[14]), Vec4(v[3], v[7], v[11], v[15]))
    }

    /// Element at `row`, `column` (both 0...3).
    @inlinable public subscript(row: Int, column: Int) -> Float {
        get {
            switch column {
            case 0: return columns.0[row]
            case 1: return columns.1[row]
            case 2: return columns.2[row]
            default: return columns.3[row]
            }
        }
        set {
            switch column {
            case 0: columns.0[row] = newValue
            case 1: columns.1[row] = newValue
            case 2: columns.2[row] = newValue
            default: columns.3[row] = newValue
            }
        }
    }

    public static func == (a: Matrix4, b: Matrix4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
            && a.columns.3 == b.columns.3
    }

    public func hash(into h: inout Hasher) {
        h.combine(columns.0)
        h.combine(columns.1)
        h.combine(columns.2)
        h.combine(columns.3)
    }

    /// Matrix product `a * b` (apply `b` first, then `a`).
    @inlinable public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    /// Transforms a homogeneous vector.
    @inlinable public static func * (m: Matrix4, v: Vec4) -> Vec4 {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// Transforms a point (w = 1), without perspective division.
    @inlinable public func transformPoint(_ p: Vec3) -> Vec3 {
        Vec3(columns.0 * p.x + columns.1 * p.y + columns.2 * p.z + columns.3)
    }

    /// Transforms a direction (w = 0).
    @inlinable public func transformDirection(_ d: Vec3) -> Vec3 {
        Vec3(columns.0 * d.x + columns.1 * d.y + columns.2 * d.z)
    }

    /// The transpose.
    public var transposed: Matrix4 {
        let c = columns
        return Matrix4(
            Vec4(c.0.x, c.1.x, c.2.x, c.3.x), Vec4(c.0.y, c.1.y, c.2.y, c.3.y),
            Vec4(c.0.z, c.1.z, c.2.z, c.3.z), Vec4(c.0.w, c.1.w, c.2.w, c.3.w))
    }

    /// A translation by `t`.
    public static func translation(_ t: Vec3) -> Matrix4 {
        var m = identity
        m.columns.3 = Vec4(t.x, t.y, t.z, 1)
        return m
    }

    /// A scale by `s` along each axis.
    public static func scale(_ s: Vec3) -> Matrix4 {
        Matrix4(Vec4(s.x, 0, 0, 0), Vec4(0, s.y, 0, 0), Vec4(0, 0, s.z, 0), Vec4(0, 0, 0, 1))
    }

    /// A rotation by `angle` about `axis` (right-hand rule: counter-clockwise looking
    /// down the axis towards the origin). The axis need not be unit length.
    public static func rotation(_ angle: Angle, axis: Vec3) -> Matrix4 {
        Quaternion(angle: angle, axis: axis).matrix
    }

    /// A perspective projection.
    /// - Parameters:
    ///   - fovY: vertical field of view.
    ///   - aspect: width / height of the viewport in the same physical unit.
    ///   - near: distance to the near clipping plane (> 0).
    ///   - far: distance to the far clipping plane (> near).
    public static func perspective(fovY: Angle, aspect: Float, near: Float, far: Float) -> Matrix4 {
        let f = Float(1 / Foundation.tan(fovY.radians / 2))
        let nf = 1 / (near - far)
        return Matrix4(
            Vec4(f / aspect, 0, 0, 0), Vec4(0, f, 0, 0),
            Vec4(0, 0, (far + near) * nf, -1), Vec4(0, 0, 2 * far * near * nf, 0))
    }

    /// A view matrix for an eye at `eye` looking at `target`, with `up` roughly up.
    public static func lookAt(eye: Vec3, target: Vec3, up: Vec3) -> Matrix4 {
        let f = normalize(target - eye)
        var s = normalize(cross(f, up))
        if s == .zero { s = normalize(cross(f, abs(f.y) < 0.9 ? Vec3(0, 1, 0) : Vec3(1, 0, 0))) }
        let u = cross(s, f)
        return Matrix4(
            Vec4(s.x, u.x, -f.x, 0), Vec4(s.y, u.y, -f.y, 0), Vec4(s.z, u.z, -f.z, 0),
            Vec4(-dot(s, eye), -dot(u, eye), dot(f, eye), 1))
    }

    /// The determinant.
    public var determinant: Float {
        let m = self
        func d3(_ r: [Int], _ c: [Int]) -> Float {
            m[r[0], c[0]] * (m[r[1], c[1]] * m[r[2], c[2]] - m[r[1], c[2]] * m[r[2], c[1]])
                - m[r[0], c[1]] * (m[r[1], c[0]] * m[r[2], c[2]] - m[r[1], c[2]] * m[r[2], c[0]])
                + m[r[0], c[2]] * (m[r[1], c[0]] * m[r[2], c[1]] - m[r[1], c[1]] * m[r[2], c[0]])
        }
        var det: Float = 0
        for c in 0..<4 {
            let cols = (0..<4).filter { $0 != c }
            let sign: Float = c % 2 == 0 ? 1 : -1
            det += sign * m[0, c] * d3([1, 2, 3], cols)
        }
        return det
    }

    /// The inverse, or `nil` when the matrix is singular.
    public var inverse: Matrix4? {
        // Gauss-Jordan elimination with partial pivoting, in Double for accuracy.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 8), count: 4)
        for r in 0..<4 {
            for c in 0..<4 { a[r][c] = Double(self[r, c]) }
            a[r][4 + r] = 1
        }
        for col in 0..<4 {
            var pivot = col
            for r in col + 1..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            if abs(a[pivot][col]) < 1e-12 { return nil }
            a.swapAt(pivot, col)
            let p = a[col][col]
            for c in 0..<8 { a[col][c] /= p }
            for r in 0..<4 where r != col {
                let factor = a[r][col]
                if factor != 0 { for c in 0..<8 { a[r][c] -= factor * a[col][c] } }
            }
        }
        var m = Matrix4.identity
        for r in 0..<4 { for c in 0..<4 { m[r, c] = Float(a[r][4 + c]) } }
        return m
    }

    /// The matrix that transforms normals: the inverse transpose of the upper 3x3 part
    /// (identity where the matrix is singular).
    public var normalMatrix: Matrix4 {
        var upper = self
        upper.columns.3 = Vec4(0, 0, 0, 1)
        upper[3, 0] = 0
        upper[3, 1] = 0
        upper[3, 2] = 0
        return (upper.inverse ?? .identity).transposed
    }
}
