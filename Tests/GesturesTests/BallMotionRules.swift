import Testing

@testable import Gestures

/// The ball driven by time and tilt gestures: fixed 60 Hz ticks, tilt steps, the status
/// words, staying in the view and coming to rest.
@Suite struct BallMotionRules {
    /// A small deterministic generator (the same numbers on every run).
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func tiltStepsAddUpToTheMaximumAndSpaceLevels() {
        var m = MotionState()
        m.ball = BallMotion()
        m.apply(.tilt(.left))
        m.apply(.tilt(.left))
        m.apply(.tilt(.left))
        #expect(m.lastGestureDescription == "tilt left -> gravity (-1.2, 0.0)")
        for _ in 0..<10 { m.apply(.swipe(.up)) }  // the arrow keys give swipes: on the ball they tilt
        #expect(m.lastGestureDescription == "tilt up -> gravity (-1.2, -2.0)")
        #expect(m.ball?.tilt == SIMD2(-0.6, -1.0))
        m.apply(.tap)  // Space
        #expect(m.lastGestureDescription == "level -> gravity (0.0, 0.0)")
        #expect(m.ball?.tilt == .zero)
        m.apply(.point(x: 0.5, y: -1))
        #expect(m.lastGestureDescription == "point -> gravity (1.0, -2.0)")
        m.apply(.pinchOut)
        #expect(m.lastGestureDescription == "pinch out -> nothing (arrows tilt the ball)")
    }

    @Test func tiltDoesNothingWithoutTheBall() {
        var m = MotionState(spin: 0.5)
        m.apply(.tilt(.right))
        #expect(m.lastGestureDescription == "tilt right -> nothing (only the ball tilts)")
        #expect(m.increment == 0.5 && m.ball == nil)
    }

    @Test func timeRunsInFixedSixtyHertzTicks() {
        var whole = BallMotion()
        var pieces = BallMotion()
        whole.addTilt(.right)
        pieces.addTilt(.right)
        whole.advance(seconds: 1)
        for _ in 0..<7 { pieces.advance(seconds: 1.0 / 7) }
        #expect(whole.ticks == 60 && pieces.ticks == 60)
        #expect(whole.physics == pieces.physics)
        pieces.advance(seconds: 0.01)  // less than a tick: nothing moves
        #expect(pieces.ticks == 60 && pieces.physics == whole.physics)
    }

    @Test(arguments: [0.6, 1.0, 5.0 / 3.0, 3.2])
    func theBallNeverLeavesTheField(aspect: Double) {
        var numbers = Numbers(state: UInt64(aspect * 1000))
        var b = BallMotion(aspect: aspect)
        for _ in 0..<400 {
            switch Int(numbers.next() * 6) {
            case 0: b.addTilt(.left)
            case 1: b.addTilt(.right)
            case 2: b.addTilt(.up)
            case 3: b.addTilt(.down)
            case 4: b.point(x: numbers.next() * 2 - 1, y: numbers.next() * 2 - 1)
            default: b.level()
            }
            for _ in 0..<30 {
                b.advance(seconds: 1.0 / 60)
                let p = b.physics
                let r = p.radius
                #expect(p.position.x >= r && p.position.x <= p.width - r, "x \(p.position.x) at tick \(b.ticks)")
                #expect(p.position.y >= r && p.position.y <= p.height - r, "y \(p.position.y) at tick \(b.ticks)")
                #expect(p.speed <= BallPhysics.maxSpeed + 1e-9)
            }
        }
    }

    @Test func withNoTiltTheBallComesToRest() {
        var b = BallMotion()
        b.addTilt(.right)
        b.addTilt(.down)
        b.advance(seconds: 3)
        #expect(b.physics.speed > 0, "tilted, the ball moves")
        b.level()
        var seconds = 0
        while b.isMoving && seconds < 120 {
            b.advance(seconds: 1)
            seconds += 1
        }
        #expect(!b.isMoving, "still moving after 120 s")
        #expect(b.physics.velocity == .zero)
        let resting = b.physics.position
        b.advance(seconds: 5)
        #expect(b.physics.position == resting, "at rest it stays put")
    }

    @Test func tiltedTheBallFallsThatWayAndStaysOnThatSide() {
        for (direction, axis, sign) in [(SwipeDirection.left, 0, -1.0), (.right, 0, 1), (.up, 1, -1), (.down, 1, 1)] {
            var b = BallMotion()
            let start = b.physics.position
            b.addTilt(direction)
            b.advance(seconds: 2)
            let room = (axis == 0 ? b.physics.width : b.physics.height) / 2 - b.physics.radius
            var nearest = Double.infinity
            for _ in 0..<(4 * 60) {
                b.advance(seconds: 1.0 / 60)
                let moved = (b.physics.position[axis] - start[axis]) * sign
                #expect(moved > 0, "\(direction): back past the centre at tick \(b.ticks)")
                nearest = min(nearest, room - moved)
                #expect(
                    abs(b.physics.position[1 - axis] - start[1 - axis]) < 1e-9, "\(direction): the other axis stays")
            }
            #expect(nearest < 1, "\(direction): the ball reaches the edge (nearest \(nearest) points)")
        }
    }

    @Test func theFieldFollowsTheViewsAspect() {
        var b = BallMotion(aspect: 2)
        b.addTilt(.right)
        b.advance(seconds: 4)
        b.setAspect(1)
        #expect(b.physics.width == 480)
        #expect(b.physics.position.x <= 480 - b.physics.radius)
    }
}
