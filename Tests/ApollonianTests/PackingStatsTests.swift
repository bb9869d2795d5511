import Foundation
import Testing

@testable import Apollonian

@Suite struct PackingStatistics {
    @Test func generationLinesFollowTheCLIFormat() throws {
        let lines = try PackingStats.generationLines(PackingOptions(level: 2, minRadius: 0))
        // Generation 0: four spheres of radius 1/kappa = 0.449490, all touching the shell.
        // Generation 1: the central sphere (curvature 4 kappa + 1, radius 0.101021) and four
        // of curvature 2 kappa - 1 (radius 0.289898) between three big ones and the shell.
        #expect(
            lines == [
                "generation 0 new 4 total 4 edge 4 min_radius 0.44949 max_radius 0.44949",
                "generation 1 new 5 total 9 edge 8 min_radius 0.101021 max_radius 0.289898",
                "generation 2 new 20 total 29 edge 20 min_radius 0.0696938 max_radius 0.213939",
            ])
    }

    @Test func theServiceCutOffGivesThePublishedTotalsAndTheViewersEdgeCount() throws {
        let stats = try PackingStats.generations(PackingOptions(level: 10))
        #expect(stats.dropFirst().map(\.total) == (1...10).map { PackingCounts.service[$0] ?? -1 })
        #expect(stats.last?.edge == 6596)
        #expect(stats.allSatisfy { ($0.minRadius ?? 1) >= 0.01 })
    }

    @Test func radiiScaleWithTheOuterRadius() throws {
        let unit = try PackingStats.generations(PackingOptions(level: 1, minRadius: 0))
        let big = try PackingStats.generations(PackingOptions(level: 1, minRadius: 0, radius: 3))
        #expect(
            zip(unit, big).allSatisfy { abs(($0.maxRadius ?? 0) * 3 - ($1.maxRadius ?? 0)) < 1e-12 && $0.new == $1.new }
        )
    }

    @Test func aGenerationWithNoSpheresPrintsDashes() {
        let s = GenerationStats(generation: 3, new: 0, total: 9, edge: 8, minRadius: nil, maxRadius: nil)
        #expect(s.line == "generation 3 new 0 total 9 edge 8 min_radius - max_radius -")
    }

    @Test func theFittedSlopeOfAnExactPowerLawIsItsExponent() {
        let counts = (3...10).map { RadiusCount(exponent: $0, count: Int((pow2(2.5 * Double($0))).rounded())) }
        #expect(abs((PackingStats.dimension(counts) ?? 0) - 2.5) < 1e-3)
        #expect(PackingStats.dimension(Array(counts.prefix(1))) == nil)
    }

    @Test func theFractalDimensionFromNineOctavesIsWithinAHundredthOfThePublishedValue() throws {
        // P = 9 (1.1 million spheres) keeps the debug test run short; P = 10 gives 2.4733
        // (see docs/APOLLONIAN.md).
        let lines = try PackingStats.dimensionLines(maxExponent: 9)
        #expect(lines.count == 8)
        #expect(lines.first == "radius >= 2^-3 count 44")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("dimension "))
        let d = try #require(Double(last.dropFirst("dimension ".count)))
        #expect(abs(d - 2.4739465) < 0.01)
    }

    @Test func radiusCountsAgreeWithTheGenerator() throws {
        // Every sphere of radius >= 1/64, whatever its generation, counted independently.
        var n = 0
        try PackingGenerator.forEachSphere(level: PackingOptions.maxLevel, minRadius: 1.0 / 64) { _, _, _, _ in n += 1 }
        let counts = try PackingStats.radiusCounts(maxExponent: 6)
        #expect(counts.last == RadiusCount(exponent: 6, count: n))
        #expect(throws: PackingError.self) { try PackingStats.radiusCounts(maxExponent: 2) }
    }
}

private func pow2(_ x: Double) -> Double { exp2(x) }
