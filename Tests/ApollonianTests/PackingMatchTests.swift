import Testing

@testable import Apollonian

/// Sphere records read back from JSON get the clans and exact curvatures of the spheres
/// they round (`PackingMatch`), and records of no generated packing get none.
@Suite struct PackingMatchTests {
    /// `options`' packing as written to JSON and read back (`decimals` places, no clans,
    /// curvatures only as `K` in an integral packing), and as generated.
    static func roundTrip(_ options: PackingOptions, decimals: Int = 4, keepK: Bool = true) throws -> (
        read: [SphereRecord], generated: [SphereRecord]
    ) {
        let generated = try PackingGenerator.records(options)
        var read = try SphereJSON.decode(
            SphereJSON.encode(generated, decimals: decimals), source: "test")
        if !keepK { for i in read.indices { read[i].curvature = nil } }
        return (read, generated)
    }

    @Test(arguments: [
        (PackingKind.standard, 1.0, 4), (.standard, 2.5, 4), (.standard, 1.0, 12), (.soddy, 1.0, 4),
        (.soddy, 3.0, 5),
    ])
    func recordsReadBackGetTheirClansAndCurvatures(kind: PackingKind, radius: Double, decimals: Int) throws {
        let options = PackingOptions(level: 4, minRadius: 0.01, radius: radius, kind: kind)
        let (read, generated) = try Self.roundTrip(options, decimals: decimals, keepK: false)
        #expect(read.allSatisfy { $0.clan == -1 && $0.curvature == nil })
        let found = try #require(PackingMatch.identify(read))
        #expect(found.kind == kind)
        #expect(found.records.map(\.clan) == generated.map(\.clan))
        #expect(found.records.map(\.curvature) == generated.map(\.curvature))
        // Every clan, and more than one curvature class mod 3, occurs.
        #expect(Set(found.records.map(\.clan)) == [0, 1, 2, 3, 4])
        #expect(Set(found.records.compactMap { $0.curvature?.residue(3) }).count >= 2)
        // The positions stay the file's.
        #expect(found.records.map(\.center) == read.map(\.center))
    }

    @Test func onlyTheEdgeSpheresOfAPackingAreMatchedToo() throws {
        let options = PackingOptions(level: 5, minRadius: 0.01, edgeOnly: true)
        let (read, generated) = try Self.roundTrip(options)
        let found = try #require(PackingMatch.identify(read))
        #expect(found.records.map(\.clan) == generated.map(\.clan))
        #expect(found.records.map(\.curvature) == generated.map(\.curvature))
    }

    @Test func recordsOfNoGeneratedPackingAreNotGuessed() throws {
        let (read, _) = try Self.roundTrip(PackingOptions(level: 3, minRadius: 0.01))
        // Turned a quarter about Z: the seed spheres sit at other corners.
        let turned = read.map { SphereRecord(x: -$0.y, y: $0.x, z: $0.z, r: $0.r, level: $0.level) }
        #expect(PackingMatch.identify(turned) == nil)
        // One sphere moved by a hundredth.
        var moved = read
        moved[moved.count / 2].x += 0.01
        #expect(PackingMatch.identify(moved) == nil)
        // One sphere's level changed.
        var relabelled = read
        relabelled[relabelled.count - 1].level += 1
        #expect(PackingMatch.identify(relabelled) == nil)
        // Only three of the four generation-0 spheres.
        #expect(PackingMatch.identify(Array(read.filter { $0.level == 1 }.dropFirst())) == nil)
        // Rounded to one decimal: within the rounding of a Soddy seed sphere, but too
        // coarse to tell.
        let coarse = try SphereJSON.decode(SphereJSON.encode(read, decimals: 1), source: "test")
        #expect(PackingMatch.identify(coarse) == nil)
        #expect(PackingMatch.identify([SphereRecord(x: 0.1, y: 0, z: 0, r: 0.5, level: 1)]) == nil)
        #expect(PackingMatch.identify([]) == nil)
    }

    @Test func theRoundingStepIsReadFromTheValues() {
        let records = [SphereRecord(x: 0.3178, y: -0.25, z: 0, r: 0.4495, level: 1)]
        #expect(PackingMatch.quantum(records) == 1e-4)
        #expect(PackingMatch.quantum([SphereRecord(x: 1, y: 2, z: 3, r: 1, level: 1)]) == 1)
        #expect(PackingMatch.quantum([SphereRecord(x: 1.0 / 3, y: 0, z: 0, r: 1, level: 1)]) == 0)
    }
}
