import Apollonian
import Display
import Foundation
import OrbitTestSupport
import Testing

@testable import OrbitCLI

/// Flying into the packing as `+` held down does (and as `orbit bench apollonian` does):
/// from zoom 1 to 10^30 by factors of 1.5 along the default target, every build finds
/// spheres.
@Suite struct PackingFlightTests {
    @Test func everyStepOfTheWholeFlightFindsSpheres() throws {
        let options = try ArgumentParser.parse(["render", "apollonian", "--zoom", "1", "--size", "40x12"]).1
        let loaded = try SceneCatalog.load(options, forViewer: false)
        let source = try #require(loaded.browse)
        var position = source.initial
        var empty: [String] = []
        var steps = 0
        while position.zoom < BrowsePosition.zoomRange.upperBound {
            position = source.rebase(position.zoomed(by: 1.5, towards: position.center))
            let scene = try source.load(position, 40, 12, options.headlessCellAspect, LevelProgress())
            let count = scene.scene.drawList().count
            if ProcessInfo.processInfo.environment["ORBIT_FLIGHT_LOG"] != nil {
                print("flight zoom \(position.zoom) depth \(position.frame.steps.count) spheres \(count)")
            }
            if count == 0 { empty.append(String(format: "%.3g", position.zoom)) }
            steps += 1
        }
        #expect(steps >= 170)
        #expect(empty.isEmpty, "zooms with no spheres: \(empty)")
    }

    /// `orbit bench apollonian --zoom` prints its depth table: one row per three decades
    /// of zoom the builds were made at, in order, the builds adding up to the frames, each
    /// row's worst build at least its median and its spheres found.
    @Test func benchPrintsTheWorstBuildAtEveryDepth() throws {
        let frames = 12
        let start = 500.0
        let r = try Spawn.run(
            [
                try OrbitBinary.check(), "bench", "apollonian", "--zoom", "\(Int(start))", "--size", "40x12",
                "--frames", "\(frames)",
            ], timeout: 600)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.stdout.split(separator: "\n").filter { $0.hasPrefix("browse_depth: ") }.map {
            $0.split(separator: " ").map(String.init)
        }
        // Each frame zooms by 1.5 before its build: the first build is at 750.
        let below1000 = (1...frames).filter { start * pow(1.5, Double($0)) < 1000 }.count
        #expect(rows.map { $0[1] } == ["1e0..1e3", "1e3..1e6"])
        #expect(rows.map { Int($0[3]) ?? -1 } == [below1000, frames - below1000])
        for row in rows {
            let median = try #require(Double(row[5]))
            let worst = try #require(Double(row[7]))
            #expect(median > 0 && worst >= median, "\(row)")
            #expect((Int(row[9]) ?? 0) > 0, "\(row)")
        }
    }
}
