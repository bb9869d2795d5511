import Testing

@testable import Gestures

/// The facts of the original accelerometer demo, step by step: the low-pass filter, the
/// influence rule, the speed clamp and the bounces.
@Suite struct BallPhysicsRules {
    @Test func theFilterIsALowPassPerAxis() {
        // a = raw * k + a * (1 - k), k = 0.1, each axis on its own.
        var a = SIMD2<Double>(0, 0.5)
        let raw = SIMD2<Double>(1, 0)
        let expectedX = [0.1, 0.19, 0.271, 0.3439]
        let expectedY = [0.45, 0.405, 0.3645, 0.32805]
        for i in 0..<4 {
            a = BallPhysics.filtered(a, raw: raw)
            #expect(abs(a.x - expectedX[i]) < 1e-12, "x after step \(i + 1)")
            #expect(abs(a.y - expectedY[i]) < 1e-12, "y after step \(i + 1)")
        }
    }

    @Test func speedGrowsByThreePercentWhenMovingWithGravity() {
        // (1, 0) + (0, 1.2) = (1, 1.2): less than 90 degrees from gravity.
        let v = BallPhysics.influenced(SIMD2(1, 0), by: SIMD2(0, 1.2))
        let speed = (1.0 + 1.44).squareRoot() * 1.03
        #expect(abs(BallPhysics.length(v) - speed) < 1e-12)
        #expect(abs(v.y / v.x - 1.2) < 1e-12, "the direction is that of v + g")
    }

    @Test func speedShrinksByFourPercentAtNinetyDegreesOrMore() {
        // Against gravity: (0, -3) + (0, 1) = (0, -2), 180 degrees away.
        let up = BallPhysics.influenced(SIMD2(0, -3), by: SIMD2(0, 1))
        #expect(abs(up.y - (-2 * 0.96)) < 1e-12 && up.x == 0)
        // Exactly 90 degrees: (1, -1) + (0, 1) = (1, 0).
        let across = BallPhysics.influenced(SIMD2(1, -1), by: SIMD2(0, 1))
        #expect(abs(across.x - 0.96) < 1e-12 && across.y == 0)
        // No gravity has no direction: the ball slows down.
        let free = BallPhysics.influenced(SIMD2(3, 4), by: .zero)
        #expect(abs(BallPhysics.length(free) - 5 * 0.96) < 1e-12)
    }

    @Test func speedIsClampedToEightAndSlowSpeedsStop() {
        let fast = BallPhysics.influenced(SIMD2(7.5, 0), by: SIMD2(1, 0))
        #expect(fast == SIMD2(8, 0), "8.5 x 1.03 is clamped to 8 points per tick")
        let slow = BallPhysics.influenced(SIMD2(0.052, 0), by: .zero)
        #expect(slow == .zero, "0.052 x 0.96 = 0.0499 < 0.05 becomes 0")
        let justAbove = BallPhysics.influenced(SIMD2(0.053, 0), by: .zero)
        #expect(abs(justAbove.x - 0.053 * 0.96) < 1e-12)
    }

    @Test func oneTickFiltersThenInfluencesThenMoves() {
        var p = BallPhysics(aspect: 1.5)
        p.position = SIMD2(300, 200)
        p.velocity = SIMD2(2, 0)
        p.step(raw: SIMD2(0, 1))
        // Reading 0.1, gravity 0.2 down; (2, 0.2) is less than 90 degrees from it.
        #expect(abs(p.reading.y - 0.1) < 1e-12 && p.reading.x == 0)
        let speed = (4.0 + 0.04).squareRoot() * 1.03
        let v = SIMD2<Double>(2, 0.2) / (4.04).squareRoot() * speed
        #expect(abs(p.velocity.x - v.x) < 1e-12 && abs(p.velocity.y - v.y) < 1e-12)
        #expect(abs(p.position.x - (300 + v.x)) < 1e-12 && abs(p.position.y - (200 + v.y)) < 1e-12)
    }

    @Test func theBallBouncesOffEachEdge() {
        var p = BallPhysics(aspect: 1.5)  // 720 x 480, radius 48
        p.position = SIMD2(720 - 48 - 1, 48 + 2)
        p.velocity = SIMD2(5, -4)
        p.step(raw: .zero)  // no gravity: speed x 0.96
        let v = SIMD2<Double>(5, -4) * 0.96
        // Right edge: 671 + 4.8 = 675.8 reflects off 672 to 668.2; top: 50 - 3.84 = 46.16 off 48 to 49.84.
        #expect(abs(p.position.x - (2 * 672 - (671 + v.x))) < 1e-9)
        #expect(abs(p.position.y - (2 * 48 - (50 + v.y))) < 1e-9)
        #expect(abs(p.velocity.x + v.x) < 1e-12 && abs(p.velocity.y + v.y) < 1e-12, "both components change sign")
    }
}
