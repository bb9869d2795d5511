extension MotionState {
    /// The view is now `aspect` times as wide as it is tall (width x cell aspect / height
    /// in cells): the ball's field follows it. Nothing happens without a ball.
    public mutating func setViewAspect(_ aspect: Double) {
        ball?.setAspect(aspect)
    }

    /// Shows `ball` (the ball scene): from now on time and tilt gestures move it, and the
    /// status line says how to tilt it.
    public mutating func attach(_ ball: BallMotion) {
        self.ball = ball
        lastGestureDescription = "level: arrows tilt, Space levels"
    }

    /// A tilt gesture, or any gesture while the ball is shown: with a ball, swipes tilt
    /// and a tap levels (the arrow keys and Space), and the result reads
    /// `tilt left -> gravity (-0.4, 0.0)` (the gravity the reading settles to); other
    /// gestures do nothing. Without a ball, tilt gestures do nothing.
    mutating func applyToBall(_ gesture: Gesture) -> String {
        let meant: Gesture
        switch gesture {
        case .swipe(let d): meant = .tilt(d)
        case .tap: meant = .level
        default: meant = gesture
        }
        guard var b = ball else { return "\(meant.name) -> nothing (only the ball tilts)" }
        switch meant {
        case .tilt(let d): b.addTilt(d)
        case .level: b.level()
        case .point(let x, let y): b.point(x: x, y: y)
        case .resetView:
            b.reset()
            ball = b
            return "reset -> ball in the middle, level"
        default: return "\(meant.name) -> nothing (arrows tilt the ball)"
        }
        ball = b
        return "\(meant.name) -> gravity \(BallMotion.format(b.settledGravity))"
    }
}

extension Gesture {
    /// True for the gestures that tilt the ball's device: tilt, level and point.
    public var isTilt: Bool {
        switch self {
        case .tilt, .level, .point: return true
        default: return false
        }
    }
}
