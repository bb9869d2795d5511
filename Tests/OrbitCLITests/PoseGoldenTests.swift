import Foundation
import OrbitTestSupport
import Testing

@testable import OrbitCLI

/// Golden frames of animated models at given times (`render --time`, 60x20 cells, ASCII,
/// no colour): a skinned cylinder bending and a morphed plate leaning. A pose at the wrong
/// time (a keyframe off by one, a wrong interpolation) changes the picture.
@Suite struct PoseGoldenTests {
    /// The test model `name` ("skinned" or "morphed") written into `scratch`.
    static func model(_ name: String, in scratch: Scratch) throws -> String {
        let path = scratch.file(name + ".gltf")
        if name == "skinned" { try SkinnedGLTF.write(to: path) } else { try MorphGLTF.write(to: path) }
        return path
    }

    /// The frame of `path` at `seconds` of `animation`.
    static func frame(_ model: String, animation: String, seconds: String) throws -> String {
        let scratch = try Scratch("pose-golden")
        let path = try Self.model(model, in: scratch)
        let args = [
            "render", path, "--size", "60x20", "--glyphs", "ascii", "--colors", "none", "--animation", animation,
            "--time", seconds,
        ]
        let (_, options) = try ArgumentParser.parse(args)
        var s = try HeadlessCommands.setup(options, environment: EarthFrames.env)
        s.renderFrame(0)
        s.pipeline.encode()
        return s.pipeline.grid.textLines(colors: false).joined(separator: "\n") + "\n"
    }

    @Test(arguments: ["0", "0.25", "1", "1.5"])
    func skinnedCylinderBendsAsRecorded(seconds: String) throws {
        Golden.check(
            try Self.frame("skinned", animation: "bend", seconds: seconds),
            against: "pose-skinned-bend-\(seconds).txt")
    }

    @Test(arguments: ["0", "0.25", "1", "1.5"])
    func morphedPlateLeansAsRecorded(seconds: String) throws {
        Golden.check(
            try Self.frame("morphed", animation: "lean", seconds: seconds),
            against: "pose-morph-lean-\(seconds).txt")
    }

    @Test func posesAtDifferentTimesDifferAndRepeat() throws {
        for (path, animation) in [("skinned", "bend"), ("morphed", "lean")] {
            let frames = try ["0", "0.25", "1", "1.5"].map { try Self.frame(path, animation: animation, seconds: $0) }
            #expect(Set(frames).count == 4, "\(animation)")
            #expect(try Self.frame(path, animation: animation, seconds: "0.25") == frames[1])
        }
    }
}
