/// One frame nested in another by a similarity without rotation: a point `x` of the new
/// frame is `origin + scale * x` in the previous one. Deep views (the browsed packing) keep
/// their position as a chain of these, so every number stays near 1 at any depth.
public struct FrameStep: Hashable, Sendable {
    /// What the step is called by its scene (the packing's slot replaced, 0...4).
    public var slot: Int
    /// The new frame's origin, in the previous frame.
    public var origin: SIMD3<Double>
    /// The new frame's unit, in units of the previous frame (< 1 when nesting inwards).
    public var scale: Double

    /// A step.
    public init(slot: Int, origin: SIMD3<Double>, scale: Double) {
        self.slot = slot
        self.origin = origin
        self.scale = scale
    }
}
