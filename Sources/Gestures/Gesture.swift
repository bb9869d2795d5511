/// A direction of a swipe, as the arrow keys give it.
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable {
    /// Towards the left: spin about Y, negative.
    case left
    /// Towards the right: spin about Y, positive.
    case right
    /// Upwards: spin about X, negative (the near surface moves up).
    case up
    /// Downwards: spin about X, positive (the near surface moves down).
    case down
}

/// What a user meant by a key press or a mouse movement: the touch gestures of the
/// original iOS viewer, plus the mouse's pan, release and click.
///
/// Pan distances and speeds are measured in view heights (a drag across the whole height
/// of the view is 1), so they do not depend on the terminal size.
public enum Gesture: Hashable, Sendable {
    /// A swipe: starts or changes the spin (see `MotionState.apply(_:)`).
    case swipe(SwipeDirection)
    /// A tap: pauses or resumes the spin.
    case tap
    /// Fingers apart: the camera comes closer (distance divided by 1.1).
    case pinchOut
    /// Fingers together: the camera moves away (distance multiplied by 1.1).
    case pinchIn
    /// A two-finger rotation: roll +5 degrees about Z.
    case rotate
    /// A two-finger rotation the other way: roll -5 degrees about Z.
    case rotateBack
    /// The mouse button went down: any free-rotation momentum stops (the object is caught).
    case panBegan
    /// The mouse moved with the button held, by `dx` (right positive) and `dy` (down
    /// positive) view heights: the model turns about the axis perpendicular to the drag.
    case pan(dx: Double, dy: Double)
    /// The mouse button was released while moving at `velocityX`, `velocityY` view heights
    /// per second: the model keeps turning and slows down (momentum).
    case panEnded(velocityX: Double, velocityY: Double)
    /// The button went down and up without moving: stops the free rotation.
    case click
    /// Back to the starting orientation, zoom and spin (key `v`, script `reset`).
    case resetView
    /// The ball's device tilts one step towards a side (see `BallMotion`).
    case tilt(SwipeDirection)
    /// The ball's device is levelled: no tilt.
    case level
    /// The ball's device tilts towards a point `x`, `y` relative to the view's centre
    /// (-1 at the left or top edge, 1 at the right or bottom edge).
    case point(x: Double, y: Double)

    /// A short human name, such as `swipe right` or `pinch out`.
    public var name: String {
        switch self {
        case .swipe(let d): return "swipe \(d.rawValue)"
        case .tap: return "tap"
        case .pinchOut: return "pinch out"
        case .pinchIn: return "pinch in"
        case .rotate: return "rotate"
        case .rotateBack: return "rotate back"
        case .panBegan: return "press"
        case .pan: return "drag"
        case .panEnded: return "release"
        case .click: return "click"
        case .resetView: return "reset"
        case .tilt(let d): return "tilt \(d.rawValue)"
        case .level: return "level"
        case .point: return "point"
        }
    }
}
