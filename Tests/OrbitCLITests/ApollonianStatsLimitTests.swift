import Foundation
import Testing

/// `orbit apollonian stats --dimension P --max-spheres N`: the walk stops past N spheres
/// with one line naming the limit, and runs to the end when the count fits.
@Suite struct ApollonianStatsLimitTests {
    /// 6725 spheres have radius >= 2^-6 (docs/APOLLONIAN.md): the limit is exact.
    @Test func maxSpheresStopsTheWalkExactlyPastTheLimit() throws {
        let over = try NewcomerErrorTests.run(["apollonian", "stats", "--dimension", "6", "--max-spheres", "6724"])
        #expect(over.status == 1)
        #expect(over.output.isEmpty)
        #expect(
            over.error
                == "orbit: apollonian stats: packing: more than 6724 spheres; raise the limit, "
                + "lower the level or raise the minimum radius\n"
        )
        let fits = try NewcomerErrorTests.run(["apollonian", "stats", "--dimension", "6", "--max-spheres", "6725"])
        #expect(fits.status == 0)
        let lines = String(decoding: fits.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("radius >= 2^-6 count 6725"))
        #expect(lines.last?.hasPrefix("dimension ") == true)
        #expect(fits.error.isEmpty)
    }

    @Test func aLargeDimensionStopsEarlyUnderALimit() throws {
        // P = 14 walks billions of spheres; the limit ends it at once.
        let r = try NewcomerErrorTests.run(["apollonian", "stats", "--dimension", "14", "--max-spheres", "50000"])
        #expect(r.status == 1)
        #expect(r.error.hasPrefix("orbit: apollonian stats: packing: more than 50000 spheres"))
        #expect(r.error.filter { $0 == "\n" }.count == 1)
    }
}
