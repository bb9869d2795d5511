import Apollonian
import Cells
import Display
import Foundation
import Math3D
import SceneGraph
import Testing

@testable import OrbitCLI

/// `--labels`: the integral packing's curvatures written on the spheres that have room.
@Suite struct PackingLabelTests {
    static func frame(_ arguments: [String]) throws -> (setup: HeadlessCommands.Setup, lines: [String]) {
        let options = try ArgumentParser.parse(["render"] + arguments).1
        var setup = try HeadlessCommands.setup(options, environment: [:], toTerminal: false)
        setup.renderFrame(0)
        setup.pipeline.encode()
        return (setup, setup.pipeline.grid.textLines(colors: false))
    }

    @Test func curvaturesAreWrittenOnTheSpheresThatHoldThem() throws {
        let args = ["apollonian", "--packing", "soddy", "--level", "4", "--size", "100x30", "--glyphs", "ascii"]
        let (setup, lines) = try Self.frame(args + ["--labels"])
        let tags = setup.pipeline.cellOutput?.tags ?? []
        #expect(tags.count >= 5, "\(tags)")
        let posed = ViewerScene.posed(setup.loaded.scene, by: setup.motion)
        let view = posed.camera.viewMatrix
        let p11 = Float(1 / tan(posed.camera.fieldOfView.radians / 2))
        let aspect = Float(100) * 0.5 / 30
        for tag in tags {
            // The text is on screen where the tag says.
            let row = Array(lines[tag.row])
            #expect(String(row[tag.column..<tag.column + tag.text.count]) == tag.text)
            // It is an integer curvature of a sphere whose centre is under the text.
            let k = try #require(Int(tag.text))
            var under = false
            posed.root.walkDrawn { node, world in
                guard node.pointee.name == ApollonianScene.tagPrefix + tag.text else { return }
                let c = (view * world).transformPoint(.zero)
                let column = (p11 / aspect * c.x / -c.z + 1) * 50
                let line = (1 - p11 * c.y / -c.z) * 15
                let r = length(world.transformDirection(Vec3(1, 0, 0)))
                if abs(line - (Float(tag.row) + 0.5)) <= 1,
                    abs(column - Float(tag.column) - Float(tag.text.count) / 2) <= 1.5,
                    abs(r - 1 / Float(k)) < 1e-4
                {
                    under = true
                }
            }
            #expect(under, "\(tag)")
        }
        // Without --labels the same frame holds no digits.
        let (_, plain) = try Self.frame(args)
        #expect(!plain.joined().contains { $0.isNumber })
        #expect(lines.joined().contains { $0.isNumber })
    }

    @Test func labelsFollowABrowsedZoom() throws {
        let (setup, _) = try Self.frame([
            "apollonian", "--packing", "soddy", "--zoom", "30", "--size", "120x40", "--labels",
            "--glyphs", "ascii",
        ])
        let tags = setup.pipeline.cellOutput?.tags ?? []
        // Zoomed in, larger curvatures have room.
        #expect(tags.contains { (Int($0.text) ?? 0) > 20 }, "\(tags.map(\.text))")
    }

    @Test func labelsNeedTheIntegralPacking() throws {
        do {
            _ = try Self.frame(["apollonian", "--level", "3", "--labels"])
            Issue.record("accepted --labels on the standard packing")
        } catch let error as CLIError {
            #expect(
                error.message.hasPrefix(
                    "--labels: curvatures are whole numbers only in the integral packing; add --packing soddy"))
        }
    }
}
