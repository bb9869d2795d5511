import Foundation
import Math3D

/// How the model moves: the spin that swipes start, pause, roll, zoom and the mouse's free
/// rotation. Pure state: gestures go in through `apply(_:)`, time through
/// `advance(seconds:)`, and the renderer reads `modelRotation` and `cameraDistance(base:)`.
///
/// The rules follow the original iOS viewer (docs/CLI.md), with two deliberate changes
/// (docs/DECISIONS.md, "Swipes move the near surface and keep the orientation"):
/// - every swipe moves the near surface of the model in the swipe's direction, as under a
///   finger: right = Y +2, left = Y -2, up = X -2, down = X +2 degrees per tick (the camera
///   looks along -Z, so a negative turn about X lifts the near side);
/// - the first swipe, a swipe on the other axis, or a swipe in the opposite direction sets
///   the increment to 2 degrees per tick about that axis; a repeated swipe in the same
///   direction doubles it while abs(increment x 2) < 10 (2, 4, 8, then stays 8); any
///   swipe clears pause;
/// - the spin turns the model about the screen axis on top of its current orientation:
///   changing axis, resuming, a roll or a drag never snaps the model back (the original
///   zeroed its Euler angles on every tick);
/// - a tick is 1/30 s, so the speed per second does not depend on the frame rate; with
///   `friction` > 0 the spin slows down and stops (default 0: a constant spin);
/// - a tap pauses or resumes; it does nothing before the first swipe on a scene that
///   starts still (pre-spin);
/// - rotate rolls about the view axis by +/-5 degrees only while paused or in pre-spin;
///   the roll stays when spinning resumes;
/// - pinch divides (out) or multiplies (in) the camera distance by 1.1, clamped to
///   `zoomRange`;
/// - reset returns to the starting orientation, zoom and spin.
public struct MotionState: Hashable, Sendable {
    /// Ticks per second: one tick is one frame of the original viewer at 30 fps.
    public static let ticksPerSecond = 30.0
    /// Spin of the built-in Earth, in degrees per tick about Y.
    public static let earthSpin = 0.5
    /// Roll per rotate gesture, in degrees.
    public static let rollStep = 5.0
    /// Zoom factor per pinch.
    public static let pinchFactor = 1.1
    /// With friction, a spin slower than this many degrees per tick stops.
    public static let restIncrement = 0.05

    /// The axis of the spin. Default Y.
    public internal(set) var spinAxis: SpinAxis
    /// The spin increment in degrees per tick about `spinAxis` (right-hand rule, world
    /// axes: positive Y moves the near surface right, positive X moves it down).
    public internal(set) var increment: Double
    /// True when a tap has paused the spin.
    public internal(set) var isPaused: Bool
    /// True on a scene that starts still, until the first swipe.
    public internal(set) var isPrespin: Bool
    /// The last swipe, or nil before the first one (and after a spin stopped by friction).
    public internal(set) var lastSwipe: SwipeDirection?
    /// The orientation the current spin started from: the starting yaw, pitch and roll with
    /// every earlier spin, roll and drag composed onto it.
    public internal(set) var settled: Quaternion
    /// Degrees the current spin has turned about `spinAxis` since `settled`, in -180...180.
    public internal(set) var spunDegrees: Double
    /// The roll set with rotate gestures, in degrees (the starting `--roll` included).
    public internal(set) var roll: Double
    /// How fast the spin slows down: its speed falls by exp(-friction x seconds). 0 (the
    /// default) keeps the original's constant spin.
    public var friction: Double
    /// Camera zoom: the camera distance is divided by it (> 1 is closer). Default 1.
    public internal(set) var zoom: Double
    /// The allowed zoom range. Default 0.25...4; scenes narrow the upper end so the camera
    /// stays outside them (`ViewerScene.zoomLimit`).
    public var zoomRange: ClosedRange<Double> {
        didSet { zoom = Self.clamp(zoom, to: zoomRange) }
    }
    /// The mouse's free rotation with momentum; its turns are folded into `settled`.
    public internal(set) var free: FreeRotation
    /// The last press caught a moving model: the click it makes (a release without moving,
    /// read as its own report after the press) stopped that momentum.
    var pressCaught = false
    /// The last gesture applied, or nil before the first.
    public internal(set) var lastGesture: Gesture?
    /// What the last gesture did, for the status line, e.g. `swipe right -> spin Y +4 deg/tick`.
    public internal(set) var lastGestureDescription: String
    /// The state `reset` returns to.
    let start: Start

    /// What a reset restores.
    struct Start: Hashable, Sendable {
        var orientation: Quaternion
        var roll: Double
        var spin: Double
        var zoom: Double
    }
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
    ///   - friction: spin slow-down rate per second, >= 0. Default 0 (constant spin).
    public init(
        spin: Double = 0, yaw: Double = 0, pitch: Double = 0, roll: Double = 0,
        zoom: Double = 1, zoomRange: ClosedRange<Double> = 0.25...4, friction: Double = 0
    ) {
        let spin = spin.isFinite ? spin : 0
        let roll = roll.isFinite ? roll : 0
        spinAxis = .y
        increment = spin
        isPaused = false
        isPrespin = spin == 0
        lastSwipe = nil
        settled = Quaternion(
            eulerX: .degrees(pitch.isFinite ? pitch : 0), y: .degrees(yaw.isFinite ? yaw : 0),
            z: .degrees(roll))
        spunDegrees = 0
        self.roll = roll
        self.friction = friction.isFinite ? max(0, friction) : 0
        self.zoomRange = zoomRange
        self.zoom = Self.clamp(zoom.isFinite ? zoom : 1, to: zoomRange)
        free = FreeRotation()
        lastGesture = nil
        lastGestureDescription = spin == 0 ? "swipe to spin" : "spin Y \(Self.format(spin)) deg/tick"
        start = Start(orientation: settled, roll: roll, spin: spin, zoom: self.zoom)
    }

    /// True while the spin turns the model (not paused, not in pre-spin, non-zero).
    public var isSpinning: Bool { !isPaused && !isPrespin && increment != 0 }

    /// True while anything moves on its own (spin or momentum): the viewer must keep
    /// drawing. When false, nothing changes until the next gesture.
    public var isAnimating: Bool { isSpinning || free.isMoving || ball?.isMoving == true }

    /// The model's orientation: the current spin composed onto `settled`.
    public var orientation: Quaternion {
        (Quaternion(angle: .degrees(spunDegrees), axis: spinAxis.vector) * settled).normalized
    }

    /// The model's rotation for the renderer: the orientation, then any free rotation not
    /// yet folded into it.
    public var modelRotation: Quaternion { (free.rotation * orientation).normalized }

    /// The camera distance factor, 1 / zoom (< 1 is closer).
    public var cameraDistanceFactor: Double { 1 / zoom }

    /// True when the zoom sits at the upper end of `zoomRange` (the HUD says `(limit)`).
    public var isAtZoomLimit: Bool { zoom >= zoomRange.upperBound || zoom <= zoomRange.lowerBound }

    /// The camera distance for a scene whose camera sits `base` units from its target.
    public func cameraDistance(base: Float) -> Float { base / Float(zoom) }

    /// The spin turned so far becomes part of `settled`; the spin starts again from 0.
    mutating func settle() {
        settled = orientation
        spunDegrees = 0
        if free.rotation != .identity {
            settled = (free.rotation * settled).normalized
            free.rotation = .identity
        }
    }

    static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

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
