import Math3D
import Testing

@testable import Gestures

/// The gesture rules of docs/CLI.md (issue 3), pinned as a table: each row starts from a
/// fresh state, applies gestures (with one tick after each, as frames would), and checks
/// the resulting spin.
@Suite struct SwipeRules {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let spin: Double
        let gestures: [Gesture]
        let axis: SpinAxis
        let increment: Double
        let paused: Bool
        let prespin: Bool
        var testDescription: String { name }
    }

    static let table: [Row] = [
        Row(
            name: "from pre-spin, right gives Y +2", spin: 0, gestures: [.swipe(.right)], axis: .y, increment: 2,
            paused: false, prespin: false),
        Row(
            name: "right again gives Y +4", spin: 0, gestures: [.swipe(.right), .swipe(.right)], axis: .y, increment: 4,
            paused: false, prespin: false),
        Row(
            name: "a third right gives Y +8", spin: 0, gestures: Array(repeating: .swipe(.right), count: 3), axis: .y,
            increment: 8, paused: false, prespin: false),
        Row(
            name: "a fourth right stays at Y +8", spin: 0, gestures: Array(repeating: .swipe(.right), count: 4),
            axis: .y, increment: 8, paused: false, prespin: false),
        Row(
            name: "ten rights stay at Y +8", spin: 0, gestures: Array(repeating: .swipe(.right), count: 10), axis: .y,
            increment: 8, paused: false, prespin: false),
        Row(
            name: "left after rights gives Y -2", spin: 0,
            gestures: [.swipe(.right), .swipe(.right), .swipe(.right), .swipe(.left)], axis: .y, increment: -2,
            paused: false, prespin: false),
        Row(
            name: "left twice gives Y -4", spin: 0, gestures: [.swipe(.left), .swipe(.left)], axis: .y, increment: -4,
            paused: false, prespin: false),
        Row(
            name: "down gives X +2 (near side moves down)", spin: 0,
            gestures: [.swipe(.right), .swipe(.right), .swipe(.down)], axis: .x, increment: 2, paused: false,
            prespin: false),
        Row(
            name: "up gives X -2 (near side moves up)", spin: 0, gestures: [.swipe(.up)], axis: .x, increment: -2,
            paused: false, prespin: false),
        Row(
            name: "up after down gives X -2", spin: 0, gestures: [.swipe(.down), .swipe(.down), .swipe(.up)], axis: .x,
            increment: -2, paused: false, prespin: false),
        Row(
            name: "right after up gives Y +2 (other axis)", spin: 0,
            gestures: [.swipe(.up), .swipe(.up), .swipe(.right)], axis: .y, increment: 2, paused: false,
            prespin: false),
        Row(
            name: "the Earth's first right gives Y +2, not double 0.5", spin: 0.5, gestures: [.swipe(.right)], axis: .y,
            increment: 2, paused: false, prespin: false),
        Row(
            name: "tap before the first swipe does nothing", spin: 0, gestures: [.tap], axis: .y, increment: 0,
            paused: false, prespin: true),
        Row(
            name: "tap after a swipe pauses", spin: 0, gestures: [.swipe(.right), .tap], axis: .y, increment: 2,
            paused: true, prespin: false),
        Row(
            name: "a second tap resumes", spin: 0, gestures: [.swipe(.right), .tap, .tap], axis: .y, increment: 2,
            paused: false, prespin: false),
        Row(
            name: "tap pauses the Earth's default spin", spin: 0.5, gestures: [.tap], axis: .y, increment: 0.5,
            paused: true, prespin: false),
        Row(
            name: "any swipe un-pauses", spin: 0, gestures: [.swipe(.right), .tap, .swipe(.down)], axis: .x,
            increment: 2, paused: false, prespin: false),
        Row(
            name: "a repeated swipe un-pauses and doubles", spin: 0, gestures: [.swipe(.right), .tap, .swipe(.right)],
            axis: .y, increment: 4, paused: false, prespin: false),
        Row(
            name: "pinch and rotate leave the spin alone", spin: 0,
            gestures: [.swipe(.left), .pinchOut, .pinchIn, .rotate], axis: .y, increment: -2, paused: false,
            prespin: false),
    ]

    @Test("gesture rule", arguments: table)
    func rule(_ row: Row) {
        var m = MotionState(spin: row.spin)
        for g in row.gestures {
            m.apply(g)
            m.advance(ticks: 1)
        }
        #expect(m.spinAxis == row.axis)
        #expect(m.increment == row.increment)
        #expect(m.isPaused == row.paused)
        #expect(m.isPrespin == row.prespin)
    }

    @Test func changingAxisKeepsTheOrientation() {
        var m = MotionState()
        m.apply(.swipe(.right))
        m.advance(ticks: 10)
        m.apply(.swipe(.down))
        m.advance(ticks: 1)
        let expected =
            Quaternion(angle: .degrees(2), axis: Vec3(1, 0, 0)) * Quaternion(angle: .degrees(20), axis: Vec3(0, 1, 0))
        #expect(m.modelRotation.isApproximatelyEqual(to: expected, tolerance: 1e-5))
    }

    @Test func eachTickAddsTheIncrementAboutTheSpinAxis() {
        var m = MotionState()
        m.apply(.swipe(.up))
        m.apply(.swipe(.up))
        m.advance(ticks: 3)
        #expect(m.spinAxis == .x)
        #expect(m.spunDegrees == -12)
        #expect(
            m.modelRotation.isApproximatelyEqual(
                to: Quaternion(angle: .degrees(-12), axis: Vec3(1, 0, 0)), tolerance: 1e-6))
    }

    @Test func aPausedStateDoesNotMove() {
        var m = MotionState(spin: 0.5)
        m.advance(ticks: 4)
        m.apply(.tap)
        let before = m.modelRotation
        m.advance(seconds: 5)
        #expect(m.modelRotation == before)
        #expect(!m.isAnimating)
    }

    @Test func aStillSceneDoesNotMoveBeforeTheFirstSwipe() {
        var m = MotionState(spin: 0)
        m.advance(seconds: 3)
        #expect(m.modelRotation == .identity)
        #expect(!m.isAnimating)
    }

    @Test func theHUDTextNamesTheGestureAndItsMotion() {
        var m = MotionState()
        m.apply(.swipe(.right))
        #expect(m.lastGestureDescription == "swipe right -> spin Y +2 deg/tick")
        m.apply(.swipe(.right))
        #expect(m.lastGestureDescription == "swipe right -> spin Y +4 deg/tick")
        m.apply(.swipe(.down))
        #expect(m.lastGestureDescription == "swipe down -> spin X +2 deg/tick")
        m.apply(.tap)
        #expect(m.lastGestureDescription == "tap -> paused")
        m.apply(.tap)
        #expect(m.lastGestureDescription == "tap -> resume spin X +2 deg/tick")
        #expect(MotionState(spin: 0.5).lastGestureDescription == "spin Y +0.5 deg/tick")
    }
}
