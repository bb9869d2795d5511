import Cells
import Display
import Foundation
import Math3D
import OrbitTestSupport
import Raster
import SceneGraph
import Testing

@testable import OrbitCLI

/// The built-in Earth through the whole headless pipeline: scene file, texture, raster,
/// cells. Golden frames pin the picture; properties check it means what it should.
@Suite struct EarthFrames {
    static let env = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]

    func frameText(_ args: [String]) throws -> String {
        let (_, options) = try ArgumentParser.parse(["render"] + args)
        var s = try HeadlessCommands.setup(options, environment: Self.env)
        var text = ""
        for frame in 0..<(options.frames ?? 1) {
            s.renderFrame(frame)
            s.pipeline.encode()
            if frame > 0 { text += "\n" }
            text += s.pipeline.grid.textLines(colors: s.pipeline.colors != .none).joined(separator: "\n") + "\n"
        }
        return text
    }

    @Test func earthInAsciiWithoutColourMatchesGolden() throws {
        Golden.check(
            try frameText(["earth", "--size", "80x24", "--glyphs", "ascii", "--colors", "none"]),
            against: "earth-80x24-ascii-none.txt")
    }

    @Test func earthInHalfBlocksWith256ColoursMatchesGolden() throws {
        Golden.check(
            try frameText(["earth", "--size", "80x24", "--glyphs", "blocks", "--colors", "256"]),
            against: "earth-80x24-blocks-256.txt")
    }

    @Test func earthFramesHaveExactlyRowsLinesOfColumnsCells() throws {
        let text = try frameText(["earth", "--size", "37x11", "--glyphs", "ascii", "--colors", "none", "--frames", "2"])
        let frames = text.components(separatedBy: "\n\n")
        #expect(frames.count == 2)
        for f in frames {
            let lines = f.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            #expect(lines.count == 11)
            #expect(lines.allSatisfy { $0.count == 37 })
        }
    }

    @Test func earthIsRoundOnScreen() throws {
        // Width in cells x cell aspect 0.5 equals height in cells: a circle, not an ellipse.
        let text = try frameText(["earth", "--size", "120x40", "--glyphs", "ascii", "--colors", "none"])
        let lines = text.split(separator: "\n")
        let covered = lines.enumerated().filter { $0.element.contains { $0 != " " } }
        let height = Double(covered.count)
        let width = Double(
            lines.map { l in
                let chars = Array(l)
                guard let a = chars.firstIndex(where: { $0 != " " }), let b = chars.lastIndex(where: { $0 != " " })
                else { return 0 }
                return b - a + 1
            }.max() ?? 0)
        #expect(abs(width * 0.5 / height - 1) < 0.08, "width \(width) cells, height \(height) rows")
    }

    @Test func earthSpinsHalfADegreePerFrameByDefault() throws {
        let (_, options) = try ArgumentParser.parse(["render", "earth", "--frames", "3"])
        var s = try HeadlessCommands.setup(options, environment: Self.env)
        s.renderFrame(0)
        s.renderFrame(1)
        // After two frames the model has turned 1 degree about Y.
        let angle = s.motion.modelRotation.angle.degrees
        #expect(abs(angle - 1.0) < 1e-3)
    }
}
