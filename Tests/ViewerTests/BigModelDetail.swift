import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// The viewer's renderer draws a big model's simplified copy while it turns, every
/// triangle when it is still or after key `f`, and says which in the HUD.
@Suite struct BigModelDetail {
    /// 2 x 512 x 256 = 262,144 triangles: over the 200,000 budget.
    static let big = ViewerScene(scene: Scene(root: Node(name: "big", mesh: .sphere(longitudes: 512, latitudes: 256))))

    static func renderer(_ scene: ViewerScene) throws -> SceneRenderer {
        let settings = RendererSettings(glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .fallback))
        return try SceneRenderer(scene: scene, settings: settings)
    }

    @Test func theHUDSaysWhichDetailEachFrameDrew() throws {
        let r = try Self.renderer(Self.big)
        // The copy is made on another thread: frames are full detail until it is there.
        let deadline = Date().addingTimeInterval(60)
        var turning = ""
        while Date() < deadline {
            _ = r.frame(columns: 30, rows: 10, motion: MotionState(spin: 2), full: false)
            turning = r.detailHUD ?? ""
            if turning.hasPrefix("turning: ") { break }
            #expect(turning == "full detail (simplifying for motion)")
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(turning.hasPrefix("turning: ") && turning.hasSuffix(" tris shown"), "\(turning)")
        _ = r.frame(columns: 30, rows: 10, motion: MotionState(), full: false)
        #expect(r.detailHUD == "still: full detail")
        r.toggleFullDetail()
        _ = r.frame(columns: 30, rows: 10, motion: MotionState(spin: 2), full: false)
        #expect(r.detailHUD == "full detail (key f)")
        r.toggleFullDetail()
        _ = r.frame(columns: 30, rows: 10, motion: MotionState(spin: 2), full: false)
        #expect(r.detailHUD == turning)
    }

    @Test func aSmallModelSaysNothingAndIgnoresTheKey() throws {
        let r = try Self.renderer(ViewerLoopTests.ball)
        r.toggleFullDetail()
        _ = r.frame(columns: 30, rows: 10, motion: MotionState(spin: 2), full: true)
        #expect(r.detailHUD == nil)
    }

    @Test func keyFTogglesFullDetail() {
        #expect(KeyTable.command(for: "f") == .toggleFullDetail)
    }
}
