import Math3D
import Testing

@testable import Gestures

@Suite struct RollAndZoomRules {
    @Test func rotateRollsFiveDegreesInPrespin() {
        var m = MotionState()
        m.apply(.rotate)
        m.apply(.rotate)
        #expect(m.roll == 10)
        m.apply(.rotateBack)
        #expect(m.roll == 5)
        #expect(m.lastGestureDescription == "rotate back -> roll Z +5 deg")
    }

    @Test func rotateWorksWhilePaused() {
        var m = MotionState(spin: 0.5)
        m.apply(.tap)
        m.apply(.rotateBack)
        #expect(m.roll == -5)
    }

    @Test func rotateDoesNothingWhileSpinning() {
        var m = MotionState()
        m.apply(.swipe(.left))
        m.apply(.rotate)
        #expect(m.roll == 0)
        #expect(m.lastGestureDescription == "rotate -> nothing while spinning")
    }

    @Test func rollIsKeptWhenTapResumesTheSpin() {
        var m = MotionState()
        m.apply(.swipe(.left))
        m.apply(.tap)
        m.apply(.rotate)
        let rolled = m.modelRotation
        m.apply(.tap)
        #expect(m.roll == 5)
        #expect(m.modelRotation.isApproximatelyEqual(to: rolled, tolerance: 1e-6))
        m.advance(ticks: 5)
        // The spin (-10 deg about Y) turns on top of the rolled orientation.
        let expected = Quaternion(angle: .degrees(-10), axis: Vec3(0, 1, 0)) * rolled
        #expect(m.modelRotation.isApproximatelyEqual(to: expected, tolerance: 1e-5))
    }

    @Test func rollIsKeptWhenASwipeStartsTheSpin() {
        var m = MotionState()
        m.apply(.rotate)
        m.apply(.swipe(.up))
        #expect(m.roll == 5)
        m.advance(ticks: 1)
        let expected =
            Quaternion(angle: .degrees(-2), axis: Vec3(1, 0, 0)) * Quaternion(angle: .degrees(5), axis: Vec3(0, 0, 1))
        #expect(m.modelRotation.isApproximatelyEqual(to: expected, tolerance: 1e-5))
    }

    @Test func theRollShowsInTheModelRotation() {
        var m = MotionState()
        m.apply(.rotate)
        let expected = Quaternion(angle: .degrees(5), axis: Vec3(0, 0, 1))
        #expect(m.modelRotation.isApproximatelyEqual(to: expected))
    }

    @Test func pinchOutDividesTheCameraDistanceByOnePointOne() {
        var m = MotionState()
        m.apply(.pinchOut)
        #expect(abs(m.cameraDistance(base: 3) - 3 / 1.1) < 1e-6)
        m.apply(.pinchIn)
        m.apply(.pinchIn)
        #expect(abs(m.cameraDistance(base: 3) - 3 * 1.1) < 1e-5)
        #expect(m.lastGestureDescription == "pinch in -> zoom 0.91x")
    }

    @Test func pinchIsClampedAtBothEnds() {
        var m = MotionState()
        for _ in 0..<100 { m.apply(.pinchOut) }
        #expect(m.zoom == 4)
        #expect(m.lastGestureDescription == "pinch out -> zoom 4.00x (limit)")
        for _ in 0..<200 { m.apply(.pinchIn) }
        #expect(m.zoom == 0.25)
        #expect(m.cameraDistance(base: 5) == 20)
    }

    @Test func startingZoomIsClampedToo() {
        #expect(MotionState(zoom: 100).zoom == 4)
        #expect(MotionState(zoom: .nan).zoom == 1)
    }
}
