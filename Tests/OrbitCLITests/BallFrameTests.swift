import Cells
import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import OrbitCLI

/// The ball on rendered frames (`orbit render ball`): it falls the way the tilt points,
/// it stays whole inside the view, and the same script gives the same frames at any
/// frame rate.
@Suite struct BallFrames {
    static let columns = 60, rows = 20

    /// `orbit render ball --size 60x20 --glyphs braille` with a script, set up for frames.
    func setup(_ script: String?, colors: ColorDepth = .truecolor) throws -> HeadlessCommands.Setup {
        var args = [
            "render", "ball", "--size", "\(Self.columns)x\(Self.rows)", "--glyphs", "braille", "--colors",
            colors.rawValue,
        ]
        if let script { args += ["--gestures", script] }
        let options = try ArgumentParser.parse(args).1
        return try HeadlessCommands.setup(options, environment: [:])
    }

    /// Moves on one frame as `renderFrame` does, without drawing it.
    static func skip(_ s: inout HeadlessCommands.Setup, frame: Int) {
        if let script = s.script { s.motion.apply(script.gestures(atFrame: frame)) }
        s.motion.advance(ticks: 1)
    }

    /// The centre of the ball's pixels (red, unlike the blue floor, the grey walls and the
    /// yellow arrow) and how many there are.
    static func ball(in pipeline: FramePipeline) throws -> (x: Double, y: Double, count: Int) {
        let image = try #require(pipeline.snapshotImage())
        var sx = 0.0
        var sy = 0.0
        var n = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = SIMD3<Double>(image[x, y])
                if p.x > 90 && p.x > 1.6 * p.y && p.x > 1.6 * p.z {
                    sx += Double(x)
                    sy += Double(y)
                    n += 1
                }
            }
        }
        try #require(n > 0, "no ball pixels")
        return (sx / Double(n) / Double(image.width), sy / Double(n) / Double(image.height), n)
    }

    @Test(arguments: [
        ("tilt-left", -1.0, 0.0), ("tilt-right", 1, 0), ("tilt-up", 0, -1), ("tilt-down", 0, 1),
        ("tilt-up@0 tilt-right", 1, -1),
    ])
    func theBallFallsTheWayTheTiltPoints(_ verbs: String, _ dx: Double, _ dy: Double) throws {
        var s = try setup("\(verbs)@0")
        s.renderFrame(0)
        let start = try Self.ball(in: s.pipeline)
        #expect(abs(start.x - 0.5) < 0.03 && abs(start.y - 0.5) < 0.05, "starts in the middle: \(start)")
        for frame in 1..<60 { Self.skip(&s, frame: frame) }
        s.renderFrame(60)
        let end = try Self.ball(in: s.pipeline)
        let moved = (x: end.x - start.x, y: end.y - start.y)
        // Pulled for 2 s, the ball is well over towards the side it was tilted to.
        if dx != 0 {
            #expect(moved.x * dx > 0.25, "\(verbs): moved \(moved)")
        } else {
            #expect(abs(moved.x) < 0.02, "\(verbs): moved \(moved)")
        }
        if dy != 0 {
            #expect(moved.y * dy > 0.2, "\(verbs): moved \(moved)")
        } else {
            #expect(abs(moved.y) < 0.02, "\(verbs): moved \(moved)")
        }
    }

    @Test func theBallStaysWholeInsideTheView() throws {
        var s = try setup(
            "tilt-left@0 tilt-up@0 tilt-up@30 tilt-right@45 tilt-right@46 tilt-right@47 "
                + "tilt-down@60 tilt-down@61 tilt-down@62 level@120"
        )
        s.renderFrame(0)
        let whole = try Self.ball(in: s.pipeline).count
        for frame in 1...180 {
            guard frame % 3 == 0 else {
                Self.skip(&s, frame: frame)
                continue
            }
            s.renderFrame(frame)
            let b = try Self.ball(in: s.pipeline)
            // The arrow and perspective change a few pixels; a ball cut by the view's edge loses far more.
            #expect(Double(b.count) > 0.85 * Double(whole), "frame \(frame): \(b.count) of \(whole) ball pixels")
        }
    }

    @Test func theSameScriptGivesTheSameFramesAtAnyFrameRate() throws {
        let script = "tilt-right@0 tilt-down@10 tilt-down@11 tilt-left@40 level@70"
        // The headless frames: frame n shows the moment n/30 s.
        var headless = try setup(script, colors: .ansi256)
        var expected: [String] = []
        for frame in 0...90 {
            guard frame % 30 == 0 && frame > 0 else {
                Self.skip(&headless, frame: frame)
                continue
            }
            headless.renderFrame(frame)
            do {
                headless.pipeline.encode()
                expected.append(headless.pipeline.grid.textLines(colors: true).joined(separator: "\n"))
            }
        }
        #expect(Set(expected).count == 3, "the frames differ from second to second")
        for fps in [7, 24, 60, 144] {
            let s = try setup(nil, colors: .ansi256)
            var motion = s.motion
            var player = ScriptPlayer(script: try GestureScript.parse(script))
            var frames: [String] = []
            for frame in 1...(3 * fps) {
                player.play(&motion, seconds: 1 / Double(fps), until: Double(frame) / Double(fps))
                if frame % fps == 0 {
                    s.pipeline.render(ViewerScene.posed(s.loaded.scene, by: motion))
                    s.pipeline.encode()
                    frames.append(s.pipeline.grid.textLines(colors: true).joined(separator: "\n"))
                }
            }
            #expect(frames == expected, "\(fps) fps")
        }
    }

    @Test(arguments: GlyphSet.allCases)
    func theBallShowsInEveryGlyphSetAndColourDepth(_ glyphs: GlyphSet) throws {
        for colors in ColorDepth.allCases {
            let options = try ArgumentParser.parse([
                "render", "ball", "--size", "40x12", "--glyphs", glyphs.rawValue,
                "--colors", colors.rawValue,
            ]).1
            var s = try HeadlessCommands.setup(options, environment: [:])
            s.renderFrame(0)
            s.pipeline.encode()
            let grid = s.pipeline.grid
            // The box fills the view: no cell is left uncovered.
            for r in 0..<grid.rows {
                for c in 0..<grid.columns {
                    #expect(grid[c, r].glyph != " ", "\(glyphs) \(colors): cell \(c),\(r) uncovered")
                }
            }
            // The ball in the middle is drawn unlike the floor beside it.
            let ballCells = (5...7).flatMap { r in (17...23).map { c in grid[c, r] } }
            #expect(ballCells.contains { $0 != grid[12, 6] }, "\(glyphs) \(colors): the ball does not show")
        }
    }

    @Test func aRecordingOfTheBallShowsTheTiltInItsStatusLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-ball-\(UUID()).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let status = OrbitCLI.main(
            [
                "render", "ball", "--size", "60x20", "--record", path, "--frames", "20",
                "--gestures", "tilt-left@0 tilt-left@0 tilt-left@0 level@10",
            ], environment: [:])
        #expect(status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\": 2"))
        #expect(text.contains("tilt left -> gravity (-1.2, 0.0)"))
        #expect(text.contains("level -> gravity (0.0, 0.0)"))
    }
}
