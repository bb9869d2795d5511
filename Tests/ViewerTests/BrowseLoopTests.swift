import Display
import Foundation
import Gestures
import Math3D
import SceneGraph
import Synchronization
import Testing

@testable import Viewer

/// Browsing in the run loop: the wheel zooms towards the pointer, `+` towards the centre,
/// builds run off the loop and the last one is for the latest position.
@Suite struct BrowseLoopTests {
    /// The positions builds were asked for, and the cell shapes.
    final class Asked: Sendable {
        let list = Mutex<[BrowsePosition]>([])
        let cellAspects = Mutex<[Double]>([])
    }

    /// A source whose builds are slow and remembered.
    static func source(_ asked: Asked) -> BrowseSource {
        BrowseSource(initial: BrowsePosition(center: SIMD3(0.1, 0, 0)), halfHeight: 1) {
            position, _, _, cellAspect, _ in
            asked.list.withLock { $0.append(position) }
            asked.cellAspects.withLock { $0.append(cellAspect) }
            Thread.sleep(forTimeInterval: 0.05)
            return ViewerScene(scene: ViewerLoopTests.ball.scene, label: "built at \(position.zoom)")
        }
    }

    @Test func theWheelZoomsTowardsThePointerAndBuildsFollowTheLatestPosition() throws {
        let clock = FakeClock()
        let asked = Asked()
        var config = ViewerConfig(scene: ViewerLoopTests.ball)
        config.browse = Self.source(asked)
        // The terminal's cells (as detected): 9x16 pixels.
        config.cellAspect = 9.0 / 16
        let wheel = { (at: Double) in
            ScriptedTerminal.Step(at: at, .mouse(MouseEvent(.scrollUp, column: 0, row: 0, time: at)))
        }
        let t = ScriptedTerminal(
            columns: 120, rows: 12, clock: clock,
            steps: [
                wheel(0.2), wheel(0.21), wheel(0.22),
                .key("+", at: 0.3),
                // The HUD names the zoom and what the last key did (`+`: x1.5), and the
                // build shown is the one for it.
                .key("q", at: 0.5, when: { $0.contains("zoom 5.06 (x1.5) | built at 5.0625") }),
            ])
        let s = try ViewerLoopTests.session(t, clock: clock, config: config)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil, "\(t.text.suffix(400))")
        let flight = try #require(s.flight)
        // Four steps of 1.5; the HUD said so once the last build arrived.
        #expect(abs(flight.position.zoom - 5.0625) < 1e-12)
        // The last build was for the position shown; builds were not one per event.
        let positions = asked.list.withLock { $0 }
        #expect(positions.last == flight.position)
        #expect(flight.built.position == flight.position)
        #expect(positions.count <= 6, "\(positions.count) builds")
        // Every build saw the terminal's cell shape, not the headless default.
        #expect(asked.cellAspects.withLock { $0 }.allSatisfy { $0 == 9.0 / 16 })
        // The wheel zoomed towards the top-left corner: the centre moved up and left
        // (the scene is not turned), `+` kept it.
        #expect(flight.position.center.x < 0.1 && flight.position.center.y > 0)
    }

    /// A source whose builds after the first run until cancelled (or 20 s of real time).
    static func endless(_ asked: Asked) -> BrowseSource {
        BrowseSource(initial: BrowsePosition(center: SIMD3(0.1, 0, 0)), halfHeight: 1) {
            position, _, _, _, progress in
            asked.list.withLock { $0.append(position) }
            let deadline = Date().addingTimeInterval(20)
            while position.zoom > 1, !progress.isCancelled, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            if progress.isCancelled { throw CancellationError() }
            return ViewerScene(scene: ViewerLoopTests.ball.scene, label: "built at \(position.zoom)")
        }
    }

    @Test func keysAreHandledWhileABuildRunsAndEscCancelsIt() throws {
        let clock = FakeClock()
        let asked = Asked()
        var config = ViewerConfig(scene: ViewerLoopTests.ball)
        config.browse = Self.endless(asked)
        let t = ScriptedTerminal(
            columns: 120, rows: 12, clock: clock,
            steps: [
                .key("+", at: 0.2),
                // The build for zoom 1.5 never ends by itself; the next `+` is shown at
                // once, with the HUD saying a build runs.
                .key(
                    "+", at: 0.3,
                    when: { text in
                        text.contains("zoom 1.5 (x1.5)") && text.contains("building")
                            && asked.list.withLock { $0.contains { $0.zoom == 1.5 } }
                    }),
                .init(at: 0.4, when: { $0.contains("zoom 2.25 (x1.5)") }, .key(27)),
                .key("q", at: 0.5, when: { $0.contains("build cancelled") }),
            ])
        let s = try ViewerLoopTests.session(t, clock: clock, config: config)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil, "\(t.text.suffix(400))")
        let flight = try #require(s.flight)
        #expect(flight.position.zoom == 2.25)
        // The last build asked for is the cancelled one; none after Esc.
        #expect(asked.list.withLock { $0 }.last?.zoom == 1.5)
        #expect(flight.job == nil && flight.held)
    }

    @Test func thePointUnderThePointerStaysThereWhateverTheTurn() {
        let source = BrowseSource(initial: BrowsePosition(center: SIMD3(0.2, -0.1, 0.3), zoom: 1e6), halfHeight: 1.2) {
            _, _, _, _, _ in
            ViewerLoopTests.ball
        }
        var flight = BrowseFlight(source: source, scene: ViewerLoopTests.ball)
        let turn = Quaternion(angle: .degrees(37), axis: normalize(Vec3(1, 2, 0.5)))
        let point = flight.point(x: 0.7, y: -0.4, rotation: turn)
        flight.zoom(by: 1.5, x: 0.7, y: -0.4, rotation: turn)
        // The same point, seen from the new position: still at (0.7, -0.4) on screen.
        let offset = (point - flight.position.center) * flight.position.zoom
        let seen = turn.act(Vec3(Float(offset.x), Float(offset.y), Float(offset.z)))
        #expect(abs(seen.x - 0.7) < 1e-4 && abs(seen.y + 0.4) < 1e-4 && abs(seen.z) < 1e-4, "\(seen)")
        #expect(flight.position.zoom == 1.5e6)
        // Moving right by one step shifts the view a quarter of its half height, on screen.
        let before = flight.position.center
        flight.move(dx: 1, dy: 0, rotation: turn)
        let d = (flight.position.center - before) * flight.position.zoom
        let moved = turn.act(Vec3(Float(d.x), Float(d.y), Float(d.z)))
        #expect(abs(moved.x - 0.3) < 1e-4 && abs(moved.y) < 1e-4, "\(moved)")
    }
}
