import Math3D

/// A vertex in homogeneous clip space with the attributes clipping interpolates.
struct ClipVertex {
    /// Clip-space position.
    var position: Vec4
    /// View-space normal.
    var normal: Vec3
    /// Texture coordinates.
    var uv: Vec2
    /// Vertex colour (linear RGB); white when the mesh has none.
    var color: Vec3 = .one
    /// Second texture coordinates; zero when the mesh has none.
    var uv1: Vec2 = .zero
    /// View-space tangent and handedness (`TangentSetup.view`); zero unless normal-mapped.
    var tangent: Vec4 = .zero

    /// The point `t` of the way from `a` to `b` (clip space is linear, so this is exact).
    @inline(__always)
    static func lerp(_ a: ClipVertex, _ b: ClipVertex, _ t: Float) -> ClipVertex {
        ClipVertex(
            position: a.position + (b.position - a.position) * t,
            normal: a.normal + (b.normal - a.normal) * t,
            uv: a.uv + (b.uv - a.uv) * t, color: a.color + (b.color - a.color) * t, uv1: a.uv1 + (b.uv1 - a.uv1) * t,
            tangent: a.tangent + (b.tangent - a.tangent) * t)
    }
}
