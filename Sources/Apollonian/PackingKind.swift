/// Which packing to generate: its five starting spheres (the seed quintuple).
///
/// Every sphere of a packing is an integer combination `X` of the seed's five spheres (in
/// curvature-times-centre coordinates), so its `SphereLabel` is the same combination of
/// the seed's labels. A label's curvature is `a + b * kappa` and its curvature-times-centre
/// vector is `(p, q, s)` scaled per axis by `axisScale`.
public enum PackingKind: String, Hashable, Sendable, CaseIterable {
    /// The packing of the original web service: the unit container and four equal spheres
    /// of curvature `kappa = 1 + sqrt(6)/2` towards the tetrahedron corners (-1, 1, 1),
    /// (1, -1, 1), (1, 1, -1), (-1, -1, -1), in that order.
    case standard
    /// Soddy's "bowl of integers": curvatures -1, 2, 2, 3, 3 (two spheres of radius 1/2
    /// touching at the centre along x, two of radius 1/3 centred at (0, +-1/3, sqrt(3)/3)).
    /// Every curvature in this packing is an integer.
    case soddy

    /// The seed quintuple: slot 0 the container (curvature -1), slots 1...4 inside it.
    public var seed: [SphereLabel] {
        switch self {
        case .standard:
            return [
                .container,
                SphereLabel(a: 0, b: 1, p: -1, q: 1, s: 1), SphereLabel(a: 0, b: 1, p: 1, q: -1, s: 1),
                SphereLabel(a: 0, b: 1, p: 1, q: 1, s: -1), SphereLabel(a: 0, b: 1, p: -1, q: -1, s: -1),
            ]
        case .soddy:
            return [
                .container,
                SphereLabel(a: 2, b: 0, p: 1, q: 0, s: 0), SphereLabel(a: 2, b: 0, p: -1, q: 0, s: 0),
                SphereLabel(a: 3, b: 0, p: 0, q: 1, s: 1), SphereLabel(a: 3, b: 0, p: 0, q: -1, s: 1),
            ]
        }
    }

    /// The irrational part of curvatures: `kappa` for the standard packing, 0 for Soddy's
    /// (whose labels all have b = 0).
    public var kappa: Double { self == .standard ? SphereLabel.kappa : 0 }

    /// Curvature times centre is `(p, q, s) * axisScale`: `1/sqrt(2)` on every axis for
    /// the standard packing, `(1, 1, sqrt(3))` for Soddy's.
    public var axisScale: SIMD3<Double> {
        switch self {
        case .standard: return SIMD3(repeating: 0.5.squareRoot())
        case .soddy: return SIMD3(1, 1, 3.0.squareRoot())
        }
    }

    /// True when every curvature is an integer (`a`; b is always 0).
    public var isIntegral: Bool { self == .soddy }

    /// The signed curvature of `label` (unit container).
    @inlinable public func curvature(_ label: SphereLabel) -> Double { Double(label.a) + Double(label.b) * kappa }

    /// The centre of `label` (unit container).
    @inlinable public func center(_ label: SphereLabel) -> SIMD3<Double> {
        SIMD3(Double(label.p), Double(label.q), Double(label.s)) * axisScale / curvature(label)
    }
}
