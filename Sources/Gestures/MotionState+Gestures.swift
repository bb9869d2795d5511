import Math3D

extension MotionState {
    /// Applies one gesture (rules in the type's documentation) and records what it did in
    /// `lastGestureDescription`.
    public mutating func apply(_ gesture: Gesture) {
        if ball != nil || gesture.isTilt {
            lastGestureDescription = applyToBall(gesture)
            return
        }
        let result: String
        switch gesture {
        case .swipe(let d): result = swipe(d)
        case .tap: result = tap()
        case .pinchOut: result = pinch(by: Self.pinchFactor)
        case .pinchIn: result = pinch(by: 1 / Self.pinchFactor)
        case .rotate: result = rotate(by: Self.rollStep)
        case .rotateBack: result = rotate(by: -Self.rollStep)
        case .panBegan:
            let wasMoving = free.isMoving
            free.stop()
            result = wasMoving ? "caught" : "grab"
        case .pan(let dx, let dy):
            free.drag(dx: dx, dy: dy)
            result = "free rotation"
        case .panEnded(let vx, let vy):
            free.fling(velocityX: vx, velocityY: vy)
            result = free.isMoving ? "momentum \(Int(free.speed.rounded())) deg/s" : "at rest"
        case .click:
            free.stop()
            result = "stop"
        case .tilt, .level, .point:
            result = "nothing"
        }
        lastGestureDescription = "\(gesture.name) -> \(result)"
    }

    /// Applies gestures in order.
    public mutating func apply(_ gestures: [Gesture]) {
        for g in gestures { apply(g) }
    }

    private mutating func swipe(_ d: SwipeDirection) -> String {
        let axis: SpinAxis = (d == .left || d == .right) ? .y : .x
        let sign: Double = (d == .right || d == .up) ? 1 : -1
        if lastSwipe == d && !isPrespin {
            if abs(increment * 2) < 10 { increment *= 2 }
        } else {
            spinAxis = axis
            increment = 2 * sign
        }
        lastSwipe = d
        let resumed = isPaused || isPrespin
        isPaused = false
        isPrespin = false
        if resumed { euler.z = 0 }
        return spinText
    }

    private mutating func tap() -> String {
        if isPrespin { return "nothing (swipe first)" }
        isPaused.toggle()
        if isPaused { return "paused" }
        euler.z = 0
        return "resume \(spinText)"
    }

    private mutating func pinch(by factor: Double) -> String {
        let wanted = zoom * factor
        zoom = min(max(wanted, zoomRange.lowerBound), zoomRange.upperBound)
        let limit = zoom != wanted ? " (limit)" : ""
        return "zoom " + String(format: "%.2f", zoom) + "x" + limit
    }

    private mutating func rotate(by degrees: Double) -> String {
        guard isPaused || isPrespin else { return "nothing while spinning" }
        euler.z += degrees
        return "roll Z \(Self.format(euler.z)) deg"
    }

    /// `spin Y +4 deg/tick`.
    var spinText: String { "spin \(spinAxis.rawValue) \(Self.format(increment)) deg/tick" }
}
