/// Spheres per radius octave: slot p counts radii in [2^-p, 2^-(p-1)).
struct OctaveSink: TreeSink, Sendable {
    var counts: [Int]

    init(maxExponent: Int) { counts = Array(repeating: 0, count: maxExponent + 1) }

    @inline(__always) mutating func accept(_ node: TreeNode, generation: Int, curvature k: Double) throws {
        // radius >= 2^-p  <=>  k <= 2^p; the smallest such p is ceil(log2 k).
        let e = k.exponent  // 2^e <= k < 2^(e+1)
        let p = k == Double(sign: .plus, exponent: e, significand: 1) ? Int(e) : Int(e) + 1
        counts[min(max(p, 0), counts.count - 1)] += 1
    }
}
