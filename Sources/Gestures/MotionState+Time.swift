import Foundation

extension MotionState {
    /// Lets `seconds` pass: the spin advances by `seconds x 30` ticks (fractions
    /// included, so degrees per second do not depend on the frame rate; with friction the
    /// integral of the slowing speed) and the free rotation's momentum turns and decays.
    /// Negative or non-finite times are ignored.
    public mutating func advance(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        if isSpinning { spin(seconds: seconds) }
        if free.isMoving {
            free.advance(seconds: seconds)
            settle()
            if case .panEnded? = lastGesture {
                lastGestureDescription = free.isMoving ? "release -> \(momentumText)" : "release -> momentum stopped"
            }
        }
        ball?.advance(seconds: seconds)
    }

    /// Lets `ticks` ticks (frames at 30 fps) pass; the same as `advance(seconds: ticks / 30)`.
    public mutating func advance(ticks: Double) {
        advance(seconds: ticks / Self.ticksPerSecond)
    }

    /// Turns the model about the spin axis on top of its orientation.
    private mutating func spin(seconds: Double) {
        let ticks = seconds * Self.ticksPerSecond
        guard friction > 0 else {
            spunDegrees = Self.wrap(spunDegrees + increment * ticks)
            return
        }
        // Speed v(t) = v0 exp(-f t): the turn is the integral, the same in one step or many.
        let k = Foundation.exp(-friction * seconds)
        spunDegrees = Self.wrap(spunDegrees + increment * Self.ticksPerSecond * (1 - k) / friction)
        increment *= k
        if abs(increment) < Self.restIncrement {
            settle()
            increment = 0
            lastSwipe = nil
            lastGestureDescription = "\(lastGesture?.name ?? "spin") -> spin slowed to a stop"
        }
    }

    /// `momentum 135 deg/s`: the current momentum speed.
    var momentumText: String { "momentum \(Int(free.speed.rounded())) deg/s" }

    /// An angle in degrees brought into -180...180, so precision does not wear away.
    static func wrap(_ degrees: Double) -> Double { Foundation.remainder(degrees, 360) }
}
