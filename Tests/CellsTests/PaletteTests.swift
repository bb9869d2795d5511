import Testing

@testable import Cells

@Suite struct Palette256 {
    @Test func paletteEntriesAreTheXtermValues() {
        #expect(Palette.srgb(of: 16) == SIMD3(0, 0, 0))
        #expect(Palette.srgb(of: 196) == SIMD3(255, 0, 0))
        #expect(Palette.srgb(of: 110) == SIMD3(135, 175, 215))
        #expect(Palette.srgb(of: 231) == SIMD3(255, 255, 255))
        #expect(Palette.srgb(of: 232) == SIMD3(8, 8, 8))
        #expect(Palette.srgb(of: 255) == SIMD3(238, 238, 238))
        #expect(Palette.srgb(of: 9) == SIMD3(255, 0, 0))
    }

    @Test func nearestMatchesABruteForceSearchOnRandomColours() {
        var random = Synthetic.Random(seed: 42)
        let labs = (16...255).map { CIELAB.lab(srgb: Palette.srgb(of: UInt8($0))) }
        var fastSum: Float = 0
        var bestSum: Float = 0
        var naiveSum: Float = 0
        var same = 0
        let samples = 1500
        for _ in 0..<samples {
            let c = SIMD3(random.byte(), random.byte(), random.byte())
            let lab = CIELAB.lab(srgb: c)
            let fast = Palette.nearest256(c)
            #expect(fast >= 16)
            // The metric the quantizer minimizes (Lab, chroma weighted), as a distance.
            let fastE = Palette.distance256(target: lab, candidate: CIELAB.lab(srgb: Palette.srgb(of: fast)))
                .squareRoot()
            let distances = labs.map { Palette.distance256(target: lab, candidate: $0).squareRoot() }
            let bestE = distances.min() ?? 0
            if fastE == bestE { same += 1 }
            // Never far from the best: the 5-bit table bins are 8 codes wide (and chroma
            // errors count chromaWeight256 times).
            #expect(fastE <= bestE + 8 * Palette.chromaWeight256, "\(c): \(fastE) vs \(bestE)")
            fastSum += fastE
            bestSum += bestE
            // The naive mapping: v / 43 per channel.
            let r6: Int = Int(c.x) / 43
            let g6: Int = Int(c.y) / 43
            let b6: Int = Int(c.z) / 43
            let naive = UInt8(16 + 36 * r6 + 6 * g6 + b6)
            naiveSum += Palette.distance256(target: lab, candidate: CIELAB.lab(srgb: Palette.srgb(of: naive)))
                .squareRoot()
        }
        let fast = fastSum / Float(samples)
        let best = bestSum / Float(samples)
        let naive = naiveSum / Float(samples)
        #expect(fast <= best * 1.05, "mean dE fast \(fast) vs best \(best)")
        #expect(fast < naive * 0.75, "mean dE fast \(fast) vs naive \(naive)")
        #expect(same * 10 >= samples * 8, "identical choice for \(same) of \(samples)")
    }

    /// Dark saturated colours keep their hue instead of falling on a grey.
    @Test(arguments: [
        (SIMD3<UInt8>(10, 25, 70), "blue"), (SIMD3<UInt8>(6, 14, 50), "blue"),
        (SIMD3<UInt8>(20, 45, 10), "green"), (SIMD3<UInt8>(70, 12, 10), "red"),
    ])
    func darkSaturatedColoursKeepTheirHue(_ c: SIMD3<UInt8>, _ hue: String) {
        let p = Palette.srgb(of: Palette.nearest256(c))
        let channel = ["red": 0, "green": 1, "blue": 2][hue] ?? 0
        let others = (0..<3).filter { $0 != channel }.map { p[$0] }
        #expect(others.allSatisfy { p[channel] > $0 }, "\(c) -> \(p)")
    }

    @Test(arguments: [
        (SIMD3<UInt8>(128, 128, 128), UInt8(244)),
        (SIMD3<UInt8>(18, 18, 18), UInt8(233)),
        (SIMD3<UInt8>(238, 238, 238), UInt8(255)),
        (SIMD3<UInt8>(0, 0, 0), UInt8(16)),
        (SIMD3<UInt8>(255, 255, 255), UInt8(231)),
        (SIMD3<UInt8>(135, 135, 135), UInt8(102)),
        (SIMD3<UInt8>(80, 80, 80), UInt8(239)),
    ])
    func greysPickTheRampOrTheCubeWhicheverIsExact(_ c: SIMD3<UInt8>, _ expected: UInt8) {
        #expect(Palette.nearest256(c) == expected)
    }
}

@Suite struct Palette16 {
    static func family(_ i: UInt8) -> String {
        ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"][Int(i) % 8]
    }

    @Test(arguments: [
        (SIMD3<UInt8>(255, 0, 0), "red"), (SIMD3<UInt8>(0, 160, 0), "green"),
        (SIMD3<UInt8>(30, 60, 140), "blue"), (SIMD3<UInt8>(40, 90, 40), "green"),
        (SIMD3<UInt8>(200, 180, 40), "yellow"), (SIMD3<UInt8>(150, 40, 150), "magenta"),
        (SIMD3<UInt8>(40, 160, 170), "cyan"), (SIMD3<UInt8>(120, 30, 30), "red"),
    ])
    func colouredInputsKeepTheirHue(_ c: SIMD3<UInt8>, _ expected: String) {
        #expect(Self.family(Palette.nearest16(c)) == expected, "\(c) -> \(Palette.nearest16(c))")
    }

    @Test func greysMapToTheGreyLadder() {
        #expect(Palette.nearest16(SIMD3(0, 0, 0)) == 0)
        #expect(Palette.nearest16(SIMD3(255, 255, 255)) == 15)
        #expect(Palette.nearest16(SIMD3(125, 125, 125)) == 8)
        #expect([7, 15].contains(Palette.nearest16(SIMD3(215, 215, 215))))
    }

    @Test func liftMakesDullColoursMoreSaturatedAndKeepsGreys() {
        let dull = SIMD3<Float>(0.3, 0.4, 0.5)
        let lifted = Palette.lift16(dull)
        #expect(lifted.z - lifted.x > dull.z - dull.x)
        let grey = Palette.lift16(SIMD3(repeating: 0.5))
        #expect(abs(grey.x - 0.5) < 1e-6 && abs(grey.y - 0.5) < 1e-6)
    }
}
