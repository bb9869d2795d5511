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
    /// over `seed`, and the slot it sits in.
    ///
    /// Climbs the service's tree: a node's parent is its reflection in the first index of
    /// its minimum, up to a seed sphere `e_c`. The sphere is then `s_n ... s_1 e_c`, and the
    /// same reflections carry the seed quintuple to one holding it in slot c (reflections
    /// keep tangency).
    static func holding(_ x: [Int64], seed: [SphereLabel]) -> (Quintuple, Int) {
        var y = x
        var path: [Int] = []
        func isSeed(_ v: [Int64]) -> Bool { v.filter { $0 != 0 }.count == 1 && v.contains(1) }
        while !isSeed(y) && path.count < 10_000 {
            let j = y.indices.min { y[$0] < y[$1] } ?? 0
            path.append(j)
            y = reflect(y, j)
        }
        let slot = y.firstIndex(of: 1) ?? 0
        var labels: [SphereLabel] = []
        for m in 0..<5 {
            var e = [Int64](repeating: 0, count: 5)
            e[m] = 1
            for j in path.reversed() { e = reflect(e, j) }
            labels.append(label(e, seed))
        }
        return (Quintuple(labels[0], labels[1], labels[2], labels[3], labels[4]), slot)
    }

    /// `s_j y`: coordinate j negated, `y_j` added to every other coordinate.
    static func reflect(_ y: [Int64], _ j: Int) -> [Int64] {
        var out = y.map { $0 &+ y[j] }
        out[j] = -y[j]
        return out
    }

    static func label(_ x: [Int64], _ seed: [SphereLabel]) -> SphereLabel {
        var out = SphereLabel(a: 0, b: 0, p: 0, q: 0, s: 0)
        for m in 0..<5 {
            out.a &+= x[m] &* seed[m].a
            out.b &+= x[m] &* seed[m].b
            out.p &+= x[m] &* seed[m].p
            out.q &+= x[m] &* seed[m].q
            out.s &+= x[m] &* seed[m].s
        }
        return out
    }
}
