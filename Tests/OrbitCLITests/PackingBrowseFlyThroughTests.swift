import Apollonian
import Math3D
import Testing

@testable import OrbitCLI

/// Browsing flies through the spheres near the camera: a deep zoom about the default
/// target shows spheres at every scale, not one sphere in front of the point filling the
/// screen.
@Suite struct PackingBrowseFlyThroughTests {
    // Zoom 10^6 to 1.5 x 10^6 about the default target: without the fly-through one sphere
    // (L 22, its centre about 1.7 view units towards the camera) covers ~96% of the frame.
    @Test(arguments: ["1e6", "1.2e6", "1.5e6"])
    func aDeepZoomIsNotOneSphere(zoom: String) throws {
        let frame = try PackingBrowseColourTests.families(["--zoom", zoom])
        #expect(frame.covered > 0.8, "\(frame)")
        // A sphere has one colour: no colour family (white and the greys together
        // counting as one) covers most of the frame.
        let largest = frame.shares.values.max() ?? 1
        #expect(largest * frame.covered < 0.6, "\(frame)")
        let hues = frame.shares.filter { $0.key != "grey" && $0.value > 0.03 }
        #expect(hues.count >= 4, "\(frame.shares)")
    }

    @Test(arguments: ["1e3", "1e6", "1.2e6", "1e9"])
    func noSphereComesNearerThanHalfTheCamerasDistanceWhicheverWayTheSceneTurns(zoom: String) throws {
        let (_, loaded) = try PackingBrowseTests.load(["apollonian", "--zoom", zoom, "--size", "80x24"])
        let spheres = PackingBrowseTests.spheres(loaded.scene)
        #expect(spheres.count > 100)
        // The camera circles the point looked at (the origin of the browsed scene) at
        // `cameraDistance`: a sphere's nearest approach is that less its farthest reach.
        let distance = ApollonianScene.cameraDistance
        let nearest = spheres.map { distance - (length($0.center) + $0.radius) }.min() ?? 0
        #expect(nearest >= distance * Float(ApollonianScenes.flyThroughShare) * 0.999, "\(nearest)")
    }

    @Test func atZoomOneThePackingStaysWhole() {
        // The ball the browsed spheres must lie in holds the whole container about any
        // target inside it, so zoom 1 drops nothing.
        let target = PackingBrowser.defaultTarget()
        let reach = ((target * target).sum()).squareRoot() + 1
        #expect(ApollonianScenes.browseClearance >= 2)
        #expect(ApollonianScenes.browseClearance > reach)
    }
}
