/// Finds what sphere records read from JSON (a file, standard input, a web service) do not
/// carry: each sphere's clan, and its exact curvature where there is no `K`.
///
/// JSON records hold a centre, a radius and a level, rounded to some number of decimals.
/// That is not enough to recover a curvature from the radius alone: in the standard
/// packing a curvature is `a + b * kappa` with `kappa` irrational, and many pairs (a, b)
/// lie within the rounding of 1 / r. So the records are matched to a packing Orbit
/// generates instead: the kind (standard or Soddy's) whose generation-0 spheres the
/// level-1 records are, at the records' outer radius; then that packing down to the
/// records' deepest level and smallest radius, and every record to the one exact sphere
/// that rounds to it (same level, centre and radius within the rounding). A record that
/// matches no sphere, or more than one, a file without the four generation-0 spheres, or
/// values rounded to fewer than three decimals (of a unit packing) mean the records are not
/// known to be of such a packing (a turned or edited file, another packing): then nothing
/// is matched, never a guess.
public enum PackingMatch {
    /// The records with the clans and curvatures of the spheres they round, and the kind
    /// of packing they were found in.
    public struct Found: Sendable {
        public var records: [SphereRecord]
        public var kind: PackingKind
    }

    /// `records` with each one's clan and exact curvature, or nil when they are not the
    /// (rounded) spheres of a packing Orbit generates, or matching them would take more
    /// than `maxSpheres` generated spheres.
    public static func identify(_ records: [SphereRecord], maxSpheres: Int = 2_000_000) -> Found? {
        guard let deepest = records.map(\.level).max(), deepest >= 1, deepest - 1 <= PackingOptions.maxLevel else {
            return nil
        }
        guard let radius = SphereRecord.enclosingRadius(of: records) else { return nil }
        // Values rounded too coarsely for a match to mean anything are not matched.
        let tolerance = max(3 * quantum(records), 1e-7 * radius)
        guard tolerance <= maxTolerance * radius else { return nil }
        let smallest = records.map(\.r).min() ?? 0
        let cutoff = max(0, (smallest - tolerance) / radius * (1 - 1e-6))
        guard cutoff < 1 else { return nil }
        // The four generation-0 spheres reach the outer sphere, so every export holds them.
        let firsts = records.filter { $0.level == 1 }
        guard firsts.count == 4 else { return nil }
        for kind in PackingKind.allCases {
            let seeds = PackingOptions(level: 0, minRadius: 0, radius: radius, maxSpheres: 16, kind: kind)
            guard let seedRecords = try? PackingGenerator.records(seeds) else { continue }
            let seedIndex = SphereIndex(seedRecords, tolerance: tolerance)
            let matched = firsts.compactMap { seedIndex.match($0).map(\.center) }
            guard matched.count == 4, Set(matched.map { [$0.x, $0.y, $0.z] }).count == 4 else { continue }
            let options = PackingOptions(
                level: deepest - 1, minRadius: cutoff, radius: radius, maxSpheres: maxSpheres, kind: kind)
            guard let generated = try? PackingGenerator.records(options) else { return nil }
            let index = SphereIndex(generated, tolerance: tolerance)
            var out = records
            for i in out.indices {
                guard let m = index.match(out[i]) else { return nil }
                out[i].clan = m.clan
                out[i].curvature = m.curvature
            }
            return Found(records: out, kind: kind)
        }
        return nil
    }

    /// Largest matching tolerance, as a fraction of the outer radius: records rounded more
    /// coarsely (fewer than three decimals of a unit packing) are not matched.
    static let maxTolerance = 0.005

    /// The step the records' values were rounded to: 10^-d for the fewest decimals d
    /// (0...12) that write every value exactly; 0 when some value needs more (not rounded).
    static func quantum(_ records: [SphereRecord]) -> Double {
        var decimals = 0
        for r in records {
            for v in [r.x, r.y, r.z, r.r] {
                while decimals <= SphereJSON.maxDecimals && !isWhole(v * power(decimals)) { decimals += 1 }
                if decimals > SphereJSON.maxDecimals { return 0 }
            }
        }
        return 1 / power(decimals)
    }

    private static func power(_ d: Int) -> Double {
        var p = 1.0
        for _ in 0..<d { p *= 10 }
        return p
    }

    private static func isWhole(_ m: Double) -> Bool {
        m.isFinite && abs(m - m.rounded()) <= max(1e-7, abs(m) * 1e-14)
    }
}

/// Generated spheres by position, for finding the one a rounded record stands for.
struct SphereIndex {
    private let spheres: [SphereRecord]
    private let tolerance: Double
    private let cell: Double
    private var cells: [SIMD3<Int64>: [Int]] = [:]

    init(_ spheres: [SphereRecord], tolerance: Double) {
        self.spheres = spheres
        self.tolerance = tolerance
        cell = 2 * tolerance
        for (i, s) in spheres.enumerated() { cells[key(s.center), default: []].append(i) }
    }

    private func key(_ p: SIMD3<Double>) -> SIMD3<Int64> {
        let k = (p / cell).rounded(.down)
        return SIMD3(Int64(k.x), Int64(k.y), Int64(k.z))
    }

    /// The one sphere of the same level within `tolerance` of `record` in centre and
    /// radius; nil when there is none or more than one.
    func match(_ record: SphereRecord) -> SphereRecord? {
        let c = record.center
        guard c.x.isFinite, c.y.isFinite, c.z.isFinite, max(abs(c.x), abs(c.y), abs(c.z)) / cell < 1e15 else {
            return nil
        }
        let home = key(c)
        var found: SphereRecord?
        for dz in -1...1 {
            for dy in -1...1 {
                for dx in -1...1 {
                    for i in cells[home &+ SIMD3(Int64(dx), Int64(dy), Int64(dz))] ?? [] {
                        let s = spheres[i]
                        let d = s.center - c
                        guard s.level == record.level, (d * d).sum().squareRoot() <= tolerance,
                            abs(s.r - record.r) <= tolerance
                        else { continue }
                        if found != nil { return nil }
                        found = s
                    }
                }
            }
        }
        return found
    }
}
