import Math3D

/// A normal-mapped triangle's tangents in view space, over w, one lane per vertex (as
/// `TriangleSetup`'s normals): `tx`, `ty`, `tz` the tangent, `tw` the handedness (times the
/// side a double-sided back face is seen from, so the bitangent keeps its way on the surface).
struct TangentSetup {
    var tx: Vec3, ty: Vec3, tz: Vec3, tw: Vec3

    /// The set-up of three view-space tangents (`xyz`, `w`) at vertices of 1/w `invW`.
    @inline(__always)
    init(_ t0: Vec4, _ t1: Vec4, _ t2: Vec4, invW: Vec3) {
        let a = t0 * invW.x
        let b = t1 * invW.y
        let c = t2 * invW.z
        tx = Vec3(a.x, b.x, c.x)
        ty = Vec3(a.y, b.y, c.y)
        tz = Vec3(a.z, b.z, c.z)
        tw = Vec3(a.w, b.w, c.w)
    }

    /// View-space tangent `t` (model-space `xyz` through the model-view matrix columns `c0`,
    /// `c1`, `c2`) with handedness `w * side`.
    @inline(__always)
    static func view(_ t: Vec4, _ c0: Vec3, _ c1: Vec3, _ c2: Vec3, side: Float) -> Vec4 {
        let v = c0 * t.x + c1 * t.y + c2 * t.z
        return Vec4(v.x, v.y, v.z, (t.w < 0 ? -1 : 1) * side)
    }
}
