/// Two-component single-precision vector (texture coordinates, screen points).
public typealias Vec2 = SIMD2<Float>
/// Three-component single-precision vector (positions, normals, directions, linear RGB).
public typealias Vec3 = SIMD3<Float>
/// Four-component single-precision vector (homogeneous points, matrix columns).
public typealias Vec4 = SIMD4<Float>

/// Dot product of two vectors.
@inlinable public func dot(_ a: Vec3, _ b: Vec3) -> Float { (a * b).sum() }
/// Dot product of two four-component vectors.
@inlinable public func dot(_ a: Vec4, _ b: Vec4) -> Float { (a * b).sum() }
/// Dot product of two double-precision vectors.
@inlinable public func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

/// Cross product `a x b` (right-handed).
@inlinable public func cross(_ a: Vec3, _ b: Vec3) -> Vec3 {
    Vec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// Euclidean length.
@inlinable public func length(_ v: Vec3) -> Float { dot(v, v).squareRoot() }
/// Euclidean length of a double-precision vector.
@inlinable public func length(_ v: SIMD3<Double>) -> Double { dot(v, v).squareRoot() }

/// `v` scaled to unit length; the zero vector stays zero.
@inlinable public func normalize(_ v: Vec3) -> Vec3 {
    let l = length(v)
    return l > 0 ? v / l : .zero
}

/// Linear interpolation: `a` at `t = 0`, `b` at `t = 1`.
@inlinable public func mix(_ a: Vec3, _ b: Vec3, _ t: Float) -> Vec3 { a + (b - a) * t }

extension SIMD3 where Scalar == Float {
    /// The first three components of a homogeneous vector, without division.
    @inlinable public init(_ v: Vec4) { self.init(v.x, v.y, v.z) }
}
