/// The axis a swipe spins the model about.
public enum SpinAxis: String, Hashable, Sendable {
    /// Horizontal screen axis: up and down swipes.
    case x = "X"
    /// Vertical screen axis: left and right swipes.
    case y = "Y"
}
