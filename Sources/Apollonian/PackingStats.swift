import Foundation

/// Counts of one generation of a packing, for `orbit apollonian stats`.
public struct GenerationStats: Hashable, Sendable {
    /// The generation (the service's L - 1).
    public var generation: Int
    /// Spheres first made in this generation.
    public var new: Int
    /// Spheres of generations 0 through this one.
    public var total: Int
    /// Spheres of generations 0 through this one with `|centre| + r > 0.99 * radius`.
    public var edge: Int
    /// Smallest radius among this generation's new spheres (outer-radius units), or nil.
    public var minRadius: Double?
    /// Largest radius among this generation's new spheres, or nil.
    public var maxRadius: Double?

    /// The line CLI.md specifies:
    /// `generation G new N total T edge E min_radius r max_radius r` (radii to 6
    /// significant digits, `-` for a generation with no spheres).
    public var line: String {
        func f(_ v: Double?) -> String { v.map { String(format: "%.6g", $0) } ?? "-" }
        return "generation \(generation) new \(new) total \(total) edge \(edge) min_radius \(f(minRadius)) max_radius \(f(maxRadius))"
    }
}

/// How many spheres have a radius of at least `2^-exponent` outer radii.
public struct RadiusCount: Hashable, Sendable {
    /// p in `radius >= 2^-p`.
    public var exponent: Int
    /// Spheres with a radius of at least `2^-exponent` (all generations).
    public var count: Int

    /// The line CLI.md specifies: `radius >= 2^-p count N`.
    public var line: String { "radius >= 2^-\(exponent) count \(count)" }
}

/// Statistics of a packing: per generation, per radius octave, and its fractal dimension.
public enum PackingStats {
    /// Per-generation counts for `options` (level, radius cut-off, outer radius; the edge
    /// filter option is ignored: the edge column always counts edge spheres).
    public static func generations(_ options: PackingOptions, isCancelled: (@Sendable () -> Bool)? = nil) throws -> [GenerationStats] {
        try options.validate()
        let walker = PackingWalker(maxGeneration: options.level, curvatureLimit: options.minRadius > 0 ? 1 / options.minRadius : .infinity,
                                   maxSpheres: Int.max, isCancelled: isCancelled)
        let parts = try PackingGenerator.run(walker, sink: GenerationSink(levels: options.level + 1))
        var out: [GenerationStats] = []
        var total = 0, edge = 0
        for g in 0...options.level {
            let new = parts.reduce(0) { $0 + $1.new[g] }
            total += new
            edge += parts.reduce(0) { $0 + $1.edge[g] }
            let ks = parts.map { $0.maxK[g] }.filter { $0 > 0 }
            let kl = parts.map { $0.minK[g] }.filter { $0.isFinite }
            out.append(GenerationStats(generation: g, new: new, total: total, edge: edge,
                                       minRadius: ks.max().map { options.radius / $0 },
                                       maxRadius: kl.min().map { options.radius / $0 }))
        }
        return out
    }

    /// The lines of `orbit apollonian stats` without `--dimension`: one per generation.
    public static func generationLines(_ options: PackingOptions, isCancelled: (@Sendable () -> Bool)? = nil) throws -> [String] {
        try generations(options, isCancelled: isCancelled).map(\.line)
    }

    /// Largest `maxExponent` accepted by `radiusCounts` (2^-14 means about 6 billion spheres).
    public static let maxDimensionExponent = 14

    /// For p = 3...`maxExponent`: the number of spheres, of any generation, with radius at
    /// least `2^-p` outer radii. p = 10 makes about 6 million spheres.
    /// - Throws: `PackingError.invalidOption` when `maxExponent` is outside
    ///   3...`maxDimensionExponent`; `.cancelled`.
    public static func radiusCounts(maxExponent: Int, isCancelled: (@Sendable () -> Bool)? = nil) throws -> [RadiusCount] {
        guard (3...maxDimensionExponent).contains(maxExponent) else {
            throw PackingError.invalidOption("dimension", "\(maxExponent) is outside 3...\(maxDimensionExponent)")
        }
        let limit = Double(1 << maxExponent)  // curvature 2^P is radius 2^-P
        let walker = PackingWalker(maxGeneration: Int.max, curvatureLimit: limit, maxSpheres: Int.max, isCancelled: isCancelled)
        let parts = try PackingGenerator.run(walker, sink: OctaveSink(maxExponent: maxExponent))
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
        let xs = used.map { Double($0.exponent) * log(2.0) }, ys = used.map { log(Double($0.count)) }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) { sxy += (x - mx) * (y - my); sxx += (x - mx) * (x - mx) }
        return sxx > 0 ? sxy / sxx : nil
    }

    /// The lines of `orbit apollonian stats --dimension P`: `radius >= 2^-p count N` for
    /// p = 3...P, then `dimension D` (4 decimals) fitted over the finest four octaves.
    public static func dimensionLines(maxExponent: Int, isCancelled: (@Sendable () -> Bool)? = nil) throws -> [String] {
        let counts = try radiusCounts(maxExponent: maxExponent, isCancelled: isCancelled)
        let d = dimension(counts).map { String(format: "%.4f", $0) } ?? "-"
        return counts.map(\.line) + ["dimension \(d)"]
    }
}

/// Per-generation tallies (curvatures of the unit packing).
struct GenerationSink: SphereSink, Sendable {
    var new: [Int], edge: [Int], minK: [Double], maxK: [Double]

    init(levels: Int) {
        new = Array(repeating: 0, count: levels)
        edge = new
        minK = Array(repeating: .infinity, count: levels)
        maxK = Array(repeating: 0, count: levels)
    }

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        let label = state.label(slot)
        let k = label.curvature
        new[generation] += 1
        let c = label.center
        if (c * c).sum().squareRoot() + 1 / k > 0.99 { edge[generation] += 1 }
        minK[generation] = min(minK[generation], k)
        maxK[generation] = max(maxK[generation], k)
    }
}

/// Spheres per radius octave: slot p counts radii in [2^-p, 2^-(p-1)).
struct OctaveSink: SphereSink, Sendable {
    var counts: [Int]

    init(maxExponent: Int) { counts = Array(repeating: 0, count: maxExponent + 1) }

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        // radius >= 2^-p  <=>  k <= 2^p; the smallest such p is ceil(log2 k).
        let k = state.k[slot]
        let e = k.exponent  // 2^e <= k < 2^(e+1)
        let p = k == Double(sign: .plus, exponent: e, significand: 1) ? Int(e) : Int(e) + 1
        counts[min(max(p, 0), counts.count - 1)] += 1
    }
}
