/// Approximate comparison, kept apart from exact `Equatable` so that `==` always means
/// "the same bits". One tolerance rule for every type: absolute difference per component.
public protocol ApproximatelyEquatable {
    /// True when every component differs by at most `tolerance`.
    func isApproximatelyEqual(to other: Self, tolerance: Float) -> Bool
}

extension SIMD3: ApproximatelyEquatable where Scalar == Float {
    public func isApproximatelyEqual(to other: Self, tolerance: Float = 1e-5) -> Bool {
        let d = self - other
        return Swift.max(abs(d.x), Swift.max(abs(d.y), abs(d.z))) <= tolerance
    }
}

extension SIMD4: ApproximatelyEquatable where Scalar == Float {
    public func isApproximatelyEqual(to other: Self, tolerance: Float = 1e-5) -> Bool {
        let d = self - other
        return Swift.max(Swift.max(abs(d.x), abs(d.y)), Swift.max(abs(d.z), abs(d.w))) <= tolerance
    }
}

extension Matrix4: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: Matrix4, tolerance: Float = 1e-5) -> Bool {
        columns.0.isApproximatelyEqual(to: other.columns.0, tolerance: tolerance)
            && columns.1.isApproximatelyEqual(to: other.columns.1, tolerance: tolerance)
            && columns.2.isApproximatelyEqual(to: other.columns.2, tolerance: tolerance)
            && columns.3.isApproximatelyEqual(to: other.columns.3, tolerance: tolerance)
    }
}

extension Quaternion: ApproximatelyEquatable {
    /// True when both represent the same rotation within `tolerance` (q and -q are equal).
    public func isApproximatelyEqual(to other: Quaternion, tolerance: Float = 1e-5) -> Bool {
        vector.isApproximatelyEqual(to: other.vector, tolerance: tolerance)
            || vector.isApproximatelyEqual(to: -other.vector, tolerance: tolerance)
    }
}
