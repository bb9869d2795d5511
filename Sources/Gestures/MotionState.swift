import Foundation
import Math3D

/// How the model moves: the spin that swipes start, pause, roll, zoom and the mouse's free
/// rotation. Pure state: gestures go in through `apply(_:)`, time through
/// `advance(seconds:)`, and the renderer reads `modelRotation` and `cameraDistance(base:)`.
///
/// The rules reproduce the original iOS viewer (docs/CLI.md):
/// - the first swipe, a swipe on the other axis, or a swipe in the opposite direction sets
///   the increment to +/-2 degrees per tick about that axis (down = X -2, up = X +2,
///   left = Y -2, right = Y +2); a repeated swipe in the same direction doubles it while
///   abs(increment x 2) < 10 (2, 4, 8, then stays 8); any swipe clears pause;
/// - while spinning, each tick first resets the Z roll and the other axis' rotation to 0,
///   then adds the increment; a tick is 1/30 s, so speed per second is fixed;
/// - a tap pauses or resumes; it does nothing before the first swipe on a scene that
///   starts still (pre-spin);
/// - rotate rolls about Z by +/-5 degrees only while paused or in pre-spin; the roll is
///   reset when spinning resumes;
/// - pinch divides (out) or multiplies (in) the camera distance by 1.1, clamped.
public struct MotionState: Hashable, Sendable {
    /// Ticks per second: one tick is one frame of the original viewer at 30 fps.
    public static let ticksPerSecond = 30.0
    /// Spin of the built-in Earth, in degrees per tick about Y.
    public static let earthSpin = 0.5
    /// Roll per rotate gesture, in degrees.
    public static let rollStep = 5.0
    /// Zoom factor per pinch.
    public static let pinchFactor = 1.1

    /// The axis of the spin. Default Y.
    public internal(set) var spinAxis: SpinAxis
    /// The spin increment in degrees per tick (sign gives the direction).
    public internal(set) var increment: Double
    /// True when a tap has paused the spin.
    public internal(set) var isPaused: Bool
    /// True on a scene that starts still, until the first swipe.
    public internal(set) var isPrespin: Bool
    /// The last swipe, or nil before the first one.
    public internal(set) var lastSwipe: SwipeDirection?
    /// Spin rotation as Euler angles in degrees about X, Y and Z (Z is the roll), applied
    /// X first, then Y, then Z.
    public internal(set) var euler: SIMD3<Double>
    /// The starting orientation (from yaw, pitch and roll options), applied after the spin.
    public var orientation: Quaternion
    /// Camera zoom: the camera distance is divided by it (> 1 is closer). Default 1.
    public internal(set) var zoom: Double
    /// The allowed zoom range. Default 0.25...4.
    public var zoomRange: ClosedRange<Double>
    /// The mouse's free rotation with momentum, applied last.
    public internal(set) var free: FreeRotation
    /// What the last gesture did, for the status line, e.g. `swipe right -> spin Y +4 deg/tick`.
    public internal(set) var lastGestureDescription: String
    /// The tilting ball, on the ball scene (nil elsewhere): tilt gestures and time go to it,
    /// and arrows and tap tilt and level it. Default nil.
    public var ball: BallMotion?

    /// A motion state.
    /// - Parameters:
    ///   - spin: degrees per tick about Y to spin from the start; 0 (the default) makes a
    ///     scene that starts still (pre-spin). The Earth uses `MotionState.earthSpin` (0.5).
    ///   - yaw: starting turn about Y, degrees. Default 0.
    ///   - pitch: starting turn about X, degrees. Default 0.
    ///   - roll: starting turn about Z, degrees. Default 0.
    ///   - zoom: starting zoom (> 1 is closer), clamped to `zoomRange`. Default 1.
    ///   - zoomRange: the allowed zoom. Default 0.25...4.
    public init(spin: Double = 0, yaw: Double = 0, pitch: Double = 0, roll: Double = 0,
                zoom: Double = 1, zoomRange: ClosedRange<Double> = 0.25...4) {
        let spin = spin.isFinite ? spin : 0
        spinAxis = .y
        increment = spin
        isPaused = false
        isPrespin = spin == 0
        lastSwipe = nil
        euler = .zero
        orientation = Quaternion(eulerX: .degrees(pitch.isFinite ? pitch : 0),
                                 y: .degrees(yaw.isFinite ? yaw : 0),
                                 z: .degrees(roll.isFinite ? roll : 0))
        self.zoomRange = zoomRange
        self.zoom = min(max(zoom.isFinite ? zoom : 1, zoomRange.lowerBound), zoomRange.upperBound)
        free = FreeRotation()
        lastGestureDescription = spin == 0 ? "still: swipe to spin" : "spin Y \(Self.format(spin)) deg/tick"
    }

    /// True while the spin turns the model (not paused, not in pre-spin, non-zero).
    public var isSpinning: Bool { !isPaused && !isPrespin && increment != 0 }

    /// True while anything moves on its own (spin or momentum): the viewer must keep
    /// drawing. When false, nothing changes until the next gesture.
    public var isAnimating: Bool { isSpinning || free.isMoving || ball?.isMoving == true }

    /// The roll about Z in degrees.
    public var roll: Double { euler.z }

    /// The model's rotation for the renderer: spin (Euler X, Y, Z), then the starting
    /// orientation, then the free rotation.
    public var modelRotation: Quaternion {
        let spin = Quaternion(eulerX: .degrees(euler.x), y: .degrees(euler.y), z: .degrees(euler.z))
        return (free.rotation * orientation * spin).normalized
    }

    /// The camera distance factor, 1 / zoom (< 1 is closer).
    public var cameraDistanceFactor: Double { 1 / zoom }

    /// The camera distance for a scene whose camera sits `base` units from its target.
    public func cameraDistance(base: Float) -> Float { base / Float(zoom) }

    /// A number of degrees with its sign and without needless decimals: `+4`, `-2`, `+0.5`.
    public static func format(_ degrees: Double) -> String {
        // Trailing zeros, then a bare point, are dropped by hand: a regular expression here
        // cost about 4 ms of start-up (ICU), see docs/PERFORMANCE.md.
        var text = String(format: "%+.2f", degrees)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
