import Apollonian
import Display
import Foundation
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
}
