import Math3D

/// The part of a packing a view needs: spheres meeting a ball about a point, down to a
/// size (about half a pixel).
public struct PackingView: Hashable, Sendable {
    /// The frame `center` is in: the slots replaced from the seed quintuple to the
    /// quintuple whose gap holds the view (`PackingBrowser.locate`); empty (the default)
    /// for outer radii, the container the unit ball at the origin. Each step's frame has
    /// its origin at the centre of the gap the step fills and its unit that gap's radius.
    public var path: [Int]
    /// Centre of the view, in the frame of `path` (outer radii when it is empty).
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
    /// radii and must be positive; `center` is in the frame of `path` (default empty:
    /// outer radii).
    public init(
        center: SIMD3<Double>, radius: Double, minRadius: Double, wholeWithin: Double? = nil, path: [Int] = []
    ) {
        self.center = center
        self.radius = radius
        self.minRadius = minRadius
        self.wholeWithin = wholeWithin
        self.path = path
    }
}

/// One step of a view's path: the slot replaced, and the new frame's origin and unit in
/// the previous frame's units (`FrameStep`).
public typealias PackingFrameStep = FrameStep
