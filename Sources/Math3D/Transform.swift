/// Position, rotation, scale and pivot of an object, composed into one matrix.
///
/// The object is scaled and rotated about its `pivot` (a point in its own coordinates,
/// default the origin), then moved so that the pivot lands on `position`:
/// `M = T(position) * R(rotation) * S(scale) * T(-pivot)`.
public struct Transform: Hashable, Sendable {
    /// Where the pivot ends up in the parent's coordinates. Default zero.
    public var position: Vec3
    /// Orientation. Default identity.
    public var rotation: Quaternion
    /// Scale along the object's own axes. Default one.
    public var scale: Vec3
    /// The point, in the object's own coordinates, that rotation and scale keep fixed. Default zero.
    public var pivot: Vec3

    /// A transform; every argument defaults to "no change".
    public init(position: Vec3 = .zero, rotation: Quaternion = .identity, scale: Vec3 = .one, pivot: Vec3 = .zero) {
        self.position = position
        self.rotation = rotation
        self.scale = scale
        self.pivot = pivot
    }

    /// The identity transform.
    public static let identity = Transform()

    /// The transform as a matrix, from object to parent coordinates.
    public var matrix: Matrix4 {
        var m = rotation.matrix
        m.columns.0 *= scale.x
        m.columns.1 *= scale.y
        m.columns.2 *= scale.z
        let p = position - Vec3(m.transformDirection(pivot))
        m.columns.3 = Vec4(p.x, p.y, p.z, 1)
        return m
    }
}
