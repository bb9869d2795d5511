import Foundation
import Testing

/// COLLADA animations through `render`: frames move with `--time`, clips are chosen by name.
@Suite struct ColladaAnimationTimeTests {
    static let folder = "/usr/share/assimp/models/Collada/"

    static func render(_ file: String, _ extra: [String]) throws -> (status: Int32, output: [UInt8], error: String) {
        try NewcomerErrorTests.run(["render", folder + file, "--size", "60x20", "--format", "cells"] + extra)
    }

    @Test func framesOfAnAnimatedColladaFileDifferOverTimeAndRepeatAtATime() throws {
        // A cube swung on a bone (anims_with_full_rotations_between_keys, which this test
        // used before, turns a 120-unit chain of 0.4-unit boxes about the vertical: framed
        // by the disc it sweeps, its boxes are below a cell).
        let file = "box_nested_animation.dae"
        let start = try Self.render(file, ["--time", "0"])
        let later = try Self.render(file, ["--time", "0.7"])
        let again = try Self.render(file, ["--time", "0.7"])
        #expect(start.status == 0 && later.status == 0, "\(start.error) \(later.error)")
        // Both frames show the cube: an empty frame would also differ from a full one.
        for frame in [start.output, later.output] {
            #expect(frame.filter { $0 != 32 && $0 != 10 && $0 != 27 }.count > 20)
        }
        #expect(start.output != later.output)
        #expect(later.output == again.output)
    }

    @Test func clipsAreAnimationsChosenByName() throws {
        let file = "library_animation_clips.dae"
        let turn = try Self.render(file, ["--animation", "turn", "--time", "0.4"])
        #expect(turn.status == 0, "\(turn.error)")
        let unknown = try Self.render(file, ["--animation", "walk"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("bend") && unknown.error.contains("turn"), "\(unknown.error)")
    }
}
