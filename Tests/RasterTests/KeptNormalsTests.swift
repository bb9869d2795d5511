import Foundation
import Math3D
import Raster
import SceneGraph
import Testing

/// A rasterizer that keeps no normals (`Rasterizer.keepsNormals` false) draws the same
/// picture, depth and coverage, and leaves the normal plane empty; pipelines keep normals
/// only for the output that reads them (edge glyphs).
@Suite struct KeptNormals {
    @Test func withoutNormalsThePictureIsTheSame() throws {
        let scene = try ParallelBands.busyScene()
        for threads in [1, 3] {
            let keeping = Rasterizer(threads: threads)
            var kept = Framebuffer(width: 160, height: 100)
            keeping.render(scene, into: &kept, pixelAspect: 1)
            let dropping = Rasterizer(threads: threads)
            dropping.keepsNormals = false
            var dropped = Framebuffer(width: 160, height: 100)
            // Twice: the second frame reuses the framebuffer without its normal plane.
            for _ in 0..<2 { dropping.render(scene, into: &dropped, pixelAspect: 1) }
            #expect(dropped.normal.isEmpty)
            #expect(kept.normal.count == 160 * 100 && kept.normal.contains { $0 != .zero })
            #expect(dropped.color == kept.color && dropped.depth == kept.depth && dropped.coverage == kept.coverage)
            // Kept again: the plane comes back, whole.
            dropping.keepsNormals = true
            dropping.render(scene, into: &dropped, pixelAspect: 1)
            #expect(dropped.normal == kept.normal)
        }
    }
}
