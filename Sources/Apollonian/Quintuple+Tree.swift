extension Quintuple {
    /// The seed's coefficient vectors as labels: slot m holds `e_m` in `(a, b, p, q, s)`.
    /// Labels are linear in the seed, so the moves that carry the seed quintuple to one
    /// holding a sphere carry this one to the sphere's coefficients `X` over the seed,
    /// whatever the packing kind.
    static let basis: Quintuple = {
        func e(_ m: Int) -> SphereLabel {
            SphereLabel(a: m == 0 ? 1 : 0, b: m == 1 ? 1 : 0, p: m == 2 ? 1 : 0, q: m == 3 ? 1 : 0, s: m == 4 ? 1 : 0)
        }
        return Quintuple(e(0), e(1), e(2), e(3), e(4))
    }()

    /// A quintuple of mutually tangent spheres holding the sphere with coefficients `x`
    /// (lanes 0...4) over `seed`, and the slot it sits in; `x` is a sphere of the packing.
    ///
    /// Climbs the service's tree (`TreeNode.climb(_:step:)`) up to a seed sphere `e_c`:
    /// the sphere is `s_1 ... s_n e_c` (`s_1` the first step), and the same reflections carry the seed quintuple
    /// to one holding it in slot c (reflections keep tangency). Each step's reflection
    /// applied on the right is the move `replacing(j)` on the quintuple's labels.
    static func holding(_ x: SIMD8<Int64>, seed: [SphereLabel]) -> (Quintuple, Int) {
        var quintuple = Quintuple(seed[0], seed[1], seed[2], seed[3], seed[4])
        let c = TreeNode.climb(x) { quintuple = quintuple.replacing($0) }
        return (quintuple, max(c, 0))
    }

    /// `s_j y`: coordinate j negated, `y_j` added to every other coordinate.
    static func reflect(_ y: [Int64], _ j: Int) -> [Int64] {
        var out = y.map { $0 &+ y[j] }
        out[j] = -y[j]
        return out
    }
}
