import Testing

@testable import Apollonian

/// Colouring by generation, clan or curvature mod q; palettes; the legend.
@Suite struct PackingLookTests {
    @Test func theGenerationLegendCountsEachLevelInTheOriginalColours() throws {
        let options = PackingOptions(level: 3)
        let legend = PackingLook().legend(try PackingGenerator.records(options), options: options)
        #expect(
            legend == [
                LegendEntry(name: "L 1", hex: "FFFFFF", count: 4), LegendEntry(name: "L 2", hex: "FF0000", count: 5),
                LegendEntry(name: "L 3", hex: "FFFF00", count: 20), LegendEntry(name: "L 4", hex: "00FF00", count: 60),
            ])
        #expect(legend[2].line == "L 3                    FFFF00  20 spheres")
    }

    @Test func clansSplitThePackingIntoTheCentreAndFourEqualParts() throws {
        let options = PackingOptions(level: 8)
        let records = try PackingGenerator.records(options)
        let legend = PackingLook(coloring: .clan).legend(records, options: options)
        #expect(legend.map(\.name) == ["clan 0", "clan 1", "clan 2", "clan 3", "clan 4"])
        #expect(legend.map(\.count).reduce(0, +) == records.count)
        // Clans 1...4 are images of each other under the tetrahedral symmetry.
        #expect(Set(legend.dropFirst().map(\.count)).count == 1)
        #expect(legend[0].count != legend[1].count)
    }

    @Test func soddysCurvaturesModThreeAreNeverOne() throws {
        let options = PackingOptions(level: 8, minRadius: 0, kind: .soddy)
        let records = try PackingGenerator.records(options)
        let legend = PackingLook(coloring: .curvature(modulus: 3)).legend(records, options: options)
        #expect(legend.map(\.name) == ["k = 0 mod 3", "k = 2 mod 3"])
        let mod4 = PackingLook(coloring: .curvature(modulus: 4)).legend(records, options: options)
        #expect(mod4.count == 4)
        // In the standard packing the class is the pair (a mod q, b mod q) of k = a + b kappa.
        let standard = PackingLook(coloring: .curvature(modulus: 2)).legend(
            try PackingGenerator.records(PackingOptions(level: 2)), options: PackingOptions(level: 2))
        #expect(standard.map(\.name).contains("k = 0 + 1 kappa mod 2"))
    }

    @Test func recordsWithoutAClanFallBackToTheirLevel() {
        let records = [
            SphereRecord(x: 0, y: 0, z: 0.5, r: 0.5, level: 2),
            SphereRecord(x: 0, y: 0, z: -0.5, r: 0.5, level: 2, clan: 3),
        ]
        let options = PackingOptions(edgeOnly: false)
        let legend = PackingLook(coloring: .clan, palette: .distinct).legend(records, options: options)
        #expect(legend.map(\.name) == ["clan 3", "L 2"])
        #expect(legend.map(\.hex) == [PackingPalette.distinct.hex(3), PackingPalette.distinct.hex(1)])
    }

    @Test func theDistinctPaletteGivesDeepLevelsDifferentHuesAndTheOriginalStaysTheDefault() {
        let colors = (0..<18).map { PackingPalette.distinct.hex($0) }
        #expect(Set(colors).count == 18)
        #expect(PackingPalette.distinct.hex(18) == colors[0])
        // Levels 8, 9, 10: three greys in the original, three different hues here.
        #expect((7...9).map { PackingPalette.original.hex($0) } == ["555555", "808080", "AAAAAA"])
        let hues = (7...9).map { PackingPalette.distinct.hex($0) }
        #expect(Set(hues).count == 3 && hues.allSatisfy { !["555555", "808080", "AAAAAA"].contains($0) })
        #expect(PackingLook() == PackingLook(coloring: .generation, palette: .original))
    }

    @Test func aGenerationBaseStartsThePaletteThereAndJoinsTheLevelsAboveIt() {
        let look = PackingLook(generationBase: 20)
        let records = (18...32).map { SphereRecord(x: 0, y: 0, z: 0, r: 1 / Double($0), level: $0) }
        let legend = look.legend(records, options: PackingOptions(edgeOnly: false))
        // L 18...21 (generation 20 and lower) in the first colour, then the palette in order.
        #expect(legend.first == LegendEntry(name: "L 1-21", hex: "FFFFFF", count: 4))
        #expect(Array(legend.dropFirst().prefix(9).map(\.hex)) == Array(PackingPalette.originalColors.dropFirst()))
        #expect(legend[1].name == "L 22" && legend.last?.name == "L 32")
        #expect(look.meaning == "colour: generation from L 21 (largest spheres in view)")
        // Other colourings ignore it.
        let clan = PackingLook(coloring: .clan, generationBase: 20)
        #expect(clan.key(SphereRecord(x: 0, y: 0, z: 0, r: 1, level: 30, clan: 2)) == 2)
    }

    @Test(arguments: ["generation", "clan", "mod3", "mod36"])
    func coloringNamesParse(name: String) { #expect(PackingColoring(name) != nil) }

    @Test(arguments: ["", "mod", "mod1", "mod37", "modx", "Clan"])
    func badColoringNamesAreRefused(name: String) { #expect(PackingColoring(name) == nil) }
}
