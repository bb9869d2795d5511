import Math3D

/// The axis a swipe spins the model about.
public enum SpinAxis: String, Hashable, Sendable {
    /// Horizontal screen axis: up and down swipes.
    case x = "X"
    /// Vertical screen axis: left and right swipes.
    case y = "Y"

    /// The unit vector of the axis in world (= screen) coordinates.
    public var vector: Vec3 { self == .x ? Vec3(1, 0, 0) : Vec3(0, 1, 0) }
}
