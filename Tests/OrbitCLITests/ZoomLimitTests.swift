import Cells
import Display
import Foundation
import Gestures
import Math3D
import SceneGraph
import Testing

@testable import OrbitCLI

/// Issue 14, point 3: zooming in stops with the camera outside the scene and the whole
/// near plane clear of it, for every scene, in the viewer and with headless `--zoom`.
@Suite struct ZoomLimitTests {
    static let modelFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/models")

    /// Every kind of scene: built in, generated, a test sphere and each sample model.
    static let scenes: [String] = {
        let models = (try? FileManager.default.contentsOfDirectory(atPath: modelFolder.path)) ?? []
        return ["earth", "apollonian", "sphere:400"]
            + models.sorted()
            .filter { ["obj", "stl", "dae", "gltf", "glb"].contains(($0 as NSString).pathExtension) }
            .map { modelFolder.appendingPathComponent($0).path }
    }()

    static func load(_ scene: String, zoom: String) throws -> (LoadedScene, MotionState) {
        let extra = scene == "apollonian" ? ["--level", "4"] : []
        let options = try ArgumentParser.parse(["render", scene, "--zoom", zoom] + extra).1
        let loaded = try SceneCatalog.load(options, forViewer: false)
        return (loaded, options.startingMotion(for: loaded))
    }

    /// Every vertex (sphere: its nearest point) of the posed scene, as the camera sees it,
    /// lies beyond the near plane.
    static func nearestDepth(_ scene: Scene) -> Float {
        let view = scene.camera.viewMatrix
        var nearest = Float.infinity
        for item in scene.drawList() {
            let toCamera = view * item.world
            if case .sphere(let r)? = item.mesh.primitive {
                let c = toCamera.transformPoint(.zero)
                let scale = length(toCamera.transformDirection(Vec3(1, 0, 0)))
                nearest = min(nearest, -c.z - r * scale)
                continue
            }
            for p in item.mesh.positions { nearest = min(nearest, -toCamera.transformPoint(p).z) }
        }
        return nearest
    }

    @Test(arguments: scenes)
    func pinchingInStopsOutsideTheScene(_ name: String) throws {
        let (loaded, start) = try Self.load(name, zoom: "1")
        var motion = start
        for _ in 0..<60 { motion.apply(.pinchOut) }
        #expect(motion.lastGestureDescription.hasSuffix("(limit)"), "\(motion.lastGestureDescription)")
        // Turned every which way, nothing comes closer than the near plane.
        for script in ["", "fling-up@0", "fling-left@0", "right@0 down@7 rotate@9"] {
            var m = motion
            if !script.isEmpty {
                let s = try GestureScript.parse(script)
                for frame in 0..<12 {
                    m.apply(s.gestures(atFrame: frame))
                    m.advance(ticks: 1)
                }
            }
            let posed = ViewerScene.posed(loaded.scene, by: m)
            #expect(Self.nearestDepth(posed) > posed.camera.near, "\(name) \(script)")
        }
    }

    @Test(arguments: scenes)
    func headlessZoomIsClampedTheSameWay(_ name: String) throws {
        let (_, pinched) = try Self.load(name, zoom: "1")
        var limit = pinched
        for _ in 0..<60 { limit.apply(.pinchOut) }
        let (loaded, motion) = try Self.load(name, zoom: "100")
        #expect(motion.zoom == limit.zoom)
        #expect(motion.zoom <= 4)
        // The picture is not empty (scenes with gaps, such as boxes apart, show few cells).
        let pipeline = FramePipeline(columns: 40, rows: 12, glyphs: .ascii, colors: .none)
        var setup = HeadlessCommands.Setup(loaded: loaded, motion: motion, script: nil, pipeline: pipeline)
        setup.renderFrame(0)
        setup.pipeline.encode()
        let covered = setup.pipeline.grid.textLines(colors: false).joined().filter { $0 != " " }.count
        #expect(covered > 0, "\(name): nothing drawn at the zoom limit")
    }

    @Test func theEarthStopsBeforeItsSurface() throws {
        let (loaded, motion) = try Self.load("earth", zoom: "100")
        let distance = motion.cameraDistance(base: loaded.scene.camera.distance)
        // The globe has radius 1: the eye stays outside it, the near plane too.
        #expect(distance - loaded.scene.camera.near > 1)
        #expect(distance < 1.1)
        // ... and the globe fills the whole view instead of an empty frame.
        let pipeline = FramePipeline(columns: 40, rows: 12, glyphs: .ascii, colors: .none)
        var setup = HeadlessCommands.Setup(loaded: loaded, motion: motion, script: nil, pipeline: pipeline)
        setup.renderFrame(0)
        setup.pipeline.encode()
        #expect(!setup.pipeline.grid.textLines(colors: false).joined().contains(" "))
    }
}
