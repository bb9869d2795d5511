import Math3D

/// A screen-space triangle ready to rasterize: fixed-point edge functions (8 sub-pixel
/// bits) with the top-left bias folded in, its pixel bounds and its attributes divided by w.
///
/// Edge `k` is the one opposite vertex `k`, so at a pixel the three edge values divided by
/// twice the area are the barycentric weights of vertices 0, 1, 2.
struct TriangleSetup {
    /// Pixel bounds (inclusive), already clamped to the framebuffer.
    var minX: Int32, maxX: Int32, minY: Int32, maxY: Int32
    /// Edge functions: `E_k(px, py) = a_k * px + b_k * py + c_k` in 1/256 pixel units.
    var a0: Int64, b0: Int64, c0: Int64
    var a1: Int64, b1: Int64, c1: Int64
    var a2: Int64, b2: Int64, c2: Int64
    /// 1 / (twice the signed area) in the same units.
    var invArea: Float
    /// Index into the frame's shading table.
    var material: Int32
    /// Index of the texture mip level to sample in the frame's texture-level table, or -1.
    var texture: Int32
    /// The same for the emission texture.
    var glowTexture: Int32
    /// The same for the occlusion map (`ShadeParams.occlusionTexture`), or -1.
    var occlusionTexture: Int32 = -1
    /// The same for the metal-roughness map, or -1.
    var metalTexture: Int32 = -1
    /// 1/w of the three vertices (linear in screen space).
    var invW: Vec3
    /// Normal components over w, one lane per vertex.
    var nx: Vec3, ny: Vec3, nz: Vec3
    /// Texture coordinates over w, one lane per vertex.
    var u: Vec3, v: Vec3
    /// The second texture coordinate set over w (`Mesh.uvs1`), or zeros.
    var u1: Vec3 = .zero, v1: Vec3 = .zero
    /// Vertex colours (linear RGB) over w, one lane per vertex; used when `colored`.
    var r: Vec3 = .one, g: Vec3 = .one, b: Vec3 = .one
    /// True when the mesh has vertex colours: the albedo is multiplied by them.
    var colored = false
    /// The normal map's level as `texture`, or -1; when set, the frame's tangent table holds
    /// this triangle's `TangentSetup` at the triangle's own index. (Last, where it fills
    /// padding: the set-up stays 304 bytes.)
    var normalTexture: Int32 = -1

    /// A placeholder for unused slots of the set-up buffer.
    static let zero = TriangleSetup(
        minX: 0, maxX: -1, minY: 0, maxY: -1, a0: 0, b0: 0, c0: 0, a1: 0, b1: 0, c1: 0, a2: 0, b2: 0, c2: 0,
        invArea: 0, material: 0, texture: -1, glowTexture: -1, occlusionTexture: -1, metalTexture: -1,
        invW: .zero, nx: .zero, ny: .zero, nz: .zero, u: .zero, v: .zero)
}
