import Display
import Gestures
import Testing

@testable import Viewer

/// The `s` key's picture is at the terminal's pixel size: cells x cell pixels, at least
/// 8x16 pixels per cell.
@Suite struct ScreenshotSize {
    @Test(arguments: [(CellSize(width: 10, height: 20), 10, 20), (CellSize(width: 4, height: 8), 8, 16)])
    func aCellsFrameIsSavedAtTheTerminalsCellSize(size: CellSize, width: Int, height: Int) throws {
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .fallback),
            cellSize: Detected(size, .option))
        let renderer = try SceneRenderer(scene: ViewerLoopTests.ball, settings: settings)
        _ = renderer.frame(columns: 30, rows: 10, motion: MotionState(), full: true)
        let image = try #require(renderer.lastFrameImage())
        #expect(image.width == 30 * width && image.height == 10 * height)
    }
}
