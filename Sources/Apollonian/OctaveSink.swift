/// Spheres per radius octave: slot p counts radii in [2^-p, 2^-(p-1)).
struct OctaveSink: SphereSink, Sendable {
    var counts: [Int]

    init(maxExponent: Int) { counts = Array(repeating: 0, count: maxExponent + 1) }

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        // radius >= 2^-p  <=>  k <= 2^p; the smallest such p is ceil(log2 k).
        let k = state.k[slot]
        let e = k.exponent  // 2^e <= k < 2^(e+1)
        let p = k == Double(sign: .plus, exponent: e, significand: 1) ? Int(e) : Int(e) + 1
        counts[min(max(p, 0), counts.count - 1)] += 1
    }
}
