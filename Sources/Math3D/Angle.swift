import Foundation

/// An angle, carried in radians and readable in degrees, so that no call site has to
/// remember which unit a bare number is in.
public struct Angle: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double

    /// An angle of `radians` radians.
    @inlinable public init(radians: Double) { self.radians = radians }
    /// An angle of `degrees` degrees.
    @inlinable public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    /// An angle of `radians` radians.
    @inlinable public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    /// An angle of `degrees` degrees.
    @inlinable public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    /// No rotation.
    public static let zero = Angle(radians: 0)

    /// The angle in degrees.
    @inlinable public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static func += (a: inout Angle, b: Angle) { a.radians += b.radians }
    public static func -= (a: inout Angle, b: Angle) { a.radians -= b.radians }
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }

    /// Sine of the angle.
    public var sin: Double { Foundation.sin(radians) }
    /// Cosine of the angle.
    public var cos: Double { Foundation.cos(radians) }

    public var description: String { "\(degrees) deg" }
}
