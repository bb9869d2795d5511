import Apollonian
import Cells
import Display
import Foundation
import Math3D
import SceneGraph
import Testing

@testable import OrbitCLI

/// Browsing the packing headless: `--zoom` far beyond 100 and `--center`, for the
/// packing only; deep frames hold spheres of many sizes, finite and in view units.
@Suite struct PackingBrowseTests {
    static func load(_ arguments: [String]) throws -> (Options, LoadedScene) {
        let options = try ArgumentParser.parse(["render"] + arguments).1
        return (options, try SceneCatalog.load(options, forViewer: false))
    }

    /// The sphere nodes' radii and centres in view units (the camera sees them so).
    static func spheres(_ scene: Scene) -> [(center: Vec3, radius: Float)] {
        scene.drawList().compactMap { item in
            guard case .sphere(let r)? = item.mesh.primitive else { return nil }
            return (item.world.transformPoint(.zero), r * length(item.world.transformDirection(Vec3(1, 0, 0))))
        }
    }

    /// The first frame of `loaded` as `options` starts it, rendered with `glyphs` and
    /// `colors`.
    static func rendered(
        _ loaded: LoadedScene, _ options: Options, glyphs: GlyphSet = .ascii, colors: ColorDepth = .none
    ) -> FramePipeline {
        let pipeline = FramePipeline(
            columns: options.columns, rows: options.rows, glyphs: glyphs, colors: colors,
            cellAspect: options.headlessCellAspect)
        var setup = HeadlessCommands.Setup(
            loaded: loaded, motion: options.startingMotion(for: loaded), script: nil, pipeline: pipeline)
        setup.renderFrame(0)
        return setup.pipeline
    }

    /// Cells of a rendered frame that are not blank.
    static func covered(_ loaded: LoadedScene, _ options: Options) -> Int {
        let pipeline = rendered(loaded, options)
        pipeline.encode()
        return pipeline.grid.textLines(colors: false).joined().filter { $0 != " " }.count
    }

    @Test(arguments: ["1e3", "1e6", "1e9"])
    func aDeepZoomShowsSpheresOfManySizes(_ zoom: String) throws {
        let (options, loaded) = try Self.load(["apollonian", "--zoom", zoom, "--size", "80x24"])
        #expect(loaded.browse != nil)
        // The motion's own zoom stays 1: the scene carries the magnification.
        #expect(options.startingMotion(for: loaded).zoom == 1)
        let spheres = Self.spheres(loaded.scene)
        #expect(spheres.count > 10)
        #expect(
            spheres.allSatisfy {
                $0.center.x.isFinite && $0.center.y.isFinite && $0.center.z.isFinite && $0.radius.isFinite
            })
        // In view units whatever the zoom: every sphere meets the view's ball (a few units).
        #expect(spheres.allSatisfy { length($0.center) - $0.radius < 5 })
        // Spheres of many sizes: at least four octaves of radius among those over a pixel
        // (a view unit is 24 rows x 2 pixels / 2.4 units = 20 pixels).
        let visible = spheres.filter { $0.radius > 0.05 }
        let octaves = Set(visible.map { Int(log2($0.radius).rounded(.down)) })
        #expect(octaves.count >= 4, "octaves of radius: \(octaves.sorted())")
        // Not one sphere filling the screen: none covers the whole view.
        #expect(!spheres.contains { length($0.center) + 3 < $0.radius })
        let cells = Self.covered(loaded, options)
        #expect(cells > 80 * 24 / 4, "\(cells) cells drawn")
    }

    @Test func theSceneIsTheBrowserRecordsRelativeToTheCentreAndScaled() throws {
        let (_, loaded) = try Self.load(["apollonian", "--zoom", "1e6", "--center", "0.1,0.2,0.3", "--size", "40x12"])
        let start = try #require(loaded.browse?.initial)
        // The centre is held in a nested frame; in outer radii it is the one given.
        #expect(length(BrowseFrame.root.convert(start.center, from: start.frame) - SIMD3(0.1, 0.2, 0.3)) < 1e-12)
        #expect(start.zoom == 1e6)
        let (_, other) = try Self.load(["apollonian", "--zoom", "1e6", "--size", "40x12"])
        let deep = try #require(other.browse?.initial)
        #expect(length(BrowseFrame.root.convert(deep.center, from: deep.frame) - PackingBrowser.defaultTarget()) < 1e-9)
        // The default target is in no sphere of the first generations, inside the container.
        let target = PackingBrowser.defaultTarget()
        #expect(length(target) < 1)
        for r in try PackingGenerator.records(PackingOptions(level: 4, minRadius: 0)) {
            #expect(length(r.center - target) > r.r, "inside \(r)")
        }
    }

    @Test(arguments: [
        (["earth", "--zoom", "1000"], "--zoom 1000.0: above 100 only for the browsed apollonian packing"),
        (["apollonian", "--level", "5", "--zoom", "1e6"], "without --level or --url"),
        (["earth", "--center", "0,0,0"], "'--center' does not apply to 'earth' (only to the apollonian packing)"),
        (
            ["apollonian", "--level", "3", "--center", "0,0,0"],
            "--center applies only to the browsed apollonian packing"
        ),
        (["apollonian", "--center", "1,2"], "--center wants X,Y,Z"),
        (["apollonian", "--center", "1,nan,2"], "--center wants X,Y,Z"),
        (["apollonian", "--zoom", "1e31"], "--zoom"),
    ])
    func largeZoomsAndCentresAreRefusedElsewhere(_ arguments: [String], _ message: String) throws {
        do {
            _ = try Self.load(arguments)
            Issue.record("accepted \(arguments)")
        } catch let error as CLIError {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.status == 2)
        }
    }

    @Test func withoutZoomOrCentreHeadlessFramesKeepTheLevel() throws {
        let (_, loaded) = try Self.load(["apollonian", "--size", "40x12"])
        #expect(loaded.browse == nil)
        #expect(loaded.label?.hasPrefix("level 7 ") == true)
    }
}
