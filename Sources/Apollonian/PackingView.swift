/// The part of a packing a view needs: spheres meeting a ball about a point, down to a
/// size (about half a pixel).
public struct PackingView: Hashable, Sendable {
    /// Centre of the view, in outer radii (the container is the unit ball at the origin).
    public var center: SIMD3<Double>
    /// Spheres meeting the ball of this radius about `center` are kept, in outer radii.
    public var radius: Double
    /// Spheres smaller than this (outer radii) are left out, with every sphere in gaps
    /// smaller than this.
    public var minRadius: Double
    /// When set, spheres not lying wholly within this distance of `center` (outer radii)
    /// are left out: the fly-through of a camera circling `center` at a larger distance,
    /// which then never comes nearer to a sphere than the difference. Nil (the default)
    /// keeps them.
    public var wholeWithin: Double?

    /// A view; `radius`, `minRadius` and `wholeWithin` (default nil: no limit) are in outer
    /// radii and must be positive.
    public init(center: SIMD3<Double>, radius: Double, minRadius: Double, wholeWithin: Double? = nil) {
        self.center = center
        self.radius = radius
        self.minRadius = minRadius
        self.wholeWithin = wholeWithin
    }
}
