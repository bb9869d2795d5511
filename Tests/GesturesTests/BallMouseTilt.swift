import Gestures
import Testing

/// The mouse on the ball scene: the cell the pointer is on becomes a tilt towards it, and
/// the ball rolls that way (`GestureRecognizer.tiltGestures`, `BallMotion.point`).
@Suite struct BallMouseTilt {
    let recognizer = GestureRecognizer(columns: 80, rows: 24)

    func point(_ kind: MouseEvent.Kind, column: Int, row: Int) -> (x: Double, y: Double)? {
        let gestures = recognizer.tiltGestures(for: MouseEvent(kind, column: column, row: row, time: 0))
        guard gestures.count == 1, case .point(let x, let y) = gestures[0] else { return nil }
        return (x, y)
    }

    @Test func theCentreCellIsLevelAndTheCornersAreFullTilt() throws {
        let centre = try #require(point(.pressed, column: 40, row: 12))
        #expect(abs(centre.x) < 0.05 && abs(centre.y) < 0.1)
        let topLeft = try #require(point(.pressed, column: 0, row: 0))
        #expect(topLeft.x < -0.95 && topLeft.y < -0.9)
        let bottomRight = try #require(point(.moved, column: 79, row: 23))
        #expect(bottomRight.x > 0.95 && bottomRight.y > 0.9)
    }

    @Test func aPointerOutsideTheViewIsClampedToFullTilt() throws {
        let far = try #require(point(.moved, column: 500, row: -40))
        #expect(far.x == 1 && far.y == -1)
    }

    @Test func releasesAndTheWheelDoNotTilt() {
        for kind in [MouseEvent.Kind.released, .scrollUp, .scrollDown] {
            #expect(recognizer.tiltGestures(for: MouseEvent(kind, column: 70, row: 3, time: 0)).isEmpty)
        }
    }

    @Test func theBallRollsTowardsTheCellThatWasPressed() throws {
        for (column, row) in [(79, 12), (0, 12), (40, 0), (40, 23)] {
            let p = try #require(point(.pressed, column: column, row: row))
            var motion = BallMotion()
            let start = motion.physics.position
            motion.point(x: p.x, y: p.y)
            motion.advance(seconds: 0.5)
            let moved = motion.physics.position - start
            // The ball moves along the pressed cell's side of the centre, on both axes.
            if column > 40 { #expect(moved.x > 0) } else if column < 40 { #expect(moved.x < 0) }
            if row > 12 { #expect(moved.y > 0) } else if row < 12 { #expect(moved.y < 0) }
        }
    }
}
