import Foundation

/// A rotation as a unit quaternion `(x, y, z, w)` = `(axis * sin(a/2), cos(a/2))`.
public struct Quaternion: Hashable, Sendable {
    /// Vector part in `xyz`, scalar part in `w`.
    public var vector: Vec4

    /// A quaternion from its components.
    @inlinable public init(x: Float, y: Float, z: Float, w: Float) { vector = Vec4(x, y, z, w) }

    /// The rotation by `angle` about `axis` (right-hand rule). A zero axis gives identity.
    public init(angle: Angle, axis: Vec3) {
        let n = normalize(axis)
        if n == .zero {
            self = .identity
            return
        }
        let h = angle.radians / 2
        let s = Float(Foundation.sin(h))
        vector = Vec4(n.x * s, n.y * s, n.z * s, Float(Foundation.cos(h)))
    }

    /// The rotation that applies `x` about X, then `y` about Y, then `z` about Z
    /// (extrinsic X-Y-Z; as a matrix `Rz * Ry * Rx`).
    public init(eulerX x: Angle, y: Angle, z: Angle) {
        self =
            Quaternion(angle: z, axis: Vec3(0, 0, 1)) * Quaternion(angle: y, axis: Vec3(0, 1, 0))
            * Quaternion(angle: x, axis: Vec3(1, 0, 0))
    }

    /// No rotation.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// Composition: `a * b` rotates by `b` first, then by `a`.
    @inlinable public static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        let (ax, ay, az, aw) = (a.vector.x, a.vector.y, a.vector.z, a.vector.w)
        let (bx, by, bz, bw) = (b.vector.x, b.vector.y, b.vector.z, b.vector.w)
        return Quaternion(
            x: aw * bx + ax * bw + ay * bz - az * by,
            y: aw * by - ax * bz + ay * bw + az * bx,
            z: aw * bz + ax * by - ay * bx + az * bw,
            w: aw * bw - ax * bx - ay * by - az * bz)
    }

    /// The inverse rotation (the conjugate of a unit quaternion).
    public var conjugate: Quaternion { Quaternion(x: -vector.x, y: -vector.y, z: -vector.z, w: vector.w) }

    /// Length of the four-component vector (1 for a rotation).
    public var length: Float { dot(vector, vector).squareRoot() }

    /// The same rotation at unit length (identity for a zero quaternion).
    public var normalized: Quaternion {
        let l = length
        return l > 0 ? Quaternion(x: vector.x / l, y: vector.y / l, z: vector.z / l, w: vector.w / l) : .identity
    }

    /// The rotation angle in 0...2pi.
    public var angle: Angle { Angle(radians: 2 * Foundation.acos(Double(min(1, max(-1, normalized.vector.w))))) }

    /// The rotation axis (X for identity).
    public var axis: Vec3 {
        let v = Vec3(vector.x, vector.y, vector.z)
        let l = Math3D.length(v)
        return l > 1e-9 ? v / l : Vec3(1, 0, 0)
    }

    /// Rotates a vector.
    @inlinable public func act(_ v: Vec3) -> Vec3 {
        let q = Vec3(vector.x, vector.y, vector.z)
        let t = 2 * cross(q, v)
        return v + vector.w * t + cross(q, t)
    }

    /// The rotation as a 4x4 matrix.
    public var matrix: Matrix4 {
        let (x, y, z, w) = (vector.x, vector.y, vector.z, vector.w)
        return Matrix4(
            Vec4(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0),
            Vec4(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0),
            Vec4(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0),
            Vec4(0, 0, 0, 1))
    }

    /// Euler angles `(x, y, z)` in degrees such that `Quaternion(eulerX:y:z:)` gives this
    /// rotation back (Y in -90...90).
    public var eulerDegrees: SIMD3<Double> {
        let m = matrix
        // R = Rz * Ry * Rx: m[2,0] = -sin(y).
        let sy = Double(-m[2, 0])
        let y = asin(min(1, max(-1, sy)))
        let x: Double
        let z: Double
        if abs(sy) < 0.99999 {
            x = atan2(Double(m[2, 1]), Double(m[2, 2]))
            z = atan2(Double(m[1, 0]), Double(m[0, 0]))
        } else {
            x = atan2(Double(-m[1, 2]), Double(m[1, 1]))
            z = 0
        }
        return SIMD3(x, y, z) * (180 / .pi)
    }

    /// Spherical linear interpolation from `a` (t = 0) to `b` (t = 1) on the shorter arc.
    public static func slerp(_ a: Quaternion, _ b: Quaternion, t: Float) -> Quaternion {
        var bv = b.vector
        var d = dot(a.vector, bv)
        if d < 0 {
            bv = -bv
            d = -d
        }
        if d > 0.9995 {
            let v = a.vector + (bv - a.vector) * t
            return Quaternion(x: v.x, y: v.y, z: v.z, w: v.w).normalized
        }
        let theta = Foundation.acos(Double(d))
        let s = Foundation.sin(theta)
        let wa = Float(Foundation.sin((1 - Double(t)) * theta) / s)
        let wb = Float(Foundation.sin(Double(t) * theta) / s)
        let v = a.vector * wa + bv * wb
        return Quaternion(x: v.x, y: v.y, z: v.z, w: v.w)
    }
}
