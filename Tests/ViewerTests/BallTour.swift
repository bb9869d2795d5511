import Gestures
import Testing

@testable import Viewer

/// `orbit demo ball`: every step of the ball's tour does what its caption says.
@Suite struct BallTour {
    @Test func everyStepTiltsLevelsOrResetsTheBall() throws {
        var motion = MotionState()
        motion.attach(BallMotion())
        var said: [String] = []
        for step in DemoTour.ball.steps {
            guard let g = step.gesture else { continue }
            motion.apply(g)
            motion.advance(seconds: 4)
            said.append(motion.lastGestureDescription)
        }
        #expect(
            said == [
                "tilt left -> gravity (-0.4, 0.0)",
                "tilt left -> gravity (-0.8, 0.0)",
                "tilt down -> gravity (-0.8, 0.4)",
                "level -> gravity (0.0, 0.0)",
                "tilt up -> gravity (0.0, -0.4)",
                "tilt right -> gravity (0.4, -0.4)",
                "point -> gravity (-1.6, 1.4)",
                "reset -> ball in the middle, level",
            ])
        let ball = try #require(motion.ball)
        #expect(ball.tilt == .zero)
        #expect(ball.physics.position == BallMotion().physics.position, "the reset puts the ball back in the middle")
    }
}
