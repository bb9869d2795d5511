import Foundation

/// Statistics of a packing: per generation, per radius octave, and its fractal dimension.
public enum PackingStats {
    /// Per-generation counts for `options` (level, radius cut-off, outer radius; the edge
    /// filter option is ignored: the edge column always counts edge spheres).
    public static func generations(_ options: PackingOptions, isCancelled: (@Sendable () -> Bool)? = nil) throws
        -> [GenerationStats]
    {
        try options.validate()
        let walker = TreeWalker(
            kind: options.kind, maxGeneration: options.level, minRadius: options.minRadius,
            maxSpheres: Int.max, isCancelled: isCancelled)
        let parts = try PackingGenerator.run(
            walker, sink: GenerationSink(kind: options.kind, levels: options.level + 1),
            position: { _ in 0 }
        ).all
        var out: [GenerationStats] = []
        var total = 0
        var edge = 0
        for g in 0...options.level {
            let new = parts.reduce(0) { $0 + $1.new[g] }
            total += new
            edge += parts.reduce(0) { $0 + $1.edge[g] }
            let ks = parts.map { $0.maxK[g] }.filter { $0 > 0 }
            let kl = parts.map { $0.minK[g] }.filter { $0.isFinite }
            out.append(
                GenerationStats(
                    generation: g, new: new, total: total, edge: edge,
                    minRadius: ks.max().map { options.radius / $0 },
                    maxRadius: kl.min().map { options.radius / $0 }))
        }
        return out
    }

    /// The lines of `orbit apollonian stats` without `--dimension`: one per generation.
    public static func generationLines(_ options: PackingOptions, isCancelled: (@Sendable () -> Bool)? = nil) throws
        -> [String]
    {
        try generations(options, isCancelled: isCancelled).map(\.line)
    }

    /// Largest `maxExponent` accepted by `radiusCounts` (2^-14 means about 6 billion spheres).
    public static let maxDimensionExponent = 14

    /// For p = 3...`maxExponent`: the number of spheres, of any generation, with radius at
    /// least `2^-p` outer radii. p = 10 makes about 6 million spheres, p = 13 about a
    /// billion. Walks the tree depth first on all cores; memory stays flat.
    /// - Parameters:
    ///   - maxExponent: P, 3...`maxDimensionExponent`.
    ///   - maxSpheres: stop with `.tooManySpheres` past this many spheres. Default no limit.
    ///   - progress: called now and then with the spheres counted so far (no expected
    ///     total), one call at a time, from any thread. Default none.
    ///   - isCancelled: polled every few thousand spheres; true stops with `.cancelled`.
    /// - Throws: `PackingError.invalidOption` when `maxExponent` is outside
    ///   3...`maxDimensionExponent`; `.tooManySpheres`; `.cancelled`.
    public static func radiusCounts(
        maxExponent: Int, maxSpheres: Int = Int.max,
        progress: (@Sendable (PackingProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> [RadiusCount] {
        guard (3...maxDimensionExponent).contains(maxExponent) else {
            throw PackingError.invalidOption("dimension", "\(maxExponent) is outside 3...\(maxDimensionExponent)")
        }
        let coordinator = WalkCoordinator(limit: maxSpheres, expected: nil, callback: progress)
        let walker = TreeWalker(
            maxGeneration: Int.max, minRadius: 1 / Double(1 << maxExponent), maxSpheres: maxSpheres,
            isCancelled: isCancelled, coordinator: coordinator)
        let parts = try PackingGenerator.run(walker, sink: OctaveSink(maxExponent: maxExponent), position: { _ in 0 })
            .all
        var perOctave = [Int](repeating: 0, count: maxExponent + 1)
        for part in parts { for p in 0...maxExponent { perOctave[p] += part.counts[p] } }
        var out: [RadiusCount] = []
        var running = 0
        for p in 0...maxExponent {
            running += perOctave[p]
            if p >= 3 { out.append(RadiusCount(exponent: p, count: running)) }
        }
        return out
    }

    /// The fractal dimension fitted to `counts`: the least-squares slope of ln(count)
    /// against ln(1/r) = p ln 2 over the last `points` entries (the finest octaves).
    /// `nil` with fewer than two usable points.
    public static func dimension(_ counts: [RadiusCount], points: Int = 4) -> Double? {
        let used = counts.suffix(max(points, 0)).filter { $0.count > 0 }
        guard used.count >= 2 else { return nil }
        let xs = used.map { Double($0.exponent) * log(2.0) }
        let ys = used.map { log(Double($0.count)) }
        let mx = xs.reduce(0, +) / Double(xs.count)
        let my = ys.reduce(0, +) / Double(ys.count)
        var sxy = 0.0
        var sxx = 0.0
        for (x, y) in zip(xs, ys) {
            sxy += (x - mx) * (y - my)
            sxx += (x - mx) * (x - mx)
        }
        return sxx > 0 ? sxy / sxx : nil
    }

    /// The lines of `orbit apollonian stats --dimension P`: `radius >= 2^-p count N` for
    /// p = 3...P, then `dimension D` (4 decimals) fitted over the finest four octaves.
    /// Parameters as `radiusCounts`.
    public static func dimensionLines(
        maxExponent: Int, maxSpheres: Int = Int.max,
        progress: (@Sendable (PackingProgress) -> Void)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) throws -> [String] {
        let counts = try radiusCounts(
            maxExponent: maxExponent, maxSpheres: maxSpheres, progress: progress, isCancelled: isCancelled)
        let d = dimension(counts).map { String(format: "%.4f", $0) } ?? "-"
        return counts.map(\.line) + ["dimension \(d)"]
    }
}
