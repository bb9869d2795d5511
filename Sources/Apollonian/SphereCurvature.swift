/// A sphere's exact curvature in its packing of the unit container: `a + b * kappa`
/// (see `PackingKind.kappa`); an integer in integral packings.
public struct SphereCurvature: Hashable, Sendable {
    /// Integer part.
    public var a: Int64
    /// Multiple of the packing's `kappa`.
    public var b: Int64
    /// True when the packing is integral (`b` is 0 and the curvature is `a`).
    public var isIntegral: Bool

    /// A curvature from its parts.
    public init(a: Int64, b: Int64, isIntegral: Bool) {
        self.a = a
        self.b = b
        self.isIntegral = isIntegral
    }

    /// The curvature as an integer, in integral packings; nil otherwise.
    public var integer: Int64? { isIntegral && b == 0 ? a : nil }

    /// The residue class used to colour by "curvature mod q": `k mod q` in integral
    /// packings; in the standard packing, where k = a + b * kappa, the pair
    /// `(a mod q, b mod q)` numbered `a mod q + q * (b mod q)`. `q` at least 1.
    public func residue(_ q: Int) -> Int {
        let m = Int64(max(q, 1))
        func mod(_ x: Int64) -> Int64 { ((x % m) + m) % m }
        return Int(isIntegral ? mod(a) : mod(a) + m * mod(b))
    }
}
