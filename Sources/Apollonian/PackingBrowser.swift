import Foundation
import Synchronization

/// Generates only what a view shows, at any depth: the spheres meeting the view's ball
/// that are at least its minimum radius, whatever their generation.
///
/// Walks quintuples of mutually tangent spheres (replacing one slot by the other sphere
/// tangent to the remaining four, only towards smaller spheres), each quintuple once, from
/// its canonical parent (the one undoing its highest-numbered step back, as lengths in the
/// Coxeter group of the moves decide). A new sphere fills the gap between the four spheres
/// it was made tangent to, and everything made below it stays in that gap; the gap lies
/// inside the sphere orthogonal to those four (through their six points of contact), so a
/// subtree whose gap ball misses the view, or is smaller than the minimum radius, is
/// skipped whole. The work is then about the number of spheres shown, at any zoom.
///
/// Each quintuple is held in the frame of its own gap (`InversiveSphere` coordinates,
/// near 1 at any depth), and the view's centre in the frame of the deepest gap holding
/// the view (`PackingView.path`, from `locate`), so a view 10^-30 of the outer radius
/// across is walked with the precision of one at zoom 1.
public enum PackingBrowser {
    /// The spheres of packing `kind` that `view` shows: radius at least
    /// `view.minRadius`, meeting the view's ball; with `view.wholeWithin`, only the spheres
    /// lying wholly within that distance of its centre. Centres relative to the view's
    /// centre, radii in outer radii of a unit container. Records carry `L` = generation +
    /// 1, the exact curvature (nil past curvatures of 10^15, where the exact labels
    /// overflow) and, when `clans` (default true), the clan the service's tree gives them
    /// (-1 without `clans`).
    /// With `coarsens` (default false), a view that would pass `maxSpheres` doubles its
    /// minimum radius as often as needed instead, in the same walk (the records are those
    /// of the view with the raised minimum).
    /// `progress` (default none) hears the share of the walk done (0...1, the subtrees
    /// below a quarter of the reach walked so far), from the walk's threads.
    /// - Throws: `PackingError.tooManySpheres` past `maxSpheres` (or past 64 quintuples
    ///   walked per sphere allowed) unless `coarsens`, `.cancelled`, `.invalidOption` for a
    ///   view that is not positive and finite.
    public static func relativeRecords(
        _ view: PackingView, kind: PackingKind = .standard, maxSpheres: Int = 2_000_000, clans: Bool = true,
        coarsens: Bool = false, isCancelled: (@Sendable () -> Bool)? = nil,
        progress: (@Sendable (Double) -> Void)? = nil
    ) throws -> [SphereRecord] {
        try relativeRecords(
            view, kind: kind, maxSpheres: maxSpheres, clans: clans, coarsens: coarsens, isCancelled: isCancelled,
            progress: progress, threads: walkThreads)
    }

    /// `relativeRecords` with the walk below a quarter of the reach split across at most
    /// `threads` threads (one: a single walk).
    static func relativeRecords(
        _ view: PackingView, kind: PackingKind, maxSpheres: Int, clans: Bool, coarsens: Bool,
        isCancelled: (@Sendable () -> Bool)?, progress: (@Sendable (Double) -> Void)?, threads: Int
    ) throws -> [SphereRecord] {
        guard view.radius.isFinite, view.radius > 0, view.minRadius.isFinite, view.minRadius > 0,
            view.center.x.isFinite, view.center.y.isFinite, view.center.z.isFinite,
            view.wholeWithin.map({ $0.isFinite && $0 > 0 }) ?? true
        else {
            throw PackingError.invalidOption("zoom", "the view is not positive and finite")
        }
        let chain = BrowseChain.cached(kind: kind, path: view.path)
        var climbed = [view.center]
        for step in chain.steps.reversed() { climbed.append(step.origin + step.scale * climbed[climbed.count - 1]) }
        let centers = Array(climbed.reversed())
        var walk = BrowseWalk(
            kind: kind, path: chain.path, centers: centers, radius: view.radius, minRadius: view.minRadius,
            wholeWithin: view.wholeWithin, maxSpheres: maxSpheres, clans: clans, coarsens: coarsens,
            isCancelled: isCancelled)
        // The large quintuples in one walk, the subtrees below a quarter of the reach
        // dealt out to one walk per core.
        if threads > 1 { walk.splitUnit = 0.25 * min(view.radius, 1) }
        walk = try onLargeStacks([walk]) { _, w in try w.run() }[0]
        let tasks = walk.tasks
        walk.tasks = []
        walk.splitUnit = nil
        guard !tasks.isEmpty else { return walk.records }
        let cores = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), threads, tasks.count)
        var share = walk
        share.records = []
        let walked = Atomic<Int>(0)
        let shares = try onLargeStacks(Array(repeating: share, count: cores)) { i, w in
            for t in stride(from: i, to: tasks.count, by: cores) {
                try w.walk(task: tasks[t])
                let n = walked.add(1, ordering: .relaxed).newValue
                progress?(Double(n) / Double(tasks.count))
            }
        }
        try walk.merge(shares)
        return walk.records
    }

    /// At most this many walks at once (the machine's cores, up to this).
    static let walkThreads = 2

    /// Runs `body` on each of `walks` (with its index), each on a thread of its own with a
    /// large stack (the walk recurses once per generation, and a view near a point of
    /// contact goes hundreds of generations deep), and returns them when all are done.
    static func onLargeStacks(
        _ walks: [BrowseWalk], _ body: @escaping @Sendable (Int, inout BrowseWalk) throws -> Void
    ) throws -> [BrowseWalk] {
        let result = TaskResults<BrowseWalk>(count: walks.count)
        let done = DispatchSemaphore(value: 0)
        for (i, start) in walks.enumerated() {
            let thread = Thread {
                var w = start
                do {
                    try body(i, &w)
                    result.set(i, .success(w))
                } catch { result.set(i, .failure(error)) }
                done.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in walks { done.wait() }
        return try result.values.map { r in
            switch r {
            case .success(let w)?: return w
            case .failure(let error)?: throw error
            case nil: throw PackingError.cancelled
            }
        }
    }

    /// `relativeRecords` with centres in outer radii: for views in outer radii (an empty
    /// `view.path`); deeper views give centres relative to theirs.
    public static func records(
        _ view: PackingView, kind: PackingKind = .standard, maxSpheres: Int = 2_000_000, clans: Bool = true,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> [SphereRecord] {
        let origin = view.path.isEmpty ? view.center : .zero
        return try relativeRecords(view, kind: kind, maxSpheres: maxSpheres, clans: clans, isCancelled: isCancelled)
            .map { r in
                var r = r
                r.x += origin.x
                r.y += origin.y
                r.z += origin.z
                return r
            }
    }

    /// Stack of the walk's thread: 256 MB of address space (touched only as deep as the
    /// walk goes).
    static let stackSize = 256 << 20
}
