import Testing

@testable import Display

/// The nearest palette centre found eight at a time is the one a plain scan finds: same
/// weighted distance, the first of equal ones.
@Suite struct CentreTable {
    @Test func eightAtATimeFindsWhatAScanFinds() {
        var rng = TestFrames.LCG(seed: 29)
        let w = SIMD3<Float>(MedianCut.channelWeights)
        for count in [1, 2, 7, 8, 9, 63, 64, 200, 256] {
            var centres = (0..<count).map { _ in
                SIMD3<Float>(Float(rng.byte()), Float(rng.byte()), Float(rng.byte()))
            }
            // Ties: copies of earlier centres later in the list.
            if count > 4 { centres[count - 1] = centres[1] }
            let table = MedianCut.CentreTable(centres)
            for k in 0..<500 {
                let r = Float(rng.byte()) + Float(rng.byte() % 10) / 10
                let g = Float(rng.byte())
                let b = Float(rng.byte()) + 0.5
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
