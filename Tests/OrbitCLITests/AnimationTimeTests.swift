import Foundation
import Testing

/// `--animation` and `--time`: a frame of an animated model at a given time is reproducible.
@Suite struct AnimationTimeTests {
    static let skin = "/usr/share/assimp/models/glTF2/simple_skin/simple_skin.gltf"

    static func render(_ extra: [String]) throws -> (status: Int32, output: [UInt8], error: String) {
        try NewcomerErrorTests.run(["render", skin, "--size", "40x12"] + extra)
    }

    @Test func aFrameAtATimeIsTheSameAsReachingItByFrames() throws {
        let atOne = try Self.render(["--time", "1"])
        let again = try Self.render(["--time", "1"])
        let played = try Self.render(["--time", "0", "--frames", "31"])
        let start = try Self.render(["--time", "0"])
        #expect(atOne.status == 0 && played.status == 0, "\(atOne.error) \(played.error)")
        #expect(atOne.output == again.output)
        // Frame 30 is 30/30 s after the first: the last frame of the played run.
        #expect(played.output.count > atOne.output.count)
        #expect(Array(played.output.suffix(atOne.output.count)) == atOne.output)
        #expect(start.output != atOne.output)
    }

    @Test func anUnknownAnimationNamesTheChoices() throws {
        let r = try Self.render(["--animation", "walk"])
        #expect(r.status == 2)
        #expect(r.error.contains("no animation 'walk'") && r.error.contains("0 animation 0"), "\(r.error)")
        let index = try Self.render(["--animation", "0", "--time", "1"])
        #expect(index.output == (try Self.render(["--time", "1"])).output)
    }
}
