import Display
import Foundation

/// `orbit bench` on the browsed packing: the camera flies in as the viewer does while
/// zooming, holding `+`. Each frame zooms by `zoomPerFrame` towards the centre (up to
/// `BrowsePosition.zoomRange`'s 10^30: 171 frames from zoom 1) and draws the last
/// built scene moved and scaled to the new position (the viewer's picture while a build
/// runs); each frame also rebuilds the scene for the new position, timed apart from the
/// frame (the viewer builds on another thread, so a frame never waits for it).
struct BrowseBench {
    /// Zoom factor per frame, one `+`: 171 frames fly from zoom 1 to 10^30.
    static let zoomPerFrame = 1.5

    let source: BrowseSource
    let columns: Int
    let rows: Int
    /// Width / height of a cell (`--cell-aspect`, or the one `--cell-size` gives).
    let cellAspect: Double
    var position: BrowsePosition
    var built: (scene: ViewerScene, position: BrowsePosition)
    /// Milliseconds of each rebuild.
    private(set) var buildTimes: [Double] = []
    /// Spheres in each rebuilt scene.
    private(set) var sphereCounts: [Double] = []
    /// Process CPU time spent in rebuilds, in nanoseconds (nothing else runs meanwhile).
    private(set) var buildCPU: UInt64 = 0

    init(source: BrowseSource, scene: ViewerScene, columns: Int, rows: Int, cellAspect: Double) {
        self.source = source
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
        position = source.initial
        built = (scene, source.initial)
    }

    /// Zooms one frame further, rebuilds (timed) and returns the scene the next frame
    /// draws: the previous build moved to the new position, as the viewer shows it.
    mutating func step() throws -> ViewerScene {
        position = source.rebase(position.zoomed(by: Self.zoomPerFrame, towards: position.center))
        let shown = built.scene.moved(from: built.position, to: position)
        let t0 = BenchCommand.now()
        let cpu0 = BenchCommand.cpuNow()
        let scene = try source.load(position, columns, rows, cellAspect, LevelProgress())
        buildTimes.append(BenchCommand.ms(BenchCommand.now() - t0))
        sphereCounts.append(Double(scene.scene.drawList().count))
        buildCPU &+= BenchCommand.cpuNow() &- cpu0
        built = (scene, position)
        return shown
    }

    /// The figures bench prints for a flight.
    var lines: [String] {
        [
            "browse_zoom: \(String(format: "%.3g", source.initial.zoom)) to \(String(format: "%.3g", position.zoom))",
            "browse_build_ms_median: \(BenchCommand.fmt(BenchCommand.median(buildTimes)))",
            "browse_build_ms_max: \(BenchCommand.fmt(buildTimes.max() ?? 0))",
            "browse_spheres_median: \(Int(BenchCommand.median(sphereCounts)))",
            "browse_spheres_min: \(Int(sphereCounts.min() ?? 0))",
        ]
    }
}
