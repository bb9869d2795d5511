import Testing

@testable import Gestures

/// The same script gives the same ball at the same moment whatever the frame rate: the
/// script player applies each gesture at its own moment and the physics runs on fixed
/// 60 Hz ticks.
@Suite struct BallFrameRateIndependence {
    static let script = try? GestureScript.parse(
        "tilt-right@0 tilt-right@3 tilt-down@17 tilt-up@40 tilt-left@41 level@75 tilt-up@100")

    /// Runs the script at `fps` frames per second, as the viewer does, and returns the
    /// ball at every whole second up to `seconds`.
    static func run(fps: Int, seconds: Int) throws -> [BallPhysics] {
        var motion = MotionState()
        motion.ball = BallMotion()
        var player = ScriptPlayer(script: try #require(script))
        var samples: [BallPhysics] = []
        let dt = 1.0 / Double(fps)
        for frame in 1...(fps * seconds) {
            player.play(&motion, seconds: dt, until: Double(frame) * dt)
            if frame % fps == 0, let b = motion.ball { samples.append(b.physics) }
        }
        return samples
    }

    @Test func theSameScriptGivesTheSameBallAtAnyFrameRate() throws {
        let reference = try Self.run(fps: 60, seconds: 6)
        #expect(reference.count == 6)
        #expect(Set(reference.map(\.position)).count == 6, "the ball moves between samples")
        for fps in [7, 24, 30, 144] {
            let other = try Self.run(fps: fps, seconds: 6)
            #expect(other == reference, "\(fps) fps")
        }
    }

    @Test func scriptedTiltsParse() throws {
        let s = try GestureScript.parse("tilt-left@0 tilt-right@1 tilt-up@2 tilt-down@3 level@4")
        #expect(s.entries.map(\.gesture) == [.tilt(.left), .tilt(.right), .tilt(.up), .tilt(.down), .level])
    }
}
