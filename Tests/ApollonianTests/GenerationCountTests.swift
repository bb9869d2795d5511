import Testing

@testable import Apollonian

@Suite struct GenerationCounts {
    /// New spheres per generation with no cut-off, counted by the generator.
    static func countsPerGeneration(level: Int) throws -> [Int] {
        var counts = [Int](repeating: 0, count: level + 1)
        try PackingGenerator.forEachSphere(level: level, minRadius: 0) { _, g, _, _ in counts[g] += 1 }
        return counts
    }

    @Test func generationsZeroToNineMakeThePublishedNumbersAndTenFollowsTheRecurrence() throws {
        let counts = try Self.countsPerGeneration(level: 10)
        #expect(Array(counts.prefix(10)) == [4, 5, 20, 60, 210, 690, 2340, 7830, 26370, 88560])
        #expect(counts[10] == PackingCounts.newSpheres(generation: 10))
    }

    @Test func theRecurrenceGivesThePublishedNumbersAndContinuesBeyondNine() {
        let expected = [4, 5, 20, 60, 210, 690, 2340, 7830, 26370, 88560]
        #expect((0...9).map { PackingCounts.newSpheres(generation: $0) } == expected.map { Optional($0) })
        // a_10 = 3*17712 + 3*5274 - 6*1566 = 59562, a_11 = 200178, a_12 = 672948.
        #expect(PackingCounts.newSpheres(generation: 10) == 5 * 59562)
        #expect(PackingCounts.newSpheres(generation: 12) == 5 * 672948)
        #expect(PackingCounts.totalSpheres(level: 12) == 4_789_529)
        #expect(PackingCounts.newSpheres(generation: -1) == nil)
        #expect(PackingCounts.newSpheres(generation: 100) == nil)
    }

    @Test(arguments: 1...10)
    func eachServiceLevelHasThePublishedNumberOfSpheres(level: Int) throws {
        let records = try PackingGenerator.records(PackingOptions(level: level))
        #expect(records.count == PackingCounts.service[level])
        #expect(records.map(\.level).max() == level + 1)
    }
}
