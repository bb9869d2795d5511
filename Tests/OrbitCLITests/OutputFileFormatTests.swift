import Cells
import Foundation
import Testing
import Viewer

@testable import OrbitCLI

/// `-o FILE` means a file in every command and picks the image format from its extension;
/// `--format MODE` is the display mode.
@Suite struct OutputFileFormat {
    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("orbit-o-\(UUID())-\(name)").path
    }

    @Test(arguments: [
        ("x.png", [0x89, 0x50, 0x4E, 0x47]), ("x.JPG", [0xFF, 0xD8, 0xFF]), ("x.jpeg", [0xFF, 0xD8, 0xFF]),
    ])
    func theExtensionPicksTheImageFormat(name: String, magic: [UInt8]) throws {
        let path = Self.scratch(name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try NewcomerErrorTests.run(["snapshot", "earth", "--size", "16x8", "-o", path])
        #expect(r.status == 0, "\(r.error)")
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        #expect(Array(bytes.prefix(magic.count)) == magic)
    }

    @Test(arguments: [("kitty", "no image extension"), ("x.gif", "cannot write '.gif' images")])
    func anExtensionItCannotWriteIsRefusedByName(name: String, problem: String) throws {
        let path = Self.scratch(name)
        let r = try NewcomerErrorTests.run(["snapshot", "earth", "--size", "16x8", "-o", path])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: \(path): \(problem)"), "\(r.error)")
        #expect(r.error.contains(".png, .jpg, .jpeg"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theDisplayModeIsFormatAndOutputIsAFileEverywhere() throws {
        let render = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", "kitty"])
        #expect(render.status == 0, "\(render.error)")
        #expect(String(decoding: render.output, as: UTF8.self).contains("\u{1B}_Ga=T"))
        let refused = try NewcomerErrorTests.run(["render", "ball", "--output", "kitty"])
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("orbit: option '--output' does not apply to 'render'"), "\(refused.error)")
    }
}

/// An option that does not apply to the scene is refused; a missing file is named before
/// anything about the terminal.
@Suite struct SceneApplicability {
    @Test(arguments: [
        (["ball", "--level", "3"], "'--level' does not apply to 'ball' (only to the apollonian packing)"),
        (["earth", "--level", "3"], "'--level' does not apply to 'earth'"),
        (["render", "earth", "--packing", "soddy"], "'--packing' does not apply to 'earth'"),
        (["snapshot", "ball", "--color-by", "clan", "-o", "x.png"], "'--color-by' does not apply to 'ball'"),
        (["render", "sphere:100", "--asset-root", "/tmp"], "'--asset-root' does not apply to 'sphere:100'"),
        (["bench", "earth", "--url", "http://127.0.0.1:1/"], "'--url' does not apply to 'earth'"),
    ])
    func anOptionForAnotherSceneIsRefused(arguments: [String], message: String) throws {
        let r = try NewcomerErrorTests.run(arguments)
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: option \(message)"), "\(r.error)")
        #expect(r.error.split(separator: "\n").count == 1)
    }

    @Test func aMistypedSceneIsNamedBeforeAnOptionItWouldRefuse() throws {
        let r = try NewcomerErrorTests.run(["eart", "--level", "3"])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: unknown scene 'eart'"), "\(r.error)")
    }

    @Test(arguments: [[], ["demo"]])
    func aMissingModelIsNamedBeforeTheTerminal(command: [String]) throws {
        let r = try NewcomerErrorTests.run(command + ["/nonexistent-orbit/earth.obj"])
        #expect(r.status == 1)
        #expect(r.error == "orbit: /nonexistent-orbit/earth.obj: no such file\n", "\(r.error)")
    }
}

/// `orbit --help` lists every key of the viewer's key table.
@Suite struct HelpKeys {
    @Test func theOverviewListsEveryRowOfTheKeyTable() {
        let help = Help.text(for: nil)
        for row in KeyTable.rows {
            #expect(help.contains("  " + row.keys), "\(row.keys)")
            #expect(help.contains(row.help), "\(row.help)")
        }
    }
}

/// `orbit --list WHAT` prints the tables themselves.
@Suite struct ListCommand {
    @Test func everyListPrintsItsTable() throws {
        for name in Lists.names {
            let r = try NewcomerErrorTests.run(["--list", name])
            #expect(r.status == 0, "\(r.error)")
            let lines = String(decoding: r.output, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(lines == (try Lists.entries(name)), "\(name)")
            #expect(!lines.isEmpty)
        }
        #expect(try Lists.entries("glyphs") == GlyphSet.allCases.map(\.rawValue))
        #expect(try Lists.entries("options").count == OptionSpec.all.count)
        #expect(try Lists.entries("keys").count == KeyTable.rows.count)
    }

    @Test func anUnknownListIsRefusedNamingTheKnownOnes() throws {
        let r = try NewcomerErrorTests.run(["--list", "nope"])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: --list wants one of glyphs, colors"), "\(r.error)")
    }
}

/// The legend of a packing drawn by level says what L means.
@Suite struct LevelLegend {
    @Test func theLevelLegendSaysLIsGenerationPlusOne() throws {
        let loaded = try SceneCatalog.load(try ArgumentParser.parse(["apollonian", "--level", "3"]).1, forViewer: true)
        #expect(loaded.legend.first == "colour: generation (L = generation + 1)", "\(loaded.legend)")
        #expect(loaded.legend.dropFirst().first?.hasPrefix("L 1 ") == true, "\(loaded.legend)")
    }

    @Test func theStatusLineLabelSaysWhichLTheLevelHolds() throws {
        let loaded = try SceneCatalog.load(try ArgumentParser.parse(["apollonian", "--level", "3"]).1, forViewer: true)
        #expect(loaded.label == "level 3 (L 1-4 = generation + 1; 44 of 89 drawn)")
        // The legend lists exactly those L.
        #expect(loaded.legend.contains { $0.hasPrefix("L 4 ") } && !loaded.legend.contains { $0.hasPrefix("L 5 ") })
    }
}

/// Without colour, half blocks, quadrants and sextants still show light and shade: the
/// Earth's land and oceans differ.
@Suite struct NoColourShading {
    @Test(arguments: [GlyphSet.blocks, .quadrants, .sextants])
    func theEarthWithoutColourHasSeveralShades(glyphs: GlyphSet) throws {
        var pipeline = try TestScenes.frame(TestScenes.earth, columns: 60, rows: 24, glyphs: glyphs, colors: .none)
        pipeline.encode()
        let text = pipeline.grid.textLines(colors: false).joined()
        let shades = ["\u{2591}", "\u{2592}", "\u{2593}", "\u{2588}"].map { s in text.filter { String($0) == s }.count }
        let covered = shades.reduce(0, +)
        #expect(shades.filter { $0 * 20 >= covered }.count >= 3, "\(shades)")
        #expect(shades.max()! * 10 <= covered * 8, "one shade covers the disc: \(shades)")
    }
}
