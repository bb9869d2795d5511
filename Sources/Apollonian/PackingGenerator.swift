import Dispatch
import Foundation

/// Generates an Apollonian sphere packing exactly as the original web service did: the
/// same spheres in the same order (see `TreeWalker` for the tree), bounded by level and
/// radius cut-off, cancellable, with progress reports.
public enum PackingGenerator {
    /// The spheres `options` asks for, in the service's order: for clans c = 0...4 in
    /// turn, seed sphere c at generation 0 (except the container, c = 0), then the subtree
    /// of the sphere replacing it, depth first, children in order j = 0...4.
    ///
    /// Runs on all cores (subtrees in parallel, stitched back in walk order), so the
    /// output does not depend on scheduling.
    /// - Parameters:
    ///   - options: packing, level, cut-off, outer radius, edge filter, sphere limit.
    ///   - progress: called now and then with the spheres made so far, from any thread,
    ///     one call at a time, counts increasing. Default none.
    ///   - isCancelled: polled every few thousand spheres from any thread; returning true
    ///     stops generation with `PackingError.cancelled`. Default none.
    /// - Throws: `PackingError.invalidOption`, `.cancelled`, `.tooManySpheres`.
    public static func records(
        _ options: PackingOptions,
        progress: (@Sendable (PackingProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> [SphereRecord] {
        try counted(options, progress: progress, isCancelled: isCancelled).records
    }

    /// The spheres `options` asks for (as `records`), and how many spheres the level and
    /// cut-off hold before the edge filter (`level 1 (8 of 9 drawn)`).
    public static func counted(
        _ options: PackingOptions,
        progress: (@Sendable (PackingProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> (records: [SphereRecord], total: Int) {
        try options.validate()
        let coordinator = WalkCoordinator(
            limit: options.maxSpheres, expected: PackingCounts.expected(for: options), callback: progress)
        let walker = TreeWalker(
            kind: options.kind, maxGeneration: options.level, minRadius: options.minRadius,
            maxSpheres: options.maxSpheres, isCancelled: isCancelled, coordinator: coordinator)
        let run = try run(
            walker, sink: RecordSink(kind: options.kind, scale: options.radius, edgeOnly: options.edgeOnly),
            position: \.records.count)
        let seen = run.all.reduce(0) { $0 + $1.seen }
        return (stitched(run), seen)
    }

    /// The result of a parallel walk: the head (the first generations, walked in this
    /// thread), one part per subtree in walk order, and for each part the head position
    /// (as `position` measured it) at which its subtree belongs.
    struct Run<S> {
        var head: S
        var parts: [S]
        var marks: [Int]
        var all: [S] { [head] + parts }
    }

    /// Generation at which the walk is split into parallel subtrees (690 of them).
    static let splitGeneration = 5

    /// Runs `template`'s walk over the whole packing on all cores: generations up to
    /// `splitGeneration` in this thread into a copy of `sink`, then each subtree below them
    /// into its own copy, in parallel.
    static func run<S: TreeSink & Sendable>(_ template: TreeWalker, sink: S, position: (S) -> Int) throws -> Run<S> {
        var head = sink
        var walker = template
        var tasks: [(node: TreeNode, generation: Int)] = []
        var marks: [Int] = []
        let stop = min(splitGeneration, template.maxGeneration)
        for c in 0..<5 {
            if c > 0 {
                try walker.visit(TreeNode(seed: c, kind: template.kind), generation: 0, descend: false, into: &head)
            }
            try split(
                walker.root(clan: c), 1, stop: stop, walker: &walker, head: &head, tasks: &tasks, marks: &marks,
                position: position)
        }
        try walker.flushProgress()
        let subtrees = tasks
        let results = TaskResults<(S, Int)>(count: subtrees.count)
        DispatchQueue.concurrentPerform(iterations: subtrees.count) { i in
            var own = sink
            var w = template
            do {
                try w.walk(subtrees[i].node, generation: subtrees[i].generation, into: &own)
                try w.flushProgress()
                results.set(i, .success((own, w.made)))
            } catch {
                template.coordinator?.stop()
                results.set(i, .failure(error))
            }
        }
        var parts: [S] = []
        parts.reserveCapacity(subtrees.count)
        var made = walker.made
        var failure: Error?
        for r in results.values {
            switch r {
            case .success(let (part, n)):
                parts.append(part)
                made += n
            // The walker that failed first gives the reason; the others only stopped.
            case .failure(let e): if failure == nil || (failure as? PackingError) == .cancelled { failure = e }
            case nil: failure = failure ?? PackingError.cancelled
            }
        }
        if let failure { throw failure }
        if made > template.maxSpheres { throw PackingError.tooManySpheres(limit: template.maxSpheres) }
        return Run(head: head, parts: parts, marks: marks)
    }

    /// Walks `node` and the generations below it down to `stop` into `head`, recording the
    /// nodes at `stop` as subtrees to walk in parallel (with the head position they belong
    /// at) instead of descending.
    static func split<S: TreeSink>(
        _ node: TreeNode, _ generation: Int, stop: Int, walker: inout TreeWalker, head: inout S,
        tasks: inout [(node: TreeNode, generation: Int)], marks: inout [Int], position: (S) -> Int
    ) throws {
        guard generation <= walker.maxGeneration else { return }
        let k = walker.curvature(node)
        guard try walker.keeps(k) else { return }
        try walker.count()
        try head.accept(node, generation: generation, curvature: k)
        if generation == stop {
            if generation < walker.maxGeneration {
                tasks.append((node, generation))
                marks.append(position(head))
            }
            return
        }
        for j in 0..<5 where j != node.slot && node.keepsChild(j) {
            try split(
                walker.child(node, j), generation + 1, stop: stop, walker: &walker, head: &head, tasks: &tasks,
                marks: &marks, position: position)
        }
    }

    /// Visits every sphere of generations 0...`level` whose radius is at least
    /// `minRadius` (a fraction of the outer radius; 0 for no cut-off), in the service's
    /// order, in one thread. `body` gets the sphere's exact label, its generation, and a
    /// quintuple of mutually tangent spheres holding it with the slot it sits in (the
    /// other four are spheres it touches; for generation 0, the seed quintuple).
    /// - Throws: `PackingError.invalidOption`, `.cancelled`, `.tooManySpheres`, or what
    ///   `body` throws.
    public static func forEachSphere(
        kind: PackingKind = .standard, level: Int, minRadius: Double, maxSpheres: Int = 50_000_000,
        isCancelled: (@Sendable () -> Bool)? = nil,
        _ body: (SphereLabel, Int, Quintuple, Int) throws -> Void
    ) throws {
        try PackingOptions(level: level, minRadius: minRadius, maxSpheres: maxSpheres, kind: kind).validate()
        try withoutActuallyEscaping(body) { body in
            var sink = VisitorSink(kind: kind, body: body)
            var walker = TreeWalker(
                kind: kind, maxGeneration: level, minRadius: minRadius, maxSpheres: maxSpheres, isCancelled: isCancelled
            )
            for c in 0..<5 {
                if c > 0 { try walker.visit(TreeNode(seed: c, kind: kind), generation: 0, descend: false, into: &sink) }
                try walker.visit(walker.root(clan: c), generation: 1, into: &sink)
            }
        }
    }

    /// The records of `run` in walk order: each part goes in at its mark in the head.
    static func stitched(_ input: consuming Run<RecordSink>) -> [SphereRecord] {
        var run = input
        let total = run.all.reduce(0) { $0 + $1.records.count }
        var out: [SphereRecord] = []
        out.reserveCapacity(total)
        var from = 0
        for i in run.parts.indices {
            out.append(contentsOf: run.head.records[from..<run.marks[i]])
            from = run.marks[i]
            out.append(contentsOf: run.parts[i].records)
            run.parts[i].records = []
        }
        out.append(contentsOf: run.head.records[from...])
        return out
    }
}
