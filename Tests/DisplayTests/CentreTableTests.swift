import Testing

@testable import Display

/// The nearest palette centre found eight at a time is the one a plain scan finds: same
/// weighted distance, the first of equal ones.
@Suite struct CentreTable {
    @Test func eightAtATimeFindsWhatAScanFinds() {
        var rng = SplitMix(seed: 29)
        let w = SIMD3<Float>(MedianCut.channelWeights)
        for count in [1, 2, 7, 8, 9, 63, 64, 200, 256] {
            var centres = (0..<count).map { _ in
                SIMD3<Float>(Float(rng.next() % 256), Float(rng.next() % 256), Float(rng.next() % 256))
            }
            // Ties: copies of earlier centres later in the list.
            if count > 4 { centres[count - 1] = centres[1] }
            let table = MedianCut.CentreTable(centres)
            for k in 0..<500 {
                let r = Float(rng.next() % 2560) / 10
                let g = Float(rng.next() % 256)
                let b = Float(rng.next() % 256) + 0.5
                let p = k % 5 == 0 ? centres[k % count] : SIMD3<Float>(r, g, b)
                var best = 0
                var bestDistance = Float.infinity
                for (i, c) in centres.enumerated() {
                    let d = p - c
                    let distance = (d * d * w).sum()
                    if distance < bestDistance {
                        bestDistance = distance
                        best = i
                    }
                }
                #expect(table.nearest(p) == best, "\(count) centres, point \(p)")
            }
        }
    }
}

/// A small deterministic generator (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
