import Dispatch
import Foundation

/// Generates the Apollonian sphere packing of a sphere: exact (each sphere once, none
/// missed, tracked by integer `SphereLabel`s), bounded by level and radius cut-off,
/// cancellable, with progress reports. See `PackingWalker` for the method.
public enum PackingGenerator {
    /// The spheres `options` asks for, as the web service listed them: sorted by level
    /// (generation), each level in a fixed order; deterministic for given options.
    ///
    /// Runs on all cores (subtrees of the walk in parallel, merged in a fixed order).
    /// - Parameters:
    ///   - options: level, cut-off, outer radius, edge filter, sphere limit.
    ///   - progress: called now and then with the spheres made so far, from any thread,
    ///     one call at a time, counts increasing. Default none.
    ///   - isCancelled: polled every few thousand steps from any thread; returning true
    ///     stops generation with `PackingError.cancelled`. Default none.
    /// - Throws: `PackingError.invalidOption`, `.cancelled`, `.tooManySpheres`.
    public static func records(_ options: PackingOptions,
                               progress: (@Sendable (PackingProgress) -> Void)? = nil,
                               isCancelled: (@Sendable () -> Bool)? = nil) throws -> [SphereRecord] {
        try counted(options, progress: progress, isCancelled: isCancelled).records
    }

    /// The spheres `options` asks for (as `records`), and how many spheres the level and
    /// cut-off hold before the edge filter (`level 1 (8 of 9 drawn)`).
    public static func counted(_ options: PackingOptions,
                               progress: (@Sendable (PackingProgress) -> Void)? = nil,
                               isCancelled: (@Sendable () -> Bool)? = nil) throws -> (records: [SphereRecord], total: Int) {
        try options.validate()
        let coordinator = WalkCoordinator(limit: options.maxSpheres, expected: PackingCounts.expected(for: options), callback: progress)
        let limit = options.minRadius > 0 ? 1 / options.minRadius : Double.infinity
        let walker = PackingWalker(maxGeneration: options.level, curvatureLimit: limit, maxSpheres: options.maxSpheres,
                                   isCancelled: isCancelled, coordinator: coordinator)
        let sinks = try run(walker, sink: RecordSink(scale: options.radius, edgeOnly: options.edgeOnly))
        return (sortedByLevel(sinks.map(\.records)), sinks.reduce(0) { $0 + $1.seen })
    }

    /// Runs `template`'s walk over the whole packing on all cores: the first generations
    /// in this thread into a copy of `sink`, then each subtree into its own copy, in
    /// parallel. Returns the copies in a fixed order (head first, then subtrees in walk
    /// order), so results do not depend on scheduling.
    static func run<S: SphereSink & Sendable>(_ template: PackingWalker, sink: S) throws -> [S] {
        var head = sink
        var walker = template
        try walker.emitRoot(into: &head)
        var tasks: [Subtree] = []
        try split(WalkState(.root), descents: 0, generation: 0, at: min(3, template.maxGeneration),
                  walker: &walker, sink: &head, tasks: &tasks)
        try walker.flushProgress()
        let subtrees = tasks
        let results = TaskResults<(S, Int)>(count: subtrees.count)
        DispatchQueue.concurrentPerform(iterations: subtrees.count) { i in
            var own = sink
            var w = template
            do {
                try w.walk(WalkState(subtrees[i].quintuple), descents: subtrees[i].descents, generation: subtrees[i].generation, into: &own)
                try w.flushProgress()
                results.set(i, .success((own, w.made)))
            } catch {
                template.coordinator?.stop()
                results.set(i, .failure(error))
            }
        }
        var out = [head]
        var made = walker.made
        var failure: Error?
        for r in results.values {
            switch r {
            case .success(let (part, n)): out.append(part); made += n
            // The walker that failed first gives the reason; the others only stopped.
            case .failure(let e): if failure == nil || (failure as? PackingError) == .cancelled { failure = e }
            case nil: failure = failure ?? PackingError.cancelled
            }
        }
        if let failure { throw failure }
        if made > template.maxSpheres { throw PackingError.tooManySpheres(limit: template.maxSpheres) }
        return out
    }

    /// Visits every sphere of generations 0...`level` whose radius is at least
    /// `minRadius` (a fraction of the outer radius; 0 for no cut-off), in one thread,
    /// depth first. `body` gets the sphere's exact label, its generation, and the
    /// quintuple that made it with the slot the sphere sits in (the other four slots are
    /// the spheres it was made tangent to; for generation 0, slot 0 is the container).
    /// - Throws: `PackingError.invalidOption`, `.cancelled`, `.tooManySpheres`, or what
    ///   `body` throws.
    public static func forEachSphere(level: Int, minRadius: Double, maxSpheres: Int = 50_000_000,
                                     isCancelled: (@Sendable () -> Bool)? = nil,
                                     _ body: (SphereLabel, Int, Quintuple, Int) throws -> Void) throws {
        try PackingOptions(level: level, minRadius: minRadius, maxSpheres: maxSpheres).validate()
        try withoutActuallyEscaping(body) { body in
            var sink = VisitorSink(body: body)
            var walker = PackingWalker(maxGeneration: level, curvatureLimit: minRadius > 0 ? 1 / minRadius : .infinity,
                                       maxSpheres: maxSpheres, isCancelled: isCancelled)
            try walker.emitRoot(into: &sink)
            try walker.walk(WalkState(.root), descents: 0, generation: 0, into: &sink)
        }
    }

    // MARK: - Parts

    struct Subtree {
        var quintuple: Quintuple
        var descents: UInt8
        var generation: Int
    }

    /// Walks like `PackingWalker.walk` down to generation `stop`, then records the
    /// quintuples there as subtrees instead of descending.
    static func split<S: SphereSink>(_ v: WalkState, descents: UInt8, generation: Int, at stop: Int,
                                     walker: inout PackingWalker, sink: inout S, tasks: inout [Subtree]) throws {
        if generation == stop { tasks.append(Subtree(quintuple: v.quintuple, descents: descents, generation: generation)); return }
        for j in 0..<5 where descents & (1 << UInt8(j)) == 0 {
            guard let du = try walker.step(v, j) else { continue }
            defer { v.replace(j) }
            if du == 1 << UInt8(j) { try walker.count(); try sink.accept(v, slot: j, generation: generation + 1) }
            try split(v, descents: du, generation: generation + 1, at: stop, walker: &walker, sink: &sink, tasks: &tasks)
        }
    }

    /// Concatenates `parts` in order, then stably sorts by level (a counting sort). Each
    /// part is released once copied, so the peak is one output plus one part.
    static func sortedByLevel(_ input: [[SphereRecord]]) -> [SphereRecord] {
        var parts = input
        var counts = [Int](repeating: 0, count: PackingOptions.maxLevel + 2)
        for part in parts { for r in part { counts[r.level] += 1 } }
        var start = [Int](repeating: 0, count: counts.count)
        for l in 1..<counts.count { start[l] = start[l - 1] + counts[l - 1] }
        let total = start[counts.count - 1] + counts[counts.count - 1]
        guard total > 0 else { return [] }
        return [SphereRecord](unsafeUninitializedCapacity: total) { out, initialized in
            for i in parts.indices {
                for r in parts[i] { out.initializeElement(at: start[r.level], to: r); start[r.level] += 1 }
                parts[i] = []
            }
            initialized = total
        }
    }
}
