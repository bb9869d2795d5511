import Math3D
import Testing

@testable import Gestures

@Suite struct FreeRotationMomentum {
    @Test func aDragToTheRightTurnsTheFrontToTheRight() {
        var m = MotionState()
        m.apply(.pan(dx: 0.5, dy: 0))  // half a view height: 90 degrees about +Y
        let front = m.modelRotation.act(Vec3(0, 0, 1))
        #expect(front.isApproximatelyEqual(to: Vec3(1, 0, 0), tolerance: 1e-5))
    }

    @Test func aDragDownTurnsTheFrontDown() {
        var m = MotionState()
        m.apply(.pan(dx: 0, dy: 0.25))  // 45 degrees about +X
        let front = m.modelRotation.act(Vec3(0, 0, 1))
        let s = Float(0.5).squareRoot()
        #expect(front.isApproximatelyEqual(to: Vec3(0, -s, s), tolerance: 1e-5))
    }

    @Test func aDiagonalDragTurnsAboutThePerpendicularAxis() {
        var m = MotionState()
        m.apply(.pan(dx: 0.1, dy: 0.1))
        let axis = m.modelRotation.axis
        let s = Float(0.5).squareRoot()
        #expect(axis.isApproximatelyEqual(to: Vec3(s, s, 0), tolerance: 1e-5))
        #expect(abs(m.modelRotation.angle.degrees - 180 * 0.1 * 2.0.squareRoot()) < 1e-3)
    }

    @Test func momentumSlowsDownAndComesToRest() {
        var m = MotionState()
        m.apply(.panEnded(velocityX: 1, velocityY: 0))
        #expect(m.free.speed == 180)
        #expect(m.isAnimating)
        var speeds: [Double] = []
        for _ in 0..<150 {
            m.advance(seconds: 1.0 / 30)
            speeds.append(m.free.speed)
        }
        #expect(zip(speeds, speeds.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(speeds.last == 0)
        #expect(!m.isAnimating)
        // At rest it stays put.
        let rested = m.modelRotation
        m.advance(seconds: 10)
        #expect(m.modelRotation == rested)
    }

    @Test func theMomentumTurnsAboutItsIntegral() {
        // speed 90 deg/s, decay 0.6 s: after 0.6 s it has turned 90 * 0.6 * (1 - 1/e).
        var m = MotionState()
        m.apply(.panEnded(velocityX: 0.5, velocityY: 0))
        m.advance(seconds: 0.6)
        let expected = 90 * 0.6 * (1 - 1 / 2.718281828459045)
        #expect(abs(m.modelRotation.angle.degrees - expected) < 1e-3)
        #expect(abs(m.free.speed - 90 / 2.718281828459045) < 1e-9)
    }

    @Test func aClickStopsTheMomentum() {
        var m = MotionState()
        m.apply(.panEnded(velocityX: 1, velocityY: 0))
        m.advance(seconds: 0.1)
        m.apply(.click)
        #expect(!m.free.isMoving)
        let stopped = m.modelRotation
        m.advance(seconds: 1)
        #expect(m.modelRotation == stopped)
        #expect(m.lastGestureDescription == "click -> stop")
    }

    @Test func aPressCatchesTheModel() {
        var m = MotionState()
        m.apply(.panEnded(velocityX: 1, velocityY: 0))
        m.apply(.panBegan)
        #expect(!m.free.isMoving)
        #expect(m.lastGestureDescription == "press -> caught")
    }

    @Test func aSlowReleaseLeavesTheModelAtRest() {
        var m = MotionState()
        m.apply(.panEnded(velocityX: 0.001, velocityY: 0))
        #expect(!m.free.isMoving)
        #expect(m.lastGestureDescription == "release -> at rest")
    }

    @Test func aSpinAfterADragTurnsAboutTheScreenAxis() {
        var m = MotionState()
        m.apply(.pan(dx: 0, dy: 0.5))  // front turned to face down (-Y), top towards the viewer
        let dragged = m.modelRotation
        m.apply(.swipe(.right))
        #expect(m.modelRotation.isApproximatelyEqual(to: dragged, tolerance: 1e-6))
        m.advance(ticks: 45)  // 90 degrees about the screen's vertical axis
        // The model's +X axis is untouched by the drag, then carried from +X to -Z.
        let x = m.modelRotation.act(Vec3(1, 0, 0))
        #expect(x.isApproximatelyEqual(to: Vec3(0, 0, -1), tolerance: 1e-5))
        // The model's top, turned towards the viewer by the drag, stays on the spin axis' plane.
        let top = m.modelRotation.act(Vec3(0, 1, 0))
        #expect(top.isApproximatelyEqual(to: Vec3(1, 0, 0), tolerance: 1e-5))
    }
}
