import Apollonian
import Display
import Foundation
import SceneGraph

/// The packing browsed at any depth: spheres generated for the view (by projected size,
/// whatever their generation), placed relative to the view's centre and scaled by its
/// zoom, so the renderer's `Float`s see numbers near 1 at every zoom.
extension ApollonianScenes {
    /// At most this many spheres per browsed frame; past it the size cut-off doubles.
    static let browseSphereLimit = 40_000
    /// Spheres smaller than this many pixels in radius (at the view's centre) are left out.
    static let browsePixelRadius = 0.75
    /// The fly-through: spheres that come nearer to the camera than this share of its
    /// distance to the point looked at, from any direction the scene can turn to, are left
    /// out, as if the camera had flown through them (see `browseClearance`). A half: the
    /// ball it leaves about the point (2.5 view units) still holds the corners of an 80x24
    /// frame at the point's depth (2.3 units away), so the frame stays full; a smaller
    /// share keeps spheres nearer the camera, where one can fill the frame, and a larger
    /// one empties the corners.
    static let flyThroughShare = 0.5

    /// The radius about the point looked at, in view units, that browsed spheres must lie
    /// wholly within: the camera circles that point at `ApollonianScene.cameraDistance`, so
    /// a sphere inside the radius never comes nearer to it than `flyThroughShare` of that
    /// distance, whichever way the scene is turned.
    static let browseClearance = Double(ApollonianScene.cameraDistance) * (1 - flyThroughShare)

    /// The position's frame is one whose gap holds a ball this share of the walk's reach
    /// about the centre (or deeper): the centre keeps about three more digits than the
    /// view needs, and the path is about a dozen steps longer than the view's.
    static let browseAnchorShare = 1e-3

    /// Whether `o` browses the packing: the generated packing without `--level` (nor
    /// `--url`), in the viewer always, headless when `--zoom` or `--center` is given.
    static func browses(_ o: Options, forViewer: Bool) -> Bool {
        o.url == nil && !o.levelGiven && (forViewer || o.zoomGiven || o.center != nil)
    }

    /// Half the view's height at the rotation centre, in view units: the camera is
    /// `ApollonianScene.cameraDistance` away with a 27 degree field of view.
    static var browseHalfHeight: Double {
        Double(ApollonianScene.cameraDistance) * tan(fieldOfViewDegrees / 2 * .pi / 180)
    }

    /// The starting position of `o`: `--center` (default `PackingBrowser.deepTarget`, the
    /// default target held deep), `--zoom`, in the frame that suits it.
    static func browseStart(_ o: Options) -> BrowsePosition {
        if let center = o.center { return browseRebase(BrowsePosition(center: center, zoom: o.zoom), kind: o.packing) }
        let deep = PackingBrowser.deepTarget(kind: o.packing)
        let frame = BrowseFrame(
            steps: deep.steps)
        return browseRebase(BrowsePosition(center: deep.center, zoom: o.zoom, frame: frame), kind: o.packing)
    }

    /// `position` in a frame of the packing deeper than the view: the deepest whose gap
    /// holds a ball `browseAnchorShare` of the walk's reach about the centre, or a deeper
    /// one the centre was already in, so its centre keeps its digits at any zoom
    /// (`PackingBrowser.locate`, keeping digits). Zooming towards the centre never climbs,
    /// so the default target, held 10^-36 deep, is found exactly at every zoom.
    static func browseRebase(_ position: BrowsePosition, kind: PackingKind) -> BrowsePosition {
        let view = PackingView(
            center: position.center, radius: browseAnchorShare * browseClearance / position.zoom, minRadius: 1,
            path: position.frame.steps.map(\.slot))
        let found = PackingBrowser.locate(view, kind: kind, keepingDigits: true)
        let frame = BrowseFrame(
            steps: found.steps)
        return BrowsePosition(center: found.center, zoom: position.zoom, frame: frame)
    }

