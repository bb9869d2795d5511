import Math3D

/// A sphere to draw as a screen-space impostor: view-space centre and radius, the pixel
/// bounds of its exact projection, and the pixel holding its projected centre.
struct SphereSetup {
    /// Pixel bounds (inclusive) of the projected sphere, clamped to the framebuffer; may be
    /// empty (min > max) for a sphere smaller than a pixel.
    var minX: Int32, maxX: Int32, minY: Int32, maxY: Int32
    /// The pixel containing the projected centre, or -1 when it is off screen. It is always
    /// drawn (when it wins the depth test), so sub-pixel spheres do not vanish.
    var centerX: Int32, centerY: Int32
    /// Centre in view space.
    var center: Vec3
    /// Radius in view (= world) units, and its square.
    var radius: Float, radiusSquared: Float
    /// Depth of the point nearest the camera (`distance along the view axis - radius`).
    var frontDepth: Float
    /// Index into the frame's shading table.
    var material: Int32
}
