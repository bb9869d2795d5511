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
    /// The zoom each rebuild was for.
    private(set) var buildZooms: [Double] = []
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
        buildZooms.append(position.zoom)
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
        ] + depthLines
    }

    /// Decades of zoom per row of the depth table.
    static let decadesPerBand = 3

    /// One line per `decadesPerBand` decades of zoom flown through, the median and worst
    /// build and the median spheres of the builds in that band:
    /// `browse_depth: 1e3..1e6 builds 17 build_ms_median 21.700 build_ms_max 30.100 spheres_median 30766`.
    var depthLines: [String] {
        var bands: [Int: [Int]] = [:]
        for (i, z) in buildZooms.enumerated() {
            let decade = Int((log10(max(z, 1)) + 1e-9).rounded(.down))
            bands[decade / Self.decadesPerBand, default: []].append(i)
        }
        return bands.keys.sorted().map { band in
            let members = bands[band] ?? []
            let times = members.map { buildTimes[$0] }
            let spheres = members.map { sphereCounts[$0] }
            let low = band * Self.decadesPerBand
            return "browse_depth: 1e\(low)..1e\(low + Self.decadesPerBand) builds \(members.count)"
                + " build_ms_median \(BenchCommand.fmt(BenchCommand.median(times)))"
                + " build_ms_max \(BenchCommand.fmt(times.max() ?? 0))"
                + " spheres_median \(Int(BenchCommand.median(spheres)))"
        }
    }
}
