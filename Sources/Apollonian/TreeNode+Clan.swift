extension TreeNode {
    /// The clan the service's tree gives the sphere with coefficients `x` (lanes 0...4)
    /// over the seed: climbs from it to the root, each step the reflection in the first
    /// index of the minimum (a node's parent in the tree), until it reaches a seed sphere
    /// `e_c`; the clan is c. Costs one step per generation. -1 when `x` is not a sphere of
    /// the packing (no seed sphere within `maxClimb` steps).
    static func serviceClan(of x: SIMD8<Int64>) -> Int {
        var y = x
        for _ in 0..<maxClimb {
            var j = 0
            var nonzero = 0
            var one = -1
            for m in 0..<5 {
                if y[m] < y[j] { j = m }
                if y[m] != 0 {
                    nonzero += 1
                    if y[m] == 1 { one = m }
                }
            }
            if nonzero == 1, one >= 0 { return one }
            // s_j: every coordinate gains y_j, and y_j changes sign.
            let step = y[j]
            for m in 0..<5 { y[m] = y[m] &+ step }
            y[j] = 0 &- step
        }
        return -1
    }

    /// Most steps `serviceClan(of:)` climbs (generations are far fewer: the browse walk stops at
    /// `BrowseWalk.maxDepth`).
    static let maxClimb = 100_000

    /// `serviceClan(of:)` for coefficients held as a label over `Quintuple.basis`.
    static func serviceClan(ofCoefficients x: SphereLabel) -> Int {
        serviceClan(of: SIMD8(x.a, x.b, x.p, x.q, x.s, 0, 0, 0))
    }
}
