import Assets
import Display
import Foundation
import Gestures
import Math3D
import OrbitResources
import SceneGraph
import Testing

@testable import Viewer

/// Kitty frames of the spinning Earth at 800x480 pixels over a 1 MB/s link: the throughput
/// measured from the status answers sets the render resolution, so at least 10 frames a
/// second arrive; without the measurements the full-size frames allow under 4.
@Suite struct SlowLinkTests {
    /// The built-in Earth, staged as `orbit earth` stages it.
    static func earth() throws -> ViewerScene {
        let path = try #require(OrbitResources.path(of: "earth.obj"))
        let node = try ModelLoader.load(path: path)
        let camera = Camera(position: Vec3(0, 0, 3), target: .zero, fieldOfView: .degrees(45), near: 0.02, far: 20)
        let sun = DirectionalLight(
            direction: Vec3(0.55, -0.3, -1), ambient: .black,
            diffuse: Color(linear: Vec3(repeating: 1)), specular: Color(linear: Vec3(repeating: 0.5)))
        return ViewerScene(
            scene: Scene(root: Node(name: "earth", children: [node]), camera: camera, light: sun), label: "earth")
    }

    /// Runs the viewer for `seconds` of link time on a 100x31 terminal (800x480 pixels of
    /// 8x16 cells above the status line); `measured` false keeps the measurements from
    /// the renderer.
    static func run(bytesPerSecond: Double, seconds: Double, measured: Bool, maxKbps: Int? = nil)
        throws -> (terminal: SlowLinkTerminal, renderer: SceneRenderer)
    {
        let clock = FakeClock()
        let terminal = SlowLinkTerminal(
            columns: 100, rows: 31, clock: clock, bytesPerSecond: bytesPerSecond, quitAt: seconds)
        var config = ViewerConfig(scene: try earth(), motion: MotionState(spin: 3))
        config.cellAspect = 0.5
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .option),
            output: Detected(.kitty, .option), outputs: [.cells, .kitty],
            cellSize: Detected(.standard, .option), threads: 2, maxKbps: maxKbps)
        let renderer = try SceneRenderer(scene: config.scene, settings: settings, now: { clock.now() })
        let session = ViewerSession(
            terminal: terminal, renderer: measured ? renderer : Unmeasured(renderer),
            config: config, clock: clock, signals: { [] })
        #expect(session.run() == 0)
        return (terminal, renderer)
    }

    @Test func aOneMegabyteLinkStillShowsTenFramesASecond() throws {
        let (terminal, renderer) = try Self.run(bytesPerSecond: 1_000_000, seconds: 8, measured: true)
        // After the first seconds (full size, then stepping down): the steady state.
        let frames = terminal.framesArrived(from: 3, to: 8)
        #expect(frames >= 50, "\(frames) frames in 5 s")
        // Rendered smaller; the terminal scales the image up to the same 800x480 area.
        #expect(renderer.glyphSetName != "kitty 800x480", "\(renderer.glyphSetName)")
    }

    @Test func withoutMeasurementsTheSameLinkFallsBelowTenFrames() throws {
        let (terminal, renderer) = try Self.run(bytesPerSecond: 1_000_000, seconds: 5, measured: false)
        let frames = terminal.framesArrived(from: 2, to: 5)
        #expect(frames < 30, "\(frames) frames in 3 s")
        #expect(renderer.glyphSetName == "kitty 800x480")
    }

    @Test func maxKbpsCapsAFastLink() throws {
        // 100 MB/s measured, but --max-kbps 8000 (1 MB/s): frames are made as small as on
        // the slow link.
        let (_, renderer) = try Self.run(bytesPerSecond: 100_000_000, seconds: 3, measured: true, maxKbps: 8000)
        #expect(renderer.glyphSetName != "kitty 800x480", "\(renderer.glyphSetName)")
    }
}

/// A renderer that never hears of the link's measurements.
final class Unmeasured: FrameRenderer {
    let inner: SceneRenderer
    init(_ inner: SceneRenderer) { self.inner = inner }
    var triangleCount: Int { inner.triangleCount }
    var glyphSetName: String { inner.glyphSetName }
    var colorDepthName: String { inner.colorDepthName }
    func nextGlyphSet() { inner.nextGlyphSet() }
    func nextColorDepth() { inner.nextColorDepth() }
    var outputName: String { inner.outputName }
    func nextOutput() { inner.nextOutput() }
    func removal() -> [UInt8] { inner.removal() }
    func linkMeasured(bytesPerSecond: Double, at time: Double) {}
    func setScene(_ scene: ViewerScene) { inner.setScene(scene) }
    func poseScene(_ body: (inout ViewerScene) -> Void) { inner.poseScene(body) }
    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
        inner.frame(columns: columns, rows: rows, motion: motion, full: full)
    }
}
