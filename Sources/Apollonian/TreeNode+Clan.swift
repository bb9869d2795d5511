extension TreeNode {
    /// Climbs the service's tree from the sphere with coefficients `x` (lanes 0...4; the
    /// other lanes are ignored) to the root: each step is the reflection in the first index
    /// of the minimum (a node's parent in the tree), handed to `step` as that index, until
    /// a seed sphere `e_c` (the only vectors of the tree without a negative coefficient).
    /// Costs one step per generation.
    /// - Returns: c, or -1 when `x` is not a sphere of the packing (no seed sphere within
    ///   `maxClimb` steps).
    @inline(__always)
    static func climb(_ x: SIMD8<Int64>, step: (Int) -> Void) -> Int {
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
            step(j)
        }
        return -1
    }

    /// The clan the service's tree gives the sphere with coefficients `x` (lanes 0...4)
    /// over the seed: the seed sphere `climb(_:step:)` reaches. -1 when `x` is not a
    /// sphere of the packing.
    static func serviceClan(of x: SIMD8<Int64>) -> Int { climb(x) { _ in } }

    /// c when `y` is `e_c` in lanes 0...4, else -1.
    private static func seedIndex(_ y: SIMD8<Int64>) -> Int {
        var found = -1
        for m in 0..<5 where y[m] != 0 {
            guard y[m] == 1, found < 0 else { return -1 }
            found = m
        }
        return found
    }

    /// Most steps `climb(_:step:)` takes. Generations are far fewer: the browse walk stops
    /// at `BrowseWalk.maxDepth` and the generator at `PackingOptions.maxLevel`.
    static let maxClimb = 100_000

    /// `serviceClan(of:)` for coefficients held as a label over `Quintuple.basis`.
    static func serviceClan(ofCoefficients x: SphereLabel) -> Int {
        serviceClan(of: SIMD8(x.a, x.b, x.p, x.q, x.s, 0, 0, 0))
    }
}
