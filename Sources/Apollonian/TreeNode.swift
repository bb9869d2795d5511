/// One sphere of the service's tree, as the walk carries it (by value, 64 bytes).
///
/// Lanes 0...4 of `v` are the sphere's integer coefficients `X` over the seed quintuple;
/// lanes 5 and 6 are its curvature `a + b * kappa`; lane 7 is its clan (the seed slot
/// whose subtree holds it). `slot` is the index whose reflection made it (the clan for
/// a root).
struct TreeNode {
    var v: SIMD8<Int64>
    var slot: Int

    /// The seed sphere `e_c` (generation 0) of clan `c` in packing `kind`.
    init(seed c: Int, kind: PackingKind) {
        var v = SIMD8<Int64>(repeating: 0)
        v[c] = 1
        v[5] = kind.seed[c].a
        v[6] = kind.seed[c].b
        v[7] = Int64(c)
        self.v = v
        slot = c
    }

    init(v: SIMD8<Int64>, slot: Int) {
        self.v = v
        self.slot = slot
    }

    /// The clan: 0 for the central sphere's subtree, c = 1...4 for seed sphere c and the
    /// subtree of the sphere that replaces it.
    @inline(__always) var clan: Int { Int(v[7]) }

    /// True when reflecting in slot `j` gives a child the tree keeps: `j` is the first
    /// index of the minimum of the child `Y` (`Y_j = -X_j`, `Y_m = X_m + X_j`), that is
    /// `X_m > -2 X_j` for m < j and `X_m >= -2 X_j` for m > j.
    @inline(__always) func keepsChild(_ j: Int) -> Bool {
        let bound = -2 &* v[j]
        for m in 0..<j where v[m] <= bound { return false }
        for m in (j + 1)..<5 where v[m] < bound { return false }
        return true
    }
}

extension TreeNode {
    /// The sphere's exact label: its coefficients applied to the seed's labels.
    @inline(__always) func label(_ seed: [SphereLabel]) -> SphereLabel {
        var out = SphereLabel(a: v[5], b: v[6], p: 0, q: 0, s: 0)
        for m in 0..<5 {
            let x = v[m]
            out.p &+= x &* seed[m].p
            out.q &+= x &* seed[m].q
            out.s &+= x &* seed[m].s
        }
        return out
    }
}
