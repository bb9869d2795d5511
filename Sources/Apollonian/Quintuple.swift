/// Five mutually tangent spheres (the container may be one of them), as exact labels:
/// lane `i` of each vector is slot `i`'s label component; lanes 5...7 are zero.
///
/// The generator walks quintuples: replacing slot `j` by the other sphere tangent to the
/// remaining four is the linear move `new = (sum of the other four) - old`, applied to all
/// five integer components at once.
public struct Quintuple: Hashable, Sendable {
    var a: SIMD8<Int64>
    var b: SIMD8<Int64>
    var p: SIMD8<Int64>
    var q: SIMD8<Int64>
    var s: SIMD8<Int64>

    /// The starting configuration: slot 0 the container, slots 1...4 generation 0.
    public static let root: Quintuple = {
        var r = Quintuple(a: .zero, b: .zero, p: .zero, q: .zero, s: .zero)
        r.set(0, SphereLabel.container)
        for (i, l) in SphereLabel.generationZero.enumerated() { r.set(i + 1, l) }
        return r
    }()

    /// The label in `slot` (0...4).
    public func label(_ slot: Int) -> SphereLabel {
        SphereLabel(a: a[slot], b: b[slot], p: p[slot], q: q[slot], s: s[slot])
    }

    /// All five labels, slot order.
    public var labels: [SphereLabel] { (0..<5).map { label($0) } }

    mutating func set(_ slot: Int, _ l: SphereLabel) {
        a[slot] = l.a; b[slot] = l.b; p[slot] = l.p; q[slot] = l.q; s[slot] = l.s
    }

    /// The quintuple with slot `j` replaced by the other sphere tangent to the other four.
    public func replacing(_ j: Int) -> Quintuple {
        var u = self
        u.a[j] = a.wrappedSum() &- 2 &* a[j]
        u.b[j] = b.wrappedSum() &- 2 &* b[j]
        u.p[j] = p.wrappedSum() &- 2 &* p[j]
        u.q[j] = q.wrappedSum() &- 2 &* q[j]
        u.s[j] = s.wrappedSum() &- 2 &* s[j]
        return u
    }

    /// Bit `m` set when replacing slot `m` would give a *larger* sphere than the one there
    /// (a step back towards the root: in Coxeter-group terms, `m` is a right descent).
    /// Slot m's replacement has curvature S - 2k_m, smaller than k_m exactly when 3k_m > S.
    func descents() -> UInt8 {
        let sa = a.wrappedSum(), sb = b.wrappedSum()
        var mask: UInt8 = 0
        for m in 0..<5 where ExactCurvature.fastSign(3 &* a[m] &- sa, 3 &* b[m] &- sb) > 0 {
            mask |= 1 << UInt8(m)
        }
        return mask
    }

    /// The largest curvature among the five slots (unit container), in floating point.
    func maxCurvature() -> Double {
        let k = SIMD8<Double>(a) + SIMD8<Double>(b) * SphereLabel.kappa
        return Swift.max(Swift.max(Swift.max(k[0], k[1]), Swift.max(k[2], k[3])), k[4])
    }
}
