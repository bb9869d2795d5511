/// The generator's working quintuple: labels and curvatures in flat buffers, changed in
/// place (no copies on the hot path). `lab[c * 5 + slot]` is component c (a, b, p, q, s)
/// of the label in `slot`; `k[slot]` its curvature rounded once from the integers.
final class WalkState {
    let lab: UnsafeMutablePointer<Int64>
    let sums: UnsafeMutablePointer<Int64>
    let k: UnsafeMutablePointer<Double>

    init(_ q: Quintuple) {
        lab = .allocate(capacity: 25)
        sums = .allocate(capacity: 5)
        k = .allocate(capacity: 5)
        load(q)
    }

    deinit {
        lab.deallocate()
        sums.deallocate()
        k.deallocate()
    }

    /// Copies `q` into the buffers.
    func load(_ q: Quintuple) {
        for c in 0..<5 { sums[c] = 0 }
        for slot in 0..<5 {
            let l = q[slot]
            let comps = [l.a, l.b, l.p, l.q, l.s]
            for c in 0..<5 { lab[c * 5 + slot] = comps[c]; sums[c] &+= comps[c] }
            k[slot] = l.curvature
        }
    }

    /// The label in `slot`.
    @inline(__always) func label(_ slot: Int) -> SphereLabel {
        SphereLabel(a: lab[slot], b: lab[5 + slot], p: lab[10 + slot], q: lab[15 + slot], s: lab[20 + slot])
    }

    /// The current quintuple as a value.
    var quintuple: Quintuple { Quintuple(label(0), label(1), label(2), label(3), label(4)) }

    /// Replaces slot `j` by the other sphere tangent to the other four (self-inverse).
    @inline(__always) func replace(_ j: Int) {
        for c in 0..<5 {
            let old = lab[c * 5 + j]
            let new = sums[c] &- 2 &* old
            lab[c * 5 + j] = new
            sums[c] = sums[c] &- old &+ new
        }
        k[j] = Double(lab[j]) + Double(lab[5 + j]) * SphereLabel.kappa
    }

    @inline(__always) var curvatureSum: Double { (k[0] + k[1]) + (k[2] + k[3]) + k[4] }

    /// The largest curvature of the five (unit container).
    @inline(__always) var maxCurvature: Double { Swift.max(Swift.max(Swift.max(k[0], k[1]), Swift.max(k[2], k[3])), k[4]) }

    /// Bit `m` set (for slots `m` below `limit`) when replacing slot `m` would give a
    /// *larger* sphere (a step back towards the root; in Coxeter-group terms, `m` is a
    /// descent). Slot m's replacement has curvature S - 2k_m, smaller than k_m exactly
    /// when 3k_m > S.
    @inline(__always) func descents(below limit: Int) -> UInt8 {
        let sum = curvatureSum
        var mask: UInt8 = 0
        for m in 0..<limit {
            let d = 3 * k[m] - sum
            if d > 0.5 || (d >= -0.5 && exactDescent(m)) { mask |= 1 << UInt8(m) }
        }
        return mask
    }

    /// The descent test for slot `m` in integers: 3k_m - S > 0 with k = a + b * kappa.
    /// (In the packing |3k_m - S| is at least kappa - 1, so the floating-point test above
    /// decides; this is the safety net.)
    func exactDescent(_ m: Int) -> Bool {
        ExactCurvature.sign(3 &* lab[m] &- sums[0], 3 &* lab[5 + m] &- sums[1]) > 0
    }

    /// True when replacing slot `j` gives a quintuple with a descent in a slot above `j`,
    /// decided without making it: the new curvature sum is 2S - 3k_j.
    @inline(__always) func replacementHasDescentAbove(_ j: Int) -> Bool {
        if j >= 4 { return false }
        let newSum = 2 * curvatureSum - 3 * k[j]
        for m in (j + 1)..<5 {
            let d = 3 * k[m] - newSum
            if d > 0.5 { return true }
            if d >= -0.5 {
                replace(j)
                let hit = exactDescent(m)
                replace(j)
                if hit { return true }
            }
        }
        return false
    }
}
