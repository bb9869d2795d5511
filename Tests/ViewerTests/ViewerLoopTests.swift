import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// The viewer's run loop without a terminal (issue 12): a scripted terminal and a fake
/// clock drive it through keys, resizes, help, levels and quitting; the assertions read
/// the bytes it writes.
@Suite struct ViewerLoopTests {
    /// A cube: unlike a ball, every turn of it changes the picture.
    static let ball = ViewerScene(
        scene: Scene(root: Node(name: "cube", mesh: .cube(size: 1.2), material: .default)),
        label: "ball")

    /// A session on `terminal` with ASCII cells and no colour.
    static func session(
        _ terminal: ScriptedTerminal, clock: FakeClock, config: ViewerConfig = ViewerConfig(scene: ball),
        signals: @escaping () -> [Int32] = { [] }
    ) throws -> ViewerSession {
        let settings = RendererSettings(glyphs: .ascii, utf8: false, colors: Detected(.none, .option))
        let renderer = try SceneRenderer(scene: config.scene, settings: settings)
        return ViewerSession(terminal: terminal, renderer: renderer, config: config, clock: clock, signals: signals)
    }

    @Test func aKeyBecomesMotionAndTheMotionFrames() throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            clock: clock,
            steps: [
                .init(at: 0.5, .key(261)),  // Right
                .key("q", at: 1.0),
            ])
        let s = try Self.session(t, clock: clock)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil)
        // Still before the key: one frame (the first, with a clear), then nothing at all.
        #expect(t.writeTimes.filter { $0 < 0.5 }.count == 1)
        #expect(t.writes.first.map { String(decoding: $0, as: UTF8.self).contains("\u{1B}[2J") } == true)
        #expect(t.text(from: 0).contains(" still | "))
        // After it: the spin, in the HUD and in frames at about 30 per second of clock.
        #expect(s.motion.spinAxis == .y && s.motion.increment == 2)
        let after = t.text(from: 0.5)
        #expect(after.contains("swipe right -> spin Y +2 deg/tick"))
        // A frame is written only when cells change, at most 30 per second of clock.
        let times = t.writeTimes.filter { $0 >= 0.5 && $0 < 1.0 }
        #expect(times.count >= 5 && times.count <= 16, "\(times.count) frames in half a second: \(times)")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 > 0.03 }, "\(times)")
        #expect(Set(t.writes.suffix(5).map { $0 }).count == 5, "the picture did not change from frame to frame")
    }

    @Test func aResizeClearsAndDrawsAtTheNewSize() throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            columns: 40, rows: 12, clock: clock,
            steps: [
                .init(at: 0.3, .resize, newSize: (60, 20)),
                .key("q", at: 0.6),
            ])
        let s = try Self.session(t, clock: clock)
        #expect(s.run() == 0)
        #expect(t.resets == 1)
        let after = t.text(from: 0.3)
        #expect(after.contains("\u{1B}[2J"))
        #expect(after.contains("\u{1B}[20;1H\u{1B}[7m"), "the HUD is not on row 20")
        #expect(!String(decoding: t.writes[0], as: UTF8.self).contains("\u{1B}[20;1H"))
    }

    @Test func aScreenTooSmallShowsANoticeThenDrawsAgain() throws {
        let clock = FakeClock()
        var phases: [ScreenPhase] = []
        let t = ScriptedTerminal(
            columns: 40, rows: 12, clock: clock,
            steps: [
                .init(at: 0.2, .resize, newSize: (19, 12)),
                .init(at: 0.5, .resize, newSize: (40, 12)),
                .key("q", at: 0.8),
            ])
        let s = try Self.session(t, clock: clock)
        #expect(s.run() == 0)
        phases.append(s.phase)
        let small = t.text(from: 0.2)
        let notice = try #require(small.range(of: "terminal too small"))
        let redrawn = try #require(t.text(from: 0.5).range(of: "\u{1B}[2J"))
        #expect(!t.text(from: 0.5).contains("too small"))
        #expect(!notice.isEmpty && !redrawn.isEmpty)
        #expect(phases == [.drawing])
    }

    @Test func helpOpensAndEscClosesItBeforeQuitting() throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            clock: clock,
            steps: [
                .key("h", at: 0.2),
                .init(at: 0.4, .key(27)),  // Esc closes the help, does not quit
                .key("q", at: 0.6),
            ])
        let s = try Self.session(t, clock: clock)
        #expect(s.run() == 0)
        let shown = t.writeTimes.indices.filter { t.writeTimes[$0] >= 0.2 && t.writeTimes[$0] < 0.4 }
        #expect(shown.contains { String(decoding: t.writes[$0], as: UTF8.self).contains("orbit keys") })
        #expect(!s.showHelp)
        #expect(t.writeTimes.contains { $0 >= 0.4 }, "nothing redrawn after the help closed")
    }

    @Test func aLevelKeyLoadsTheLevelAndTheHUDSaysSo() throws {
        let clock = FakeClock()
        let levels = LevelSource(range: 1...3, initial: 1) { level, progress in
            progress.report(0.5, "making level \(level)")
            return ViewerScene(scene: Self.ball.scene, label: "level \(level) ball")
        }
        var config = ViewerConfig(scene: Self.ball)
        config.levels = levels
        let t = ScriptedTerminal(
            columns: 60, rows: 16, clock: clock,
            steps: [
                .key("2", at: 0.2),
                .key("q", at: 0.4, when: { $0.contains("level 2 ball") }),
            ])
        let s = try Self.session(t, clock: clock, config: config)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil, "\(t.gaveUp ?? "")")
        #expect(s.level == 2)
        #expect(s.label == "level 2 ball")
    }

    @Test func aSignalEndsTheLoopWithItsStatus() throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [.init(at: 0.5, .key(261))])
        var calls = 0
        let s = try Self.session(
            t, clock: clock,
            signals: {
                calls += 1
                return clock.time - t.start > 0.7 ? [SIGTERM] : []
            })
        #expect(s.run() == 128 + SIGTERM)
        #expect(calls > 1)
        #expect(t.gaveUp == nil)
    }

    @Test func repaintRequestsOnlyGrow() throws {
        let clock = FakeClock()
        let s = try Self.session(ScriptedTerminal(clock: clock, steps: []), clock: clock)
        #expect(s.repaint == .clear)
        s.request(.frame)
        #expect(s.repaint == .clear)
        #expect(Repaint.none < .frame && Repaint.frame < .fullImage && Repaint.fullImage < .clear)
    }
}
