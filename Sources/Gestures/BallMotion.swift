import Foundation

/// The tilting ball driven by time and tilt gestures: `BallPhysics` stepped on a fixed
/// 60 Hz clock (however time arrives, the same seconds give the same ticks), with the
/// virtual device's tilt as the accelerometer reading.
///
/// Tilt is in g on screen axes (x right, y down): each tilt gesture adds `tiltStep` on its
/// axis, up to `maxTilt`; levelling sets it to 0; pointing sets it from a position
/// relative to the view's centre.
public struct BallMotion: Hashable, Sendable {
    /// Tilt added by one tilt gesture, in g. 0.2 g: three presses make gravity 1.2.
    public static let tiltStep = 0.2
    /// Largest tilt on each axis, in g.
    public static let maxTilt = 1.0

    /// The virtual device's tilt: the raw accelerometer reading, in g.
    public private(set) var tilt: SIMD2<Double>
    /// The ball and the filtered reading.
    public private(set) var physics: BallPhysics
    /// Seconds that have passed.
    public private(set) var elapsed: Double
    /// Ticks run so far.
    public private(set) var ticks: Int

    /// A level device and the ball at rest in the centre of a field `aspect` times as wide
    /// as tall. Default aspect 5:3 (an 80 x 24 terminal with a status line).
    public init(aspect: Double = 80 * 0.5 / 23) {
        tilt = .zero
        physics = BallPhysics(aspect: aspect)
        elapsed = 0
        ticks = 0
    }

    /// True while something visible can still change without a gesture: the ball moves,
    /// the device is tilted, or the filtered reading has not settled.
    public var isMoving: Bool {
        let unsettled = physics.reading - tilt
        return physics.velocity != .zero || tilt != .zero || max(abs(unsettled.x), abs(unsettled.y)) > 1e-4
    }

    /// Gravity the ball settles to with this tilt (2 x the tilt), in points per tick per tick.
    public var settledGravity: SIMD2<Double> { tilt * BallPhysics.gravityFactor }

    /// The view's width divided by its height changed.
    public mutating func setAspect(_ aspect: Double) { physics.setAspect(aspect) }

    /// Adds `tiltStep` of tilt towards `direction`, up to `maxTilt`.
    public mutating func addTilt(_ direction: SwipeDirection) {
        let axis = direction == .left || direction == .right ? 0 : 1
        let sign: Double = direction == .right || direction == .down ? 1 : -1
        tilt[axis] = Self.clampTilt(((tilt[axis] + sign * Self.tiltStep) * 1e6).rounded() / 1e6)
    }

    /// Levels the device: no tilt.
    public mutating func level() { tilt = .zero }

    /// Back to the start: a level device and the ball at rest in the middle (the clock
    /// runs on).
    public mutating func reset() {
        tilt = .zero
        physics = BallPhysics(aspect: physics.width / physics.height, radius: physics.radius)
    }

    /// Tilts towards a point `x`, `y` relative to the view's centre (-1 at the left or
    /// top edge, 1 at the right or bottom edge): the tilt is that times `maxTilt`.
    public mutating func point(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        tilt = SIMD2(Self.clampTilt(x * Self.maxTilt), Self.clampTilt(y * Self.maxTilt))
    }

    /// Lets `seconds` pass: runs every 60 Hz tick that falls due.
    public mutating func advance(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        elapsed += seconds
        // The small allowance keeps a sum of frame times such as 30 x (1/30) from falling
        // one tick short by rounding.
        let due = Int((elapsed * BallPhysics.ticksPerSecond + 1e-6).rounded(.down))
        while ticks < due {
            physics.step(raw: tilt)
            ticks += 1
        }
    }

    /// `(-1.2, 0.0)`: a vector with one decimal, without a negative zero.
    public static func format(_ v: SIMD2<Double>) -> String {
        String(format: "(%.1f, %.1f)", Self.unsignedZero(v.x), Self.unsignedZero(v.y))
    }

    private static func unsignedZero(_ x: Double) -> Double {
        abs(x) < 0.05 ? 0 : x
    }

    private static func clampTilt(_ t: Double) -> Double { min(max(t, -maxTilt), maxTilt) }
}
