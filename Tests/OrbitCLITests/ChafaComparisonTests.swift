import Assets
import Cells
import Display
import Foundation
import Gestures
import Testing

@testable import OrbitCLI

/// Orbit's 256- and 16-colour cells against chafa's (the reference image-to-text tool) for the
/// same frame at the same cell size: chafa gets the truecolor framebuffer as a PNG (what
/// `orbit snapshot` writes) and draws it at 200x60 cells with the glyph set's symbols; its
/// output is read back into cells (`CellGrid(ansi:)`), and both grids are measured against
/// the framebuffer with the same renderer. Orbit's error after a blur of about one cell must
/// be no worse than chafa's. Set ORBIT_CHAFA_TABLE to a file path to get the figures as a
/// Markdown table (docs/PERFORMANCE.md).
@Suite(.serialized) struct ChafaComparison {
    static let size = (columns: 200, rows: 60)
    /// The glyph sets and chafa's symbol classes that draw the same shapes.
    static let sets: [(GlyphSet, String)] = [
        (.blocks, "vhalf+solid+space"), (.quadrants, "quad+half+solid+space"), (.sextants, "sextant+half+solid+space"),
        (.braille, "braille+space"),
    ]
    /// Every scene x set x depth (docs/PERFORMANCE.md has the figures).
    static let cases: [(String, GlyphSet, ColorDepth)] = {
        var out: [(String, GlyphSet, ColorDepth)] = []
        for scene in ["earth", "apollonian"] {
            for set in sets {
                for colors in [ColorDepth.ansi256, .ansi16] {
                    out.append((scene, set.0, colors))
                }
            }
        }
        return out
    }()

    /// The truecolor frame of `scene` at 200x60 cells of `glyphs`.
    static func frame(_ scene: String, _ glyphs: GlyphSet) throws -> FramePipeline {
        try TestScenes.frame(
            scene == "earth" ? TestScenes.earth : TestScenes.packing, yaw: scene == "earth" ? 0 : 20,
            pitch: scene == "earth" ? 0 : 15, columns: size.columns, rows: size.rows, glyphs: glyphs, colors: .truecolor
        )
    }

    /// chafa's cells for the PNG at `path`.
    static func chafa(_ path: String, colors: ColorDepth, symbols: String) throws -> CellGrid {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "chafa", "-c", colors.rawValue, "-s", "\(size.columns)x\(size.rows)", "--stretch",
            "--symbols", symbols, "--animate", "off", "--polite", "on", path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError.usage("chafa exited with \(process.terminationStatus)")
        }
        return CellGrid(ansi: String(decoding: data, as: UTF8.self), columns: size.columns, rows: size.rows)
    }

    @Test(arguments: cases)
    func orbitsBlurredErrorIsNoWorseThanChafas(_ scene: String, _ glyphs: GlyphSet, _ colors: ColorDepth) throws {
        let pipeline = try Self.frame(scene, glyphs)
        let fb = pipeline.framebuffer
        let png = FileManager.default.temporaryDirectory.appendingPathComponent(
            "orbit-colour-chafa-\(getpid())-\(scene)-\(glyphs).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let image = try #require(pipeline.snapshotImage())
        try Data(ImageCodec.encodePNG(image)).write(to: png)
        let symbols = try #require(Self.sets.first { $0.0 == glyphs }?.1)
        let theirs = try Self.chafa(png.path, colors: colors, symbols: symbols)
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        var ours = CellGrid(columns: 1, rows: 1)
        encoder.encode(fb, into: &ours)
        let figures = [ours, theirs].map {
            (
                cell: $0.meanColorError(against: fb, glyphs: glyphs),
                blurred: $0.blurredColorError(against: fb, glyphs: glyphs),
                hue: $0.hueScore(against: fb, glyphs: glyphs).score
            )
        }
        let row = String(
            format: "| %@ | %@ | %@ | %.2f | %.2f | %.2f | %.2f | %.3f | %.3f |", scene, glyphs.rawValue,
            colors.rawValue,
            figures[0].blurred, figures[1].blurred, figures[0].cell, figures[1].cell, figures[0].hue, figures[1].hue)
        print("chafa comparison: \(row)")
        if let path = ProcessInfo.processInfo.environment["ORBIT_CHAFA_TABLE"],
            let h = FileHandle(forWritingAtPath: path)
        {
            h.seekToEndOfFile()
            h.write(Data((row + "\n").utf8))
            h.closeFile()
        }
        // chafa drew something: most of its cells are not blank.
        #expect(theirs.cells.filter { $0 != .blank }.count > Self.size.columns * Self.size.rows / 4)
        #expect(
            figures[0].blurred <= figures[1].blurred,
            "\(scene) \(glyphs) \(colors): Orbit \(figures[0].blurred), chafa \(figures[1].blurred)")
    }
}
