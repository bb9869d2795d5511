import Math3D
import Testing

@testable import Gestures

@Suite struct FrameRateIndependence {
    /// One second of frames at `fps`, each advancing by the time since the last.
    static func oneSecond(fps: Int, from start: MotionState) -> MotionState {
        var m = start
        for _ in 0..<fps { m.advance(seconds: 1 / Double(fps)) }
        return m
    }

    @Test(arguments: [10, 24, 30, 60, 144])
    func spinSpeedPerSecondIsTheSameAtAnyFrameRate(fps: Int) {
        var start = MotionState()
        start.apply(.swipe(.right))
        start.apply(.swipe(.right))
        let m = Self.oneSecond(fps: fps, from: start)
        // 4 degrees per tick, 30 ticks per second: 120 degrees.
        #expect(abs(m.spunDegrees - 120) < 1e-9)
    }

    @Test func theEarthTurnsFifteenDegreesPerSecond() {
        var m = MotionState(spin: MotionState.earthSpin)
        m.advance(seconds: 2)
        #expect(abs(m.spunDegrees - 30) < 1e-9)
    }

    @Test(arguments: [10, 30, 60, 144])
    func momentumIsTheSameAtAnyFrameRate(fps: Int) {
        var start = MotionState()
        start.apply(.panEnded(velocityX: 0.5, velocityY: 0))
        var once = start
        once.advance(seconds: 0.5)
        var stepped = start
        for _ in 0..<(fps / 2) { stepped.advance(seconds: 1 / Double(fps)) }
        #expect(stepped.modelRotation.isApproximatelyEqual(to: once.modelRotation, tolerance: 1e-4))
    }

    @Test func anglesStayWithinAHalfTurnEitherWay() {
        var m = MotionState()
        m.apply(.swipe(.left))
        m.advance(seconds: 100)
        #expect(abs(m.spunDegrees) <= 180)
        // 100 s at -2 deg/tick: -6000 deg = -6000 + 17 * 360 = 120.
        #expect(abs(m.spunDegrees - 120) < 1e-6)
    }
}
