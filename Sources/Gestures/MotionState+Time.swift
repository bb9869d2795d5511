import Foundation

extension MotionState {
    /// Lets `seconds` pass: the spin advances by `seconds x 30` ticks (fractions
    /// included, so degrees per second do not depend on the frame rate) and the free
    /// rotation's momentum turns and decays. Negative or non-finite times are ignored.
    public mutating func advance(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        if isSpinning { spin(ticks: seconds * Self.ticksPerSecond) }
        free.advance(seconds: seconds)
        ball?.advance(seconds: seconds)
    }

    /// Lets `ticks` ticks (frames at 30 fps) pass; the same as `advance(seconds: ticks / 30)`.
    public mutating func advance(ticks: Double) {
        advance(seconds: ticks / Self.ticksPerSecond)
    }

    /// One spin step: reset the roll and the other axis, then add the increment.
    private mutating func spin(ticks: Double) {
        euler.z = 0
        switch spinAxis {
        case .x:
            euler.y = 0
            euler.x = Self.wrap(euler.x + increment * ticks)
        case .y:
            euler.x = 0
            euler.y = Self.wrap(euler.y + increment * ticks)
        }
    }

    /// An angle in degrees brought into -180...180, so precision does not wear away.
    static func wrap(_ degrees: Double) -> Double { Foundation.remainder(degrees, 360) }
}
