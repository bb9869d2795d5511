import Testing

@testable import Gestures

@Suite struct KeyAndMouseRecognition {
    @Test func keysMapToTheGesturesOfTheKeyTable() {
        let table: [(Key, Gesture?)] = [
            (.left, .swipe(.left)), (.right, .swipe(.right)), (.up, .swipe(.up)), (.down, .swipe(.down)),
            (.character("+"), .pinchOut), (.character("="), .pinchOut), (.character("-"), .pinchIn),
            (.character(" "), .tap), (.character("r"), .rotate), (.character("R"), .rotateBack),
            (.character("q"), nil), (.character("m"), nil), (.character("5"), nil),
        ]
        for (key, gesture) in table {
            #expect(GestureRecognizer.gesture(for: key) == gesture, "\(key)")
        }
    }

    @Test func aPressAndReleaseWithoutMovingIsAClick() {
        var r = GestureRecognizer()
        #expect(r.gestures(for: .mouse(MouseEvent(.pressed, column: 10, row: 5, time: 0))) == [.panBegan])
        #expect(r.gestures(for: .mouse(MouseEvent(.released, column: 10, row: 5, time: 0.05))) == [.click])
    }

    @Test func aDragPansInViewHeightsWithColumnsHalfAsWide() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: .mouse(MouseEvent(.pressed, column: 10, row: 5, time: 0)))
        let g = r.gestures(for: .mouse(MouseEvent(.moved, column: 14, row: 7, time: 0.02)))
        // 4 columns = 2 row heights = 0.1 view height; 2 rows = 0.1 view height.
        #expect(g == [.pan(dx: 0.1, dy: 0.1)])
    }

    @Test func motionWithoutASeenPressBeginsADragThere() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        #expect(r.gestures(for: .mouse(MouseEvent(.moved, column: 3, row: 3, time: 0))) == [.panBegan])
        #expect(r.gestures(for: .mouse(MouseEvent(.moved, column: 7, row: 3, time: 0.02))) == [.pan(dx: 0.1, dy: 0)])
    }

    @Test func aReleaseWithoutASeenPressIsAClick() {
        var r = GestureRecognizer()
        #expect(r.gestures(for: .mouse(MouseEvent(.released, column: 3, row: 3, time: 0))) == [.click])
    }

    @Test func aQuickReleaseFlingsWithTheDragSpeed() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: .mouse(MouseEvent(.pressed, column: 0, row: 10, time: 1.00)))
        _ = r.gestures(for: .mouse(MouseEvent(.moved, column: 8, row: 10, time: 1.04)))
        _ = r.gestures(for: .mouse(MouseEvent(.moved, column: 16, row: 10, time: 1.08)))
        let g = r.gestures(for: .mouse(MouseEvent(.released, column: 16, row: 10, time: 1.09)))
        // The window holds the samples of the last 0.1 s: 16 columns (0.4 view height) in 0.08 s.
        guard case .panEnded(let vx, let vy)? = g.last else {
            Issue.record("expected a release, got \(g)")
            return
        }
        #expect(abs(vx - 5) < 1e-9)
        #expect(vy == 0)
    }

    @Test func aReleaseAfterHoldingStillHasNoMomentum() {
        var r = GestureRecognizer(columns: 80, rows: 20)
        _ = r.gestures(for: .mouse(MouseEvent(.pressed, column: 0, row: 10, time: 0)))
        _ = r.gestures(for: .mouse(MouseEvent(.moved, column: 8, row: 10, time: 0.05)))
        let g = r.gestures(for: .mouse(MouseEvent(.released, column: 8, row: 10, time: 1.0)))
        #expect(g == [.panEnded(velocityX: 0, velocityY: 0)])
    }

    @Test func theWheelPinches() {
        var r = GestureRecognizer()
        #expect(r.gestures(for: .mouse(MouseEvent(.scrollUp, column: 0, row: 0, time: 0))) == [.pinchOut])
        #expect(r.gestures(for: .mouse(MouseEvent(.scrollDown, column: 0, row: 0, time: 0))) == [.pinchIn])
    }
}
