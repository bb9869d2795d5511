extension Quintuple {
    /// `replacing(j)` in place for a slot in 0..<5, summing the five labels once with wrapping
    /// arithmetic (`sum - 2 old` is `sum of the other four - old`), without key paths:
    /// the browse walk does this once per quintuple while labels are exact.
    mutating func replaceSlot(_ j: Int) {
        var a: Int64 = 0
        var b: Int64 = 0
        var p: Int64 = 0
        var q: Int64 = 0
        var s: Int64 = 0
        for i in 0..<5 {
            let l = self[i]
            a &+= l.a
            b &+= l.b
            p &+= l.p
            q &+= l.q
            s &+= l.s
        }
        let old = self[j]
        self[j] = SphereLabel(
            a: a &- 2 &* old.a, b: b &- 2 &* old.b, p: p &- 2 &* old.p, q: q &- 2 &* old.q, s: s &- 2 &* old.s)
    }
}
