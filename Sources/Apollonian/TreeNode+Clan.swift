extension TreeNode {
    /// The clan the service's tree gives the sphere with coefficients `x` (lanes 0...4)
    /// over the seed: climbs from it to the root, each step the reflection in the first
    /// index of the minimum (a node's parent in the tree), until it reaches a seed sphere
    /// `e_c` (the only vectors of the tree without a negative coefficient); the clan is c.
    /// Costs one step per generation. -1 when `x` is not a sphere of the packing (no seed
    /// sphere within `maxClimb` steps).
    static func serviceClan(of x: SIMD8<Int64>) -> Int {
        // Lanes 5...7 never take part: they hold the largest value and gain nothing.
        let lanes = SIMD8<Int64>(1, 1, 1, 1, 1, 0, 0, 0)
        var y = x.replacing(with: .max, where: lanes .== 0)
        for _ in 0..<maxClimb {
            let low = y.min()
            guard low < 0 else { return seedIndex(y) }
            var j = 0
            while y[j] != low { j += 1 }
            // s_j: every coordinate gains y_j, and y_j changes sign.
            y = y &+ lanes &* low
            y[j] = 0 &- low
        }
        return -1
    }

    /// c when `y` is `e_c` in lanes 0...4, else -1.
    private static func seedIndex(_ y: SIMD8<Int64>) -> Int {
        var found = -1
        for m in 0..<5 where y[m] != 0 {
            guard y[m] == 1, found < 0 else { return -1 }
            found = m
        }
        return found
    }

    /// Most steps `serviceClan(of:)` climbs (generations are far fewer: the browse walk stops at
    /// `BrowseWalk.maxDepth`).
    static let maxClimb = 100_000

    /// `serviceClan(of:)` for coefficients held as a label over `Quintuple.basis`.
    static func serviceClan(ofCoefficients x: SphereLabel) -> Int {
        serviceClan(of: SIMD8(x.a, x.b, x.p, x.q, x.s, 0, 0, 0))
    }
}
