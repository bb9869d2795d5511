import Math3D

/// Everything a band of rows needs, as raw pointers, so that bands can run on several
/// threads at once.
///
/// `@unchecked Sendable` because it carries pointers: the framebuffer pointers are only
/// written at rows inside the band being drawn, and bands do not overlap; everything else
/// is only read while the bands run.
struct BandContext: @unchecked Sendable {
    let width: Int
    let color: UnsafeMutablePointer<Vec3>
    let depth: UnsafeMutablePointer<Float>
    /// Nil when no normals are kept (`Rasterizer.keepsNormals`).
    let normal: UnsafeMutablePointer<Vec3>?
    let coverage: UnsafeMutablePointer<UInt8>
    let triangles: UnsafeBufferPointer<TriangleSetup>
    /// Tangents of normal-mapped triangles (`TriangleSetup.normalTexture` >= 0), at the
    /// triangles' indices; nil when no triangle has any.
    let tangents: UnsafePointer<TangentSetup>?
    let spheres: UnsafeBufferPointer<SphereSetup>
    let shades: UnsafeBufferPointer<ShadeParams>
    /// Per texture level (`MipChain`): level 0's sRGB-encoded bytes (empty for other levels),
    let textures: UnsafeBufferPointer<[UInt8]>
    /// level 0's alpha bytes (empty for other levels and opaque textures),
    let alphas: UnsafeBufferPointer<[UInt8]>
    /// and smaller levels' linear floats (empty for level 0).
    let mips: UnsafeBufferPointer<[Float]>
    /// `SRGB.toLinear`: 256 linear values.
    let linear: UnsafePointer<Float>
    /// `MipChain.unorm`: byte / 255, how data maps' level 0 reads.
    let unorm: UnsafePointer<Float>
    let textureSizes: UnsafeBufferPointer<SIMD2<Int32>>
    /// Per-band lists of triangle and sphere indices (`bins[starts[b]..<starts[b + 1]]`), or
    /// nil when there is one band, which draws everything.
    let triangleBins: UnsafePointer<Int32>?, triangleBinStarts: UnsafePointer<Int>?
    let sphereBins: UnsafePointer<Int32>?, sphereBinStarts: UnsafePointer<Int>?
    let rayX: UnsafePointer<Float>
    let rayY: UnsafePointer<Float>
    /// Unit vector towards the light, view space.
    let light: Vec3
    /// Colour of uncovered pixels.
    let background: Vec3
    /// Sphere pixels one row may examine in a frame (`Rasterizer.sphereOverdrawLimit` times
    /// the width); later spheres skip a row that has used it up.
    let sphereRowBudget: Int
    /// The frame's `Rasterizer.shouldCancel`, checked every few primitives, or nil.
    let cancel: CancelProbe?
}
