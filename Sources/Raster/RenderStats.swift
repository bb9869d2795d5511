/// What one `Rasterizer.render` call did: counts for a HUD, a benchmark or a test.
///
/// Every triangle of a mesh drawn as triangles is submitted once and ends up either
/// drawn or culled (`trianglesSubmitted == trianglesDrawn + trianglesCulled`); clipped
/// triangles are counted in one of those two as well. A line or a point of a mesh group of
/// lines or points counts as one triangle (drawn when any of its quad is).
public struct RenderStats: Hashable, Sendable {
    /// Triangles handed to the triangle pipeline (meshes drawn as impostors excluded).
    public var trianglesSubmitted: Int
    /// Triangles that reached rasterization: front-facing, on screen and covering at least
    /// one pixel centre (whether or not they then won the depth test).
    public var trianglesDrawn: Int
    /// Triangles dropped before rasterization: back-facing, degenerate, outside the view,
    /// or too small to cover any pixel centre.
    public var trianglesCulled: Int
    /// Triangles that crossed the near plane (or the guard band) and were clipped.
    public var trianglesClipped: Int
    /// Sphere meshes drawn as exact screen-space impostors.
    public var spheresDrawn: Int
    /// Sphere meshes skipped because they were off screen, behind the camera or beyond the
    /// far plane.
    public var spheresCulled: Int
    /// True when `Rasterizer.shouldCancel` stopped the frame: the counts cover what was done
    /// before it stopped, and the framebuffer holds part of a picture, not one to show.
    public var cancelled: Bool

    /// All counts zero.
    public init() {
        trianglesSubmitted = 0
        trianglesDrawn = 0
        trianglesCulled = 0
        trianglesClipped = 0
        spheresDrawn = 0
        spheresCulled = 0
        cancelled = false
    }
}
