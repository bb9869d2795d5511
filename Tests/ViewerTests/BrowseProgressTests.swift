import Display
import Foundation
import Synchronization
import Testing

@testable import Viewer

/// The HUD says how far a browse build has come while it runs.
@Suite struct BrowseProgressTests {
    /// A source whose builds past zoom 1 report 40% done, then run until cancelled (or 20 s
    /// of real time).
    static func halfway() -> BrowseSource {
        BrowseSource(initial: BrowsePosition(center: SIMD3(0.1, 0, 0)), halfHeight: 1) {
            position, _, _, _, progress in
            if position.zoom > 1 { progress.report(0.4, "") }
            let deadline = Date().addingTimeInterval(20)
            while position.zoom > 1, !progress.isCancelled, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            if progress.isCancelled { throw CancellationError() }
            return ViewerScene(scene: ViewerLoopTests.ball.scene, label: "built at \(position.zoom)")
        }
    }

    @Test func theHUDShowsHowFarARunningBuildHasCome() throws {
        let clock = FakeClock()
        var config = ViewerConfig(scene: ViewerLoopTests.ball)
        config.browse = Self.halfway()
        let t = ScriptedTerminal(
            columns: 120, rows: 12, clock: clock,
            steps: [
                .key("+", at: 0.2),
                // The build reports after it started: the HUD follows without a key.
                .init(at: 0.3, when: { $0.contains("zoom 1.5 (x1.5)") && $0.contains("building 40%") }, .key(27)),
                .key("q", at: 0.4, when: { $0.contains("build cancelled") }),
            ])
        let s = try ViewerLoopTests.session(t, clock: clock, config: config)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil, "\(t.text.suffix(400))")
    }

    @Test func thePercentIsWholeAndAbsentBeforeTheFirstReport() {
        #expect(BrowseFlight.percent(0) == "")
        #expect(BrowseFlight.percent(0.4) == " 40%")
        #expect(BrowseFlight.percent(1) == " 100%")
    }
}
