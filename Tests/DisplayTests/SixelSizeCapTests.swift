import Display
import Testing

/// Sixel draws at screen pixels: its screen image is the cell area within the one
/// graphics cap, however large the cells (`--cell-size 1000x1000` aborted allocating it).
@Suite struct SixelSizeCapTests {
    @Test(arguments: [(80, 24, 1000, 1000), (2000, 1000, 200, 200), (80, 24, 1_000_000_000, 1_000_000_000)])
    func theSixelScreenImageIsWithinTheGraphicsCap(columns: Int, rows: Int, width: Int, height: Int) {
        let cell = CellSize(width: width, height: height)
        let sixel = SixelOutput(placement: GraphicsPlacement(columns: columns, rows: rows, cellSize: cell))
        #expect(sixel.screenWidth * sixel.screenHeight <= SizeCap.graphicsPixels)
        #expect(sixel.grid.width * sixel.grid.height <= SizeCap.graphicsPixels)
        // The same shape as the cell area, within a pixel and the 6-row sixel band.
        let shape = Double(columns * width) / Double(rows * height)
        #expect(abs(Double(sixel.screenWidth) / Double(sixel.screenHeight) - shape) / shape < 0.01)
    }

    @Test func aSmallAreaIsDrawnAtItsFullSize() {
        let sixel = SixelOutput(
            placement: GraphicsPlacement(columns: 80, rows: 24, cellSize: CellSize(width: 10, height: 20)))
        #expect(sixel.screenWidth == 800)
        #expect(sixel.screenHeight == 480)
    }
}
