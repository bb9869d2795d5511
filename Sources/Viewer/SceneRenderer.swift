import Gestures

/// The built-in renderer: rasterizer and cell encoder. Connected once Raster and Cells
/// are merged.
final class SceneRenderer: FrameRenderer {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the built-in renderer is not connected yet (Raster and Cells pending)" }
    }

    init(scene: ViewerScene, settings: RendererSettings) throws { throw Unavailable() }

    var triangleCount: Int { 0 }
    var glyphSetName: String { "" }
    var colorDepthName: String { "" }
    func nextGlyphSet() {}
    func nextColorDepth() {}
    func setScene(_ scene: ViewerScene) {}
    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] { [] }
}
