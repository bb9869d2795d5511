import Testing

@testable import Raster

/// The surface maps' per-triangle fields fill padding: a triangle set-up stays 304 bytes
/// (the set-up buffer is written for every triangle every frame), and tangents live in
/// their own table, paid for only by normal-mapped triangles.
@Suite struct SurfaceMapLayout {
    @Test func aTriangleSetUpStays304Bytes() {
        #expect(MemoryLayout<TriangleSetup>.stride == 304)
        #expect(MemoryLayout<TangentSetup>.stride == 64)
    }
}
