import Display
import Testing

/// The pixel grid of kitty and sixel is capped (`SizeCap.graphicsPixels`) before anything
/// is allocated, whatever the cell size an option or the terminal gives.
@Suite struct GraphicsSizeCap {
    @Test(
        "Huge cells give a grid within the cap, of the same shape",
        arguments: [(80, 24, 1000, 1000), (2000, 1000, 1000, 1000), (20, 10, 200, 200), (2000, 1, 1000, 1)])
    func hugeCellsAreScaledDown(columns: Int, rows: Int, width: Int, height: Int) {
        let placement = GraphicsPlacement(
            columns: columns, rows: rows, cellSize: CellSize(width: width, height: height))
        let grid = placement.grid
        #expect(grid.width * grid.height <= SizeCap.graphicsPixels)
        #expect(grid.width >= 1 && grid.height >= 1)
        // Still round on screen: the pixel aspect makes up for the scaling.
        let screenAspect = Double(grid.width) * Double(grid.pixelAspect) / Double(grid.height)
        let cellAspect = Double(columns * width) / Double(rows * height)
        #expect(abs(screenAspect / cellAspect - 1) < 0.01)
    }

    @Test func gridsWithinTheCapAreUntouched() {
        let grid = GraphicsPlacement(columns: 100, rows: 30, cellSize: CellSize(width: 8, height: 16)).grid
        #expect(grid.width == 800 && grid.height == 480)
    }
}
