import Gestures
import Testing

/// Mouse reports that arrive in one read of the terminal carry one time (the read's): the
/// release speed is measured against the previous read, never over a zero interval.
@Suite struct FlingAcrossReads {
    static func press(_ column: Int, at t: Double) -> InputEvent {
        .mouse(MouseEvent(.pressed, column: column, row: 10, time: t))
    }
    static func move(_ column: Int, at t: Double) -> InputEvent {
        .mouse(MouseEvent(.moved, column: column, row: 10, time: t))
    }
    static func release(_ column: Int, at t: Double) -> InputEvent {
        .mouse(MouseEvent(.released, column: column, row: 10, time: t))
    }

    static func releaseSpeed(_ g: [Gesture]) -> (Double, Double)? {
        guard case .panEnded(let vx, let vy)? = g.last else { return nil }
        return (vx, vy)
    }

    @Test func theLastMotionAndTheReleaseReadTogetherStillFling() throws {
        var r = GestureRecognizer(columns: 80, rows: 20)
        // Reads 0.2 s apart (a loaded machine): press and motion, motion, motion and release.
        _ = r.gestures(for: Self.press(10, at: 1.0))
        _ = r.gestures(for: Self.move(20, at: 1.0))
        _ = r.gestures(for: Self.move(30, at: 1.2))
        _ = r.gestures(for: Self.move(40, at: 1.4))
        let (vx, vy) = try #require(Self.releaseSpeed(r.gestures(for: Self.release(40, at: 1.4))))
        // 10 columns (0.25 view height) since the previous read, 0.2 s earlier.
        #expect(abs(vx - 1.25) < 1e-9)
        #expect(vy == 0)
    }

    @Test func manyReportsInOneReadAreMeasuredAgainstThePreviousRead() throws {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: Self.press(0, at: 5.0))
        for c in 1...40 { _ = r.gestures(for: Self.move(c, at: 5.25)) }
        let (vx, _) = try #require(Self.releaseSpeed(r.gestures(for: Self.release(40, at: 5.25))))
        // 40 columns (1 view height) in the 0.25 s between the two reads.
        #expect(abs(vx - 4) < 1e-9)
    }

    @Test func aWholeDragInOneReadHasNoMeasurableSpeed() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: Self.press(0, at: 2.0))
        _ = r.gestures(for: Self.move(20, at: 2.0))
        let g = r.gestures(for: Self.release(30, at: 2.0))
        #expect(g.last == .panEnded(velocityX: 0, velocityY: 0))
        #expect(g.allSatisfy { if case .panEnded(let vx, let vy) = $0 { vx.isFinite && vy.isFinite } else { true } })
    }

    @Test func aPauseAfterTheLastReadStillStopsTheModel() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: Self.press(0, at: 0))
        _ = r.gestures(for: Self.move(10, at: 0.02))
        _ = r.gestures(for: Self.move(20, at: 0.04))
        #expect(r.gestures(for: Self.release(20, at: 0.5)).last == .panEnded(velocityX: 0, velocityY: 0))
    }

    @Test func aClickWhosePressCaughtTheFlingSaysItStoppedIt() {
        // The decoder hands the click's press and release over as two reports: the press
        // catches the model, and the click that follows is what stopped it.
        var r = GestureRecognizer(columns: 80, rows: 20)
        var m = MotionState(spin: 0)
        for e in [Self.press(0, at: 1.0), Self.move(20, at: 1.02), Self.move(40, at: 1.04), Self.release(40, at: 1.04)]
        {
            m.apply(r.gestures(for: e))
        }
        #expect(m.free.isMoving)
        m.apply(r.gestures(for: .mouse(MouseEvent(.pressed, column: 5, row: 5, time: 1.2))))
        m.apply(r.gestures(for: .mouse(MouseEvent(.released, column: 5, row: 5, time: 1.2))))
        #expect(m.lastGestureDescription == "click -> stop")
        #expect(!m.free.isMoving)
        // A click on a model at rest still says so.
        m.apply(r.gestures(for: .mouse(MouseEvent(.pressed, column: 5, row: 5, time: 2.0))))
        m.apply(r.gestures(for: .mouse(MouseEvent(.released, column: 5, row: 5, time: 2.0))))
        #expect(m.lastGestureDescription == "click -> nothing to stop")
    }
}
