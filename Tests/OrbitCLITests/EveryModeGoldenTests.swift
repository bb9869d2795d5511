import Cells
import Display
import Foundation
import Gestures
import OrbitTestSupport
import Testing

@testable import OrbitCLI

/// Golden frames of the Earth and an Apollonian packing in every glyph set x colour depth,
/// through the whole headless pipeline (`orbit render`). Small grids keep the fixtures
/// readable as text: `cat` one in a terminal to see it.
@Suite struct EveryModeGoldenFrames {
    static let modes: [(GlyphSet, ColorDepth)] = GlyphSet.allCases.flatMap { g in ColorDepth.allCases.map { (g, $0) } }

    /// The first frame of `scene` in a mode, as `orbit render --size 40x12` prints it.
    func grid(
        _ scene: Result<LoadedScene, any Error>, yaw: Double, pitch: Double, _ glyphs: GlyphSet, _ colors: ColorDepth
    ) throws -> CellGrid {
        let pipeline = try TestScenes.frame(
            scene, yaw: yaw, pitch: pitch, columns: 40, rows: 12, glyphs: glyphs, colors: colors)
        pipeline.encode()
        return pipeline.grid
    }

    func text(_ grid: CellGrid, _ colors: ColorDepth) -> String {
        grid.textLines(colors: colors != .none).joined(separator: "\n") + "\n"
    }

    @Test(arguments: modes)
    func earth(_ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        Golden.check(
            text(try grid(TestScenes.earth, yaw: 0, pitch: 0, glyphs, colors), colors),
            against: "modes/earth-\(glyphs.rawValue)-\(colors.rawValue).txt")
    }

    @Test(arguments: modes)
    func apollonian(_ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        Golden.check(
            text(try grid(TestScenes.packing, yaw: 20, pitch: 15, glyphs, colors), colors),
            against: "modes/apollonian-\(glyphs.rawValue)-\(colors.rawValue).txt")
    }

    @Test(arguments: modes)
    func everyModeCoversTheSameCells(_ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        // The silhouette does not depend on the colour depth: covered cells are never
        // spaces and uncovered ones always are, in every depth.
        let plain = try grid(TestScenes.earth, yaw: 0, pitch: 0, glyphs, .none)
        let coloured = try grid(TestScenes.earth, yaw: 0, pitch: 0, glyphs, colors)
        for r in 0..<plain.rows {
            for c in 0..<plain.columns {
                #expect(
                    (coloured[c, r].glyph == " ") == (plain[c, r].glyph == " "), "cell \(c),\(r) in \(glyphs) \(colors)"
                )
            }
        }
    }
}