    /// The scene seen from `position` on a `columns` x `rows` cell view of cells
    /// `cellAspect` (width / height) in shape: every sphere
    /// meeting a ball a little wider than the view about its centre, down to
    /// `browsePixelRadius` pixels (two pixels per cell row), at most `browseSphereLimit`.
    static func browseScene(
        _ o: Options, position: BrowsePosition, columns: Int, rows: Int, cellAspect: Double,
        isCancelled: (@Sendable () -> Bool)? = nil, progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> ViewerScene {
        let h = browseHalfHeight
        let rows = max(rows, 1)
        let aspect = Double(max(columns, 1)) * cellAspect / Double(rows)
        let reach = h * (1 + aspect * aspect).squareRoot() * 1.1
        let minRadius = browsePixelRadius * h / Double(rows)
        // Past the limit the size cut-off doubles, within the one walk.
        let view = PackingView(
            center: position.center, radius: reach / position.zoom, minRadius: minRadius / position.zoom,
            wholeWithin: browseClearance / position.zoom, path: position.frame.steps.map(\.slot))
        let records = try PackingBrowser.relativeRecords(
            view, kind: o.packing, maxSpheres: min(o.maxSpheres, browseSphereLimit),
            clans: o.packingLook.needsClans, coarsens: true, isCancelled: isCancelled,
            progress: progress)
        let placed = records.map { r in
            SphereRecord(
                x: r.x * position.zoom, y: r.y * position.zoom, z: r.z * position.zoom, r: r.r * position.zoom,
                level: r.level,
                clan: r.clan, curvature: r.curvature)
        }
        let options = PackingOptions(edgeOnly: false, kind: o.packing)
        var look = o.packingLook
        let extent = browseExtent(records, viewRadius: h / position.zoom)
        look.generationBase = extent.base
        let s = scene(records: placed, options: options, look: look)
        var v = ViewerScene(
            scene: s, label: browseLabel(count: records.count, smallest: extent.smallest),
            legend: [look.meaning] + look.legend(records, options: options).map(\.line))
        if look.labels { v.tagPrefix = ApollonianScene.tagPrefix }
        return v
    }

    /// In one pass over `records`: the smallest radius (nil when there are none), and the
    /// generation browsed views colour from (`PackingLook.generationBase`): the lowest
    /// among the spheres no larger than the view (`viewRadius`, half its height, in outer
    /// radii; among all when none is), so the spheres seen whole start the palette at every
    /// depth, as the four largest do at zoom 1; the few larger ones (partly in view) take
    /// its first colour.
    static func browseExtent(_ records: [SphereRecord], viewRadius: Double) -> (smallest: Double?, base: Int) {
        var smallest: Double?
        var lowest: Int?
        var lowestSeen: Int?
        for r in records {
            smallest = min(smallest ?? r.r, r.r)
            lowest = min(lowest ?? r.generation, r.generation)
            if r.r <= viewRadius { lowestSeen = min(lowestSeen ?? r.generation, r.generation) }
        }
        return (smallest, lowestSeen ?? lowest ?? 0)
    }

    /// `4210 spheres | smallest r 3.1e-07` (a fraction of the outer radius).
    static func browseLabel(count: Int, smallest: Double?) -> String {
        "\(count) spheres" + (smallest.map { " | smallest r " + String(format: "%.2g", $0) } ?? "")
    }

    /// The browsed packing as `o` starts it; in the viewer with the source that rebuilds
    /// it as the view moves.
    static func browsed(_ o: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        let start = browseStart(o)
        let built: ViewerScene
        do {
            built = try browseScene(
                o, position: start, columns: o.columns, rows: o.rows, cellAspect: o.headlessCellAspect)
        } catch {
            throw CLIError("apollonian: \(error)")
        }
        var loaded = loaded(built)
        let kind = o.packing
        loaded.browse = BrowseSource(
            initial: start, halfHeight: browseHalfHeight, rebase: { browseRebase($0, kind: kind) }
        ) {
            position, columns, rows, cellAspect, progress in
            try browseScene(
                o, position: position, columns: columns, rows: rows, cellAspect: cellAspect,
                isCancelled: { progress.isCancelled }, progress: { progress.report($0, "") })
        }
        return loaded
    }
}
