/// The exact identity of a sphere in the packing of the unit container, in integers.
///
/// Every curvature in the packing is `a + b * kappa`, where `kappa = 1 + sqrt(6)/2` is the
/// curvature of the four largest inner spheres and the container has curvature -1; every
/// curvature-times-centre vector is `(p, q, s) / sqrt(2)`. Both facts hold because each new
/// sphere is an integer combination of the first five (k' = sum of the other four - k_j,
/// and the same for k * centre), and `kappa` is irrational, so the five integers name one
/// sphere exactly: two spheres are the same sphere exactly when their labels are equal.
public struct SphereLabel: Hashable, Sendable, CustomStringConvertible {
    /// Integer part of the curvature `a + b * kappa`.
    public var a: Int64
    /// Multiple of `kappa` in the curvature `a + b * kappa`.
    public var b: Int64
    /// `sqrt(2) * curvature * centre.x`.
    public var p: Int64
    /// `sqrt(2) * curvature * centre.y`.
    public var q: Int64
    /// `sqrt(2) * curvature * centre.z`.
    public var s: Int64

    /// A label from its five integers.
    public init(a: Int64, b: Int64, p: Int64, q: Int64, s: Int64) {
        self.a = a
        self.b = b
        self.p = p
        self.q = q
        self.s = s
    }

    /// Curvature of the four largest inner spheres of the unit container, `1 + sqrt(6)/2`.
    public static let kappa: Double = 2.224_744_871_391_589_049_1

    /// The container: curvature -1, centre at the origin.
    public static let container = SphereLabel(a: -1, b: 0, p: 0, q: 0, s: 0)

    /// The four largest inner spheres of the standard packing (generation 0), as the web
    /// service placed them: centres towards (-1, 1, 1), (1, -1, 1), (1, 1, -1), (-1, -1, -1).
    public static let generationZero: [SphereLabel] = Array(PackingKind.standard.seed.dropFirst())

    /// Signed curvature in the standard packing of a unit container (negative for the
    /// container itself); see `PackingKind.curvature` for other packings.
    @inlinable public var curvature: Double { Double(a) + Double(b) * SphereLabel.kappa }

    /// Radius in the standard packing of a unit container (the container gives -1).
    @inlinable public var radius: Double { 1 / curvature }

    /// Centre in the standard packing of a unit container.
    @inlinable public var center: SIMD3<Double> { PackingKind.standard.center(self) }

    public var description: String { "(\(a)+\(b)k; \(p), \(q), \(s))" }
}
