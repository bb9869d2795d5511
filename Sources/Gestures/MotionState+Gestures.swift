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
            pressCaught = wasMoving
            result = wasMoving ? "caught" : "grab"
        case .pan(let dx, let dy):
            pressCaught = false
            free.drag(dx: dx, dy: dy)
            settle()
            result = "free rotation"
        case .panEnded(let vx, let vy):
            free.fling(velocityX: vx, velocityY: vy)
            result = free.isMoving ? momentumText : "at rest"
        case .click:
            // A click's press comes first and already caught the model: it is what stopped it.
            let wasMoving = free.isMoving || pressCaught
            pressCaught = false
            free.stop()
            if wasMoving {
                result = isSpinning ? "momentum stopped, \(spinText) goes on" : "stop"
            } else {
                result = isSpinning ? "nothing to stop (tap pauses the spin)" : "nothing to stop"
            }
        case .resetView:
            reset()
            result = "start view"
        case .tilt, .level, .point:
            result = "nothing"
        }
        lastGesture = gesture
        lastGestureDescription = "\(gesture.name) -> \(result)"
    }

    /// Applies gestures in order.
    public mutating func apply(_ gestures: [Gesture]) {
        for g in gestures { apply(g) }
    }

    private mutating func swipe(_ d: SwipeDirection) -> String {
        let axis: SpinAxis = (d == .left || d == .right) ? .y : .x
        // The near surface follows the swipe: right turns +Y, down turns +X (the camera
        // looks along -Z, so +X carries the near side downwards).
        let sign: Double = (d == .right || d == .down) ? 1 : -1
        settle()
        if lastSwipe == d && !isPrespin && increment != 0 {
            if abs(increment * 2) < 10 { increment *= 2 }
        } else {
            spinAxis = axis
            increment = 2 * sign
        }
        lastSwipe = d
        isPaused = false
        isPrespin = false
        return spinText + (friction > 0 ? " (slowing)" : "")
    }

    private mutating func tap() -> String {
        if isPrespin || increment == 0 { return "nothing (swipe first)" }
        isPaused.toggle()
        if isPaused { return "paused" }
        return "resume \(spinText)"
    }

    private mutating func pinch(by factor: Double) -> String {
        zoom = Self.clamp(zoom * factor, to: zoomRange)
        return zoomText
    }

    private mutating func rotate(by degrees: Double) -> String {
        guard isPaused || isPrespin || increment == 0 else { return "nothing while spinning" }
        settle()
        // A roll turns the picture about the line of sight (world Z).
        settled = (Quaternion(angle: .degrees(degrees), axis: Vec3(0, 0, 1)) * settled).normalized
        roll = Self.wrap(roll + degrees)
        return "roll Z \(Self.format(roll)) deg"
    }

    /// Back to the starting orientation, zoom and spin.
    private mutating func reset() {
        settled = start.orientation
        spunDegrees = 0
        roll = start.roll
        zoom = Self.clamp(start.zoom, to: zoomRange)
        free = FreeRotation()
        spinAxis = .y
        increment = start.spin
        isPaused = false
        isPrespin = start.spin == 0
        lastSwipe = nil
    }

    /// `spin Y +4 deg/tick`.
    var spinText: String { "spin \(spinAxis.rawValue) \(Self.format(increment)) deg/tick" }

    /// `zoom 1.21x`, with ` (limit)` at either end of the range.
    var zoomText: String {
        "zoom " + String(format: "%.2f", zoom) + "x" + (isAtZoomLimit ? " (limit)" : "")
    }
}
