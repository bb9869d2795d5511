import Foundation
import Testing

@testable import Cells

/// The palette tables shipped in Palette+BakedTables.swift are the tables the rules compute
/// now: a change to the palette's rules without a re-bake fails here. With `ORBIT_RECORD=1`
/// the file is rewritten (and the test fails, so the re-bake is never silent).
@Suite struct PaletteBaked {
    @Test func everyBakedTableIsTheComputedOne() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Cells/Palette+BakedTables.swift").standardizedFileURL
        if ProcessInfo.processInfo.environment["ORBIT_RECORD"] == "1" {
            try Palette.Baked.source(Palette.Baked.computed()).write(to: file, atomically: true, encoding: .utf8)
            Issue.record("re-baked \(file.path); build and run again without ORBIT_RECORD")
            return
        }
        for table in Palette.Baked.tables {
            let computed = table.compute()
            let shipped = try #require(
                Palette.Baked.bytes(table.baked, count: computed.count), "\(table.name) is not baked at its size")
            let differing = zip(shipped, computed).filter { $0 != $1 }.count
            let advice = "re-bake with ORBIT_RECORD=1"
            #expect(differing == 0, "\(table.name): \(differing) of \(shipped.count) entries differ; \(advice)")
        }
        // The tables in use are the baked ones, decoded whole.
        #expect(Palette.table256 == Palette.Baked.bytes(Palette.Baked.table256, count: 32 * 32 * 32))
        let pairs256 = Palette.Baked.bytes(Palette.Baked.pairs256, count: 2 * 32 * 32 * 32)
        #expect(Palette.pairs256.flatMap { [$0.x, $0.y] } == pairs256)
        #expect(Palette.pairs16.flatMap { [$0.x, $0.y] } == Palette.Baked.bytes(Palette.Baked.pairs16, count: 8192))
    }

    @Test func aBakedStringOfTheWrongSizeIsNotUsed() {
        #expect(Palette.Baked.bytes("AAAA", count: 4) == nil)
        #expect(Palette.Baked.bytes("AAAA", count: 3) == [0, 0, 0])
        #expect(Palette.Baked.pairs("AAECAw==", count: 2) == [SIMD2(0, 1), SIMD2(2, 3)])
        #expect(Palette.Baked.bytes("not base64 at all!", count: 12) == nil)
    }
}
