import Display
import Foundation
import Gestures
import Math3D
import SceneGraph
import Testing

@testable import Viewer

/// Every row of the key table, pressed in the run loop (scripted terminal, fake clock),
/// changes what the session holds. The expectations are keyed by the row's keys: a row
/// without one, or one that does nothing, fails. The rows run in parallel, with the other
/// suites' sessions drawing: `s` names and places its file by plain string work
/// (`Screenshot.stamp`, `Screenshot.absolute`), no CoreFoundation string bridging.
@Suite struct KeyEffects {
    /// What pressing a row's keys must do.
    struct Effect {
        /// The scene and sources the row needs (levels, browsing, an animation).
        var config: () throws -> ViewerConfig = { ViewerConfig(scene: ViewerLoopTests.ball) }
        /// The input, from 0.2 s of the fake clock on; `q` follows at 1 s.
        var steps: [ScriptedTerminal.Step]
        /// `q` at 1 s waits for this on the output (work on other threads).
        var quitWhen: ((String) -> Bool)? = nil
        /// What holds afterwards (and the loop's status, terminal and session).
        var check: (Int32, ScriptedTerminal, ViewerSession) -> Bool
    }

    static func mouse(_ kind: MouseEvent.Kind, _ column: Int, at: Double) -> ScriptedTerminal.Step {
        ScriptedTerminal.Step(at: at, .mouse(MouseEvent(kind, column: column, row: 6, time: at)))
    }

    static var effects: [String: Effect] {
        [
            "Left / Right": Effect(steps: [.init(at: 0.2, .key(261))]) { _, _, s in
                s.motion.spinAxis == .y && s.motion.increment == 2
            },
            "Up / Down": Effect(steps: [.init(at: 0.2, .key(259))]) { _, _, s in
                s.motion.spinAxis == .x && s.motion.increment == -2
            },
            "Space": Effect(steps: [.init(at: 0.2, .key(261)), .key(" ", at: 0.3)]) { _, _, s in s.motion.isPaused },
            "+ = / -  wheel": Effect(steps: [.key("+", at: 0.2), .key("=", at: 0.3)]) { _, _, s in
                abs(s.motion.zoom - 1.21) < 1e-9
            },
            "r / R": Effect(steps: [.key("r", at: 0.2)]) { _, _, s in s.motion.roll == 5 },
            "v": Effect(steps: [.key("r", at: 0.2), .key("+", at: 0.25), .key("v", at: 0.3)]) { _, _, s in
                s.motion.roll == 0 && s.motion.zoom == 1
            },
            "s": Effect(steps: [.key("s", at: 0.2)]) { _, t, s in
                guard let note = s.hudNote, note.hasPrefix("saved " + s.screenshotFolder + "/") else { return false }
                return FileManager.default.fileExists(atPath: String(note.dropFirst("saved ".count)))
                    && t.text(from: 0.2).contains(note)
            },
            "p / n": Effect(
                config: { ViewerConfig(scene: ViewerScene(scene: try AnimationKeys.scene())) },
                steps: [.key("p", at: 0.2)]
            ) { _, _, s in s.animation?.playing == false },
            "< / >": Effect(
                config: { ViewerConfig(scene: ViewerScene(scene: try AnimationKeys.scene())) },
                steps: [.key("<", at: 0.2)]
            ) { _, _, s in s.animation?.speed == 0.5 },
            "mouse drag": Effect(steps: [mouse(.pressed, 10, at: 0.2), mouse(.moved, 20, at: 0.22)]) { _, _, s in
                s.motion.orientation != .identity
            },
            "click": Effect(
                steps: [
                    mouse(.pressed, 10, at: 0.2), mouse(.moved, 20, at: 0.22), mouse(.released, 30, at: 0.24),
                    mouse(.pressed, 5, at: 0.26), mouse(.released, 5, at: 0.26),
                ]
            ) { _, _, s in !s.motion.free.isMoving && s.motion.lastGestureDescription.hasPrefix("click -> ") },
            "0-9  [ ]": Effect(
                config: {
                    var config = ViewerConfig(scene: ViewerLoopTests.ball)
                    config.levels = LevelSource(range: 1...3, initial: 1) { level, _ in
                        ViewerScene(scene: ViewerLoopTests.ball.scene, label: "level \(level) ball")
                    }
                    return config
                },
                steps: [.key("3", at: 0.2), .key("[", at: 0.5, when: { $0.contains("level 3 ball") })],
                quitWhen: { $0.contains("level 2 ball") }
            ) { _, _, s in s.level == 2 },
            "W A S D  w a d": Effect(
                config: {
                    var config = ViewerConfig(scene: ViewerLoopTests.ball)
                    config.browse = BrowseSource(initial: BrowsePosition(center: SIMD3(0, 0, 0)), halfHeight: 1) {
                        _, _, _, _, _ in ViewerLoopTests.ball
                    }
                    return config
                },
                steps: [.key("w", at: 0.2)]
            ) { _, _, s in (s.flight?.position.center.y ?? 0) > 0 },
            "l": Effect(steps: [.key("l", at: 0.2)]) { _, _, s in s.showLegend },
            "m / c": Effect(steps: [.key("m", at: 0.2), .key("c", at: 0.3)]) { _, _, s in
                s.renderer.glyphSetName != "ascii" && s.renderer.colorDepthName.hasPrefix("truecolor")
            },
            "o": Effect(steps: [.key("o", at: 0.2)]) { _, _, s in s.renderer.outputName == "kitty" },
            // A model over the 200,000-triangle budget: `f` draws every triangle while turning.
            "f": Effect(config: { ViewerConfig(scene: BigModelDetail.big) }, steps: [.key("f", at: 0.2)]) { _, _, s in
                (s.renderer as? SceneRenderer)?.detailHUD == "full detail (key f)"
            },
            "Ctrl-L": Effect(steps: [.init(at: 0.2, .key(12))]) { _, t, _ in t.resets == 1 },
            "h / ?": Effect(steps: [.key("?", at: 0.2)]) { _, _, s in s.showHelp },
            // Ctrl-C quits: the script's own `q` is never read.
            "q  Esc  Ctrl-C": Effect(steps: [.init(at: 0.2, .key(3))]) { status, t, _ in status == 0 && !t.steps.isEmpty
            },
        ]
    }

