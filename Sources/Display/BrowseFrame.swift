import Math3D

/// The frame a browsed position is held in: a chain of similarities from the scene's own
/// units (outer radii for the packing), each step a frame nested in the previous one, so
/// a point deep in the scene keeps all its digits (`BrowsePosition.center`).
public struct BrowseFrame: Hashable, Sendable {
    /// One nested frame: a point `x` of it is `origin + scale * x` in the previous frame.
    public typealias Step = FrameStep

    /// The steps from the scene's units.
    public private(set) var steps: [Step]
    /// Scene units per unit of this frame (the product of the steps' scales).
    public private(set) var unit: Double

    /// A frame from its steps.
    public init(steps: [Step] = []) {
        self.steps = steps
        unit = steps.reduce(1) { $0 * $1.scale }
    }

    /// The scene's own units.
    public static let root = BrowseFrame()

    /// `p`, a point of frame `other`, in this frame: up `other`'s steps to the frames both
    /// share, then down this one's (costs the steps that differ).
    public func convert(_ p: SIMD3<Double>, from other: BrowseFrame) -> SIMD3<Double> {
        var common = 0
        while common < min(steps.count, other.steps.count), steps[common] == other.steps[common] { common += 1 }
        var x = p
        for step in other.steps[common...].reversed() { x = step.origin + step.scale * x }
        for step in steps[common...] { x = (x - step.origin) / step.scale }
        return x
    }
}
