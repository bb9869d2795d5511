import Math3D
import Testing

@testable import Gestures

/// The HUD text never outlives what it describes (issue 14, point 5), and the options
/// users asked for: friction and reset (point 8).
@Suite struct HonestDescriptions {
    @Test func momentumTextFollowsTheSpeedAndSaysWhenItStopped() {
        var m = MotionState()
        m.apply(.panEnded(velocityX: 0.75, velocityY: 0))
        #expect(m.lastGestureDescription == "release -> momentum 135 deg/s")
        m.advance(seconds: 0.6)
        #expect(m.lastGestureDescription == "release -> momentum 50 deg/s")
        m.advance(seconds: 5)
        #expect(!m.free.isMoving)
        #expect(m.lastGestureDescription == "release -> momentum stopped")
    }

    @Test func aClickSaysStopOnlyWhenItStoppedSomething() {
        var spinning = MotionState(spin: 0.5)
        spinning.apply(.click)
        #expect(spinning.lastGestureDescription == "click -> nothing to stop (tap pauses the spin)")
        spinning.apply(.panEnded(velocityX: 1, velocityY: 0))
        spinning.apply(.click)
        #expect(spinning.lastGestureDescription == "click -> momentum stopped, spin Y +0.5 deg/tick goes on")
        var still = MotionState()
        still.apply(.click)
        #expect(still.lastGestureDescription == "click -> nothing to stop")
        still.apply(.panEnded(velocityX: 1, velocityY: 0))
        still.apply(.click)
        #expect(still.lastGestureDescription == "click -> stop")
        #expect(!still.isAnimating)
    }

    @Test func frictionSlowsASwipeToAStopTheSameAtAnyFrameRate() {
        var start = MotionState(friction: 1)
        start.apply(.swipe(.right))
        #expect(start.lastGestureDescription == "swipe right -> spin Y +2 deg/tick (slowing)")
        var once = start
        once.advance(seconds: 1)
        var stepped = start
        for _ in 0..<60 { stepped.advance(seconds: 1.0 / 60) }
        #expect(stepped.modelRotation.isApproximatelyEqual(to: once.modelRotation, tolerance: 1e-4))
        // 2 deg/tick = 60 deg/s, slowing at rate 1/s: after 1 s, 60 (1 - 1/e) = 37.9 degrees.
        #expect(abs(once.spunDegrees - 60 * (1 - 1 / 2.718281828459045)) < 1e-6)
        var later = once
        later.advance(seconds: 10)
        #expect(!later.isSpinning)
        #expect(later.lastGestureDescription == "swipe right -> spin slowed to a stop")
        // Nearly the whole 60 degrees of the integral, then still.
        let rest = later.modelRotation
        later.advance(seconds: 1)
        #expect(later.modelRotation == rest)
        // A new swipe starts again at 2 degrees per tick, not at double zero.
        later.apply(.swipe(.right))
        #expect(later.increment == 2)
    }

    @Test func withoutFrictionTheSpinIsConstant() {
        var m = MotionState()
        m.apply(.swipe(.right))
        m.advance(seconds: 100)
        #expect(m.isSpinning)
        #expect(m.increment == 2)
    }

    @Test func resetReturnsToTheStartingView() {
        var m = MotionState(spin: 0.5, yaw: 30, zoom: 1.5)
        let start = m
        m.apply([.swipe(.up), .pinchOut, .pinchOut, .panEnded(velocityX: 1, velocityY: 0.3)])
        m.advance(seconds: 2)
        m.apply(.tap)
        m.apply(.rotate)
        #expect(!m.modelRotation.isApproximatelyEqual(to: start.modelRotation, tolerance: 1e-3))
        m.apply(.resetView)
        #expect(m.modelRotation.isApproximatelyEqual(to: start.modelRotation, tolerance: 1e-6))
        #expect(m.zoom == 1.5)
        #expect(m.increment == 0.5 && m.isSpinning && m.spinAxis == .y)
        #expect(m.roll == 0)
        #expect(!m.free.isMoving)
        #expect(m.lastGestureDescription == "reset -> start view")
    }

    @Test func theZoomLimitSaysSoAndAStartBeyondItIsClamped() {
        var m = MotionState(zoom: 10, zoomRange: 0.25...2.5)
        #expect(m.zoom == 2.5)
        #expect(m.isAtZoomLimit)
        m.apply(.pinchIn)
        #expect(!m.isAtZoomLimit)
        m.apply(.pinchOut)
        #expect(m.lastGestureDescription == "pinch out -> zoom 2.50x (limit)")
    }
}
