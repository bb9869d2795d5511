/// Outcode bits of a clip-space vertex: which planes it is outside of.
enum Outcode {
    static let left: UInt8 = 1, right: UInt8 = 2, bottom: UInt8 = 4, top: UInt8 = 8
    static let near: UInt8 = 16, far: UInt8 = 32
    /// Outside the guard band on any side: the triangle must be clipped before projection.
    static let guardBand: UInt8 = 64
    /// Not a finite point (or not in front of the camera when `near` is not set).
    static let invalid: UInt8 = 128
    /// Bits that reject a triangle when all three vertices share one.
    static let frustum: UInt8 = 63
    /// Bits that send a triangle through clipping.
    static let needsClip: UInt8 = near | guardBand
}