    @Test(arguments: KeyTable.rows.map(\.keys)) func everyRowChangesTheSession(keys: String) throws {
        let effect = try #require(Self.effects[keys], "no expectation for the key row '\(keys)'")
        let clock = FakeClock()
        let t = ScriptedTerminal(
            columns: 120, rows: 16, clock: clock, steps: effect.steps + [.key("q", at: 1.0, when: effect.quitWhen)])
        let config = try effect.config()
        // ASCII cells without colour; the terminal shows kitty graphics too (for `o`).
        let settings = RendererSettings(
            glyphs: .ascii, utf8: false, colors: Detected(.none, .option), outputs: [.cells, .kitty])
        let renderer = try SceneRenderer(scene: config.scene, settings: settings)
        let s = ViewerSession(terminal: t, renderer: renderer, config: config, clock: clock, signals: { [] })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-keys-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        s.screenshotFolder = folder
        let status = s.run()
        #expect(t.gaveUp == nil, "\(t.gaveUp ?? "")")
        #expect(effect.check(status, t, s), "'\(keys)' had no effect: \(s.motion.lastGestureDescription)")
    }

    @Test func theStatusLineGivesTheScreenshotsFullPathWhileBrowsing() throws {
        let browse = try #require(Self.effects["W A S D  w a d"])
        let clock = FakeClock()
        let t = ScriptedTerminal(
            columns: 120, rows: 16, clock: clock, steps: [.key("w", at: 0.2), .key("s", at: 0.4), .key("q", at: 1.0)])
        let settings = RendererSettings(glyphs: .ascii, utf8: false, colors: Detected(.none, .option))
        let config = try browse.config()
        let s = ViewerSession(
            terminal: t, renderer: try SceneRenderer(scene: config.scene, settings: settings), config: config,
            clock: clock, signals: { [] })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-browse-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        s.screenshotFolder = folder
        #expect(s.run() == 0)
        #expect(s.flight != nil)
        let note = try #require(s.hudNote)
        #expect(note.hasPrefix("saved \(folder)/orbit-") && note.hasSuffix(".png"), "\(note)")
        #expect(t.text(from: 0.4).contains(note), "the status line does not show \(note)")
    }

    @Test func everyExpectationBelongsToARow() {
        #expect(Set(Self.effects.keys) == Set(KeyTable.rows.map(\.keys)))
    }
}
