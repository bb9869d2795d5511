/// The tilting ball's physics, as in the original accelerometer demo: pure and
/// deterministic (no clock, no terminal). One call to `step(raw:)` is one tick of the
/// original's 60 Hz timer.
///
/// Units are the original's pixels ("points"): the field is `referenceHeight` (480) points
/// tall and as wide as the view's aspect makes it, so speeds in points per tick are the
/// same fraction of the view's height as on the original screen. Screen axes: x to the
/// right, y down. Each tick:
/// 1. the accelerometer reading is low-pass filtered, per axis: `a = raw * k + a * (1 - k)`
///    with `k = filterFactor` (0.1);
/// 2. gravity (2 x the filtered reading) is added to the velocity; if the new direction is
///    90 degrees or more away from gravity's (or there is no gravity) the speed is
///    multiplied by 0.96, otherwise by 1.03; the speed is clamped to 0...8 points per tick
///    and a speed below 0.05 becomes 0;
/// 3. the ball moves by its velocity and bounces off the field's edges (the component of
///    the velocity across the edge changes sign; the overshoot is reflected).
public struct BallPhysics: Hashable, Sendable {
    /// Ticks per second of the original's timer.
    public static let ticksPerSecond = 60.0
    /// The low-pass filter factor `k`.
    public static let filterFactor = 0.1
    /// Gravity is this many times the filtered reading.
    public static let gravityFactor = 2.0
    /// Speed factor when the new direction is 90 degrees or more away from gravity.
    public static let againstGravity = 0.96
    /// Speed factor when the new direction is less than 90 degrees away from gravity.
    public static let withGravity = 1.03
    /// Highest speed, in points per tick.
    public static let maxSpeed = 8.0
    /// Speeds below this, in points per tick, become 0.
    public static let restSpeed = 0.05
    /// Height of the field in points: the original screen's height.
    public static let referenceHeight = 480.0
    /// The ball's radius in points (a tenth of the field's height).
    public static let defaultRadius = 48.0

    /// Width of the field in points.
    public private(set) var width: Double
    /// Height of the field in points.
    public private(set) var height: Double
    /// The ball's radius in points.
    public let radius: Double
    /// Centre of the ball in points, (0, 0) at the top left of the field.
    public var position: SIMD2<Double>
    /// Velocity in points per tick.
    public var velocity: SIMD2<Double>
    /// The filtered accelerometer reading, in g (screen axes).
    public var reading: SIMD2<Double>

    /// A field `referenceHeight` tall and `aspect` times as wide, with the ball at rest
    /// in its centre and a zero reading.
    public init(aspect: Double, radius: Double = defaultRadius) {
        let a = aspect.isFinite && aspect > 0 ? aspect : 1
        height = Self.referenceHeight
        width = Self.referenceHeight * a
        self.radius = radius
        position = SIMD2(width / 2, height / 2)
        velocity = .zero
        reading = .zero
    }

    /// Gravity in points per tick per tick: 2 x the filtered reading.
    public var gravity: SIMD2<Double> { reading * Self.gravityFactor }

    /// The speed in points per tick.
    public var speed: Double { Self.length(velocity) }

    /// The ball's centre may go from `radius` to `size - radius` on each axis (the middle
    /// when the field is smaller than the ball).
    public var bounds: (min: SIMD2<Double>, max: SIMD2<Double>) {
        let lo = SIMD2(min(radius, width / 2), min(radius, height / 2))
        return (lo, SIMD2(width, height) - lo)
    }

    /// One low-pass filter step: `raw * k + a * (1 - k)` per axis.
    public static func filtered(_ a: SIMD2<Double>, raw: SIMD2<Double>, k: Double = filterFactor) -> SIMD2<Double> {
        raw * k + a * (1 - k)
    }

    /// The velocity after gravity's influence for one tick (rule in the type's documentation).
    public static func influenced(_ velocity: SIMD2<Double>, by gravity: SIMD2<Double>) -> SIMD2<Double> {
        let v = velocity + gravity
        let speed = length(v)
        guard speed > 0, speed.isFinite else { return .zero }
        let against = (v * gravity).sum() <= 0
        var s = speed * (against ? againstGravity : withGravity)
        s = min(max(s, 0), maxSpeed)
        if s < restSpeed { s = 0 }
        return v / speed * s
    }

    /// One tick of the timer with the accelerometer reading `raw` (in g, screen axes).
    public mutating func step(raw: SIMD2<Double>) {
        reading = Self.filtered(reading, raw: raw)
        velocity = Self.influenced(velocity, by: gravity)
        position += velocity
        bounce()
    }

    /// Gives the field a new aspect (the view was resized): the ball keeps its place
    /// relative to the field.
    public mutating func setAspect(_ aspect: Double) {
        guard aspect.isFinite, aspect > 0 else { return }
        let newWidth = Self.referenceHeight * aspect
        position.x *= newWidth / width
        width = newWidth
        let b = bounds
        position = position.clamped(lowerBound: b.min, upperBound: b.max)
    }

    private mutating func bounce() {
        let b = bounds
        for axis in 0..<2 {
            if position[axis] < b.min[axis] {
                position[axis] = min(2 * b.min[axis] - position[axis], b.max[axis])
                velocity[axis] = -velocity[axis]
            } else if position[axis] > b.max[axis] {
                position[axis] = max(2 * b.max[axis] - position[axis], b.min[axis])
                velocity[axis] = -velocity[axis]
            }
        }
    }

    static func length(_ v: SIMD2<Double>) -> Double { ((v * v).sum()).squareRoot() }
}
