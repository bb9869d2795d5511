import Foundation
import Math3D

/// The mouse's free rotation: an orientation turned by drags (arcball), and a spin left
/// over from a fling that slows down exponentially until it comes to rest.
///
/// Axes are in world space as seen by a camera looking along -Z with Y up: a drag to the
/// right turns about +Y, a drag down turns about +X, so the front of the model follows
/// the pointer.
public struct FreeRotation: Hashable, Sendable {
    /// The accumulated drag rotation, applied after the spin. Default identity.
    public var rotation: Quaternion
    /// The axis of the momentum spin (unit length; X when at rest).
    public private(set) var axis: Vec3
    /// The momentum spin speed in degrees per second; 0 at rest.
    public private(set) var speed: Double
    /// The time in seconds for the momentum speed to fall to 1/e of itself. Default 0.6 s.
    public var decayTime: Double
    /// Below this speed, in degrees per second, the momentum stops. Default 2.
    public var restSpeed: Double
    /// Degrees turned per view height dragged. Default 180 (a drag across the whole view
    /// turns the model half a turn).
    public static let degreesPerViewHeight = 180.0

    /// A free rotation at rest.
    public init(rotation: Quaternion = .identity, decayTime: Double = 0.6, restSpeed: Double = 2) {
        self.rotation = rotation
        self.axis = Vec3(1, 0, 0)
        self.speed = 0
        self.decayTime = decayTime
        self.restSpeed = restSpeed
    }

    /// True while the momentum spin turns the model.
    public var isMoving: Bool { speed > 0 }

    /// Turns by a drag of `dx` (right) and `dy` (down) view heights.
    public mutating func drag(dx: Double, dy: Double) {
        guard let (axis, degrees) = Self.axisAndAngle(dx: dx, dy: dy) else { return }
        turn(degrees: degrees, about: axis)
    }

    /// Starts the momentum spin from a release at `vx`, `vy` view heights per second;
    /// a speed below `restSpeed` leaves the model at rest.
    public mutating func fling(velocityX vx: Double, velocityY vy: Double) {
        guard let (a, degrees) = Self.axisAndAngle(dx: vx, dy: vy), degrees >= restSpeed else {
            stop()
            return
        }
        axis = a
        speed = degrees
    }

    /// Stops the momentum spin at once (the click that catches a thrown object).
    public mutating func stop() {
        speed = 0
        axis = Vec3(1, 0, 0)
    }

    /// Lets `seconds` pass: the model turns by the integral of the decaying speed, so
    /// the result is the same in one step or in many.
    public mutating func advance(seconds: Double) {
        guard speed > 0, seconds > 0 else { return }
        let k = decayTime > 0 ? Foundation.exp(-seconds / decayTime) : 0
        let turned = speed * decayTime * (1 - k)
        turn(degrees: turned, about: axis)
        speed *= k
        if speed < restSpeed { stop() }
    }

    /// The total angle in degrees the momentum will still turn before it stops
    /// (ignoring the cut-off at `restSpeed`).
    public var remainingDegrees: Double { speed * decayTime }

    private mutating func turn(degrees: Double, about axis: Vec3) {
        rotation = (Quaternion(angle: .degrees(degrees), axis: axis) * rotation).normalized
    }

    /// The rotation axis perpendicular to a screen motion and its angle in degrees.
    private static func axisAndAngle(dx: Double, dy: Double) -> (Vec3, Double)? {
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0, len.isFinite else { return nil }
        let axis = Vec3(Float(dy / len), Float(dx / len), 0)
        return (axis, len * degreesPerViewHeight)
    }
}
