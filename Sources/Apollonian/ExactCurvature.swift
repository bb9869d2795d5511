/// Exact sign of `x + y * kappa` with `kappa = 1 + sqrt(6)/2`, for the generator's
/// "does this move make the sphere smaller" test.
enum ExactCurvature {
    /// -1, 0 or +1: the sign of `x + y * kappa`, decided in integers (no rounding).
    static func sign(_ x: Int64, _ y: Int64) -> Int {
        // x + y*kappa = (x + y) + y * sqrt(6)/2 = u + y*sqrt(6)/2 with u = x + y.
        let u = Int128(x) + Int128(y)
        let v = Int128(y)
        if u >= 0 && v >= 0 { return u == 0 && v == 0 ? 0 : 1 }
        if u <= 0 && v <= 0 { return -1 }
        // Opposite signs: compare u^2 with (6/4) v^2, that is 2u^2 with 3v^2.
        let lhs = 2 * u * u, rhs = 3 * v * v
        if u > 0 { return lhs > rhs ? 1 : -1 }
        return rhs > lhs ? 1 : -1
    }

    /// The sign of `x + y * kappa`, from floating point when the value is clearly away
    /// from zero (it always is in the packing: at least kappa - 1 in size), else exactly.
    @inline(__always) static func fastSign(_ x: Int64, _ y: Int64) -> Int {
        let d = Double(x) + Double(y) * SphereLabel.kappa
        if d > 0.5 { return 1 }
        if d < -0.5 { return -1 }
        return sign(x, y)
    }
}
