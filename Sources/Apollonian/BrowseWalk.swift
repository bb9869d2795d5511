/// The walk behind `PackingBrowser`: combinatorics on the standard packing's labels (whose
/// curvatures order the moves the same way for every packing kind), geometry on `kind`'s,
/// and each sphere's coefficients over the seed, which give its clan in the service's tree.
struct BrowseWalk {
    let view: PackingView
    /// Subtrees whose gap misses the ball of this radius about the view's centre are
    /// skipped: the view's radius, or `wholeWithin` when smaller.
    let reach: Double
    let kind: PackingKind
    let maxSpheres: Int
    /// Give each record its clan (else -1).
    let clans: Bool
    let isCancelled: (@Sendable () -> Bool)?
    var records: [SphereRecord] = []
    private var visited = 0
    /// Deepest generation walked (a guard; views need far fewer).
    static let maxDepth = 5000

    init(
        view: PackingView, kind: PackingKind, maxSpheres: Int, clans: Bool = true,
        isCancelled: (@Sendable () -> Bool)?
    ) {
        self.view = view
        self.reach = min(view.radius, view.wholeWithin ?? view.radius)
        self.kind = kind
        self.maxSpheres = maxSpheres
        self.clans = clans
        self.isCancelled = isCancelled
    }

    mutating func run() throws {
        let order = Quintuple.root
        let shape = Quintuple.seed(of: kind)
        for slot in 1...4 { try emit(shape[slot], generation: 0, coefficients: Quintuple.basis[slot]) }
        try walk(order, shape, Quintuple.basis, descents: 0, generation: 0)
    }

    /// Slots where replacing would give a larger sphere (steps back towards the root), by
    /// the standard packing's curvatures: 3k_m > S.
    static func descents(_ q: Quintuple) -> UInt8 {
        let k = (0..<5).map { q[$0].curvature }
        let s = k.reduce(0, +)
        var mask: UInt8 = 0
        for m in 0..<5 where 3 * k[m] > s { mask |= 1 << UInt8(m) }
        return mask
    }

    mutating func walk(
        _ order: Quintuple, _ shape: Quintuple, _ coefficients: Quintuple, descents: UInt8, generation: Int
    ) throws {
        for j in 0..<5 where descents & (1 << UInt8(j)) == 0 {
            let o = order.replacing(j)
            let d = Self.descents(o)
            // Visit only from the canonical parent: the one undoing the highest descent.
            guard d >> UInt8(j) == 1 else { continue }
            visited += 1
            if visited & 1023 == 0, isCancelled?() ?? false { throw PackingError.cancelled }
            let s = shape.replacing(j)
            let k = kind.curvature(s[j])
            guard k > 0, k < 1e15 else { continue }
            let c = kind.center(s[j])
            // The gap the new sphere fills, and so its whole subtree, lies in the ball
            // orthogonal to the other four (when the new sphere is inside it).
            // The new sphere is the smallest of its quintuple and no sphere below it is
            // larger (the moves' order is the same for every seed, so curvatures only
            // grow down the walk, in Soddy's packing too: tested against the generator).
            if 1 / k < view.minRadius { continue }
            if let gap = gapBall(s, except: j), length(c - gap.center) < gap.radius {
                if gap.radius < view.minRadius { continue }
                if length(gap.center - view.center) > gap.radius + reach { continue }
            }
            if generation >= Self.maxDepth {
                throw PackingError.invalidOption("zoom", "the view needs more than \(Self.maxDepth) generations")
            }
            // The coefficients only serve the clans.
            let x = clans ? coefficients.replacing(j) : coefficients
            if d == 1 << UInt8(j) { try emit(s[j], generation: generation + 1, coefficients: x[j]) }
            try walk(o, s, x, descents: d, generation: generation + 1)
        }
    }

    /// Records the sphere `label` (its coefficients over the seed held as a label over
    /// `Quintuple.basis`) when the view shows it; its clan is the service tree's.
    mutating func emit(_ label: SphereLabel, generation: Int, coefficients: SphereLabel) throws {
        let k = kind.curvature(label)
        let r = 1 / k
        guard r >= view.minRadius else { return }
        let c = kind.center(label)
        let distance = length(c - view.center)
        guard distance <= r + view.radius else { return }
        if let within = view.wholeWithin, distance + r > within { return }
        if records.count >= maxSpheres { throw PackingError.tooManySpheres(limit: maxSpheres) }
        records.append(
            SphereRecord(
                x: c.x, y: c.y, z: c.z, r: r, level: generation + 1,
                clan: clans ? TreeNode.serviceClan(ofCoefficients: coefficients) : -1,
                curvature: SphereCurvature(a: label.a, b: label.b, isIntegral: kind.isIntegral)))
    }

    /// The sphere through the points of contact of the four spheres of `q` other than
    /// `j` (it meets all four at right angles; the gaps between them lie on either side
    /// of it); nil when degenerate.
    func gapBall(_ q: Quintuple, except j: Int) -> (center: SIMD3<Double>, radius: Double)? {
        let four = (0..<5).filter { $0 != j }
        let r = four.map { 1 / kind.curvature(q[$0]) }
        let c = four.map { kind.center(q[$0]) }
        func contact(_ a: Int, _ b: Int) -> SIMD3<Double> { c[a] + r[a] * (c[b] - c[a]) / (r[a] + r[b]) }
        let p0 = contact(0, 1)
        let p1 = contact(0, 2)
        let p2 = contact(0, 3)
        let p3 = contact(1, 2)
        let a1 = 2 * (p1 - p0)
        let a2 = 2 * (p2 - p0)
        let a3 = 2 * (p3 - p0)
        let n0 = (p0 * p0).sum()
        let b = SIMD3((p1 * p1).sum() - n0, (p2 * p2).sum() - n0, (p3 * p3).sum() - n0)
        func det(_ u: SIMD3<Double>, _ v: SIMD3<Double>, _ w: SIMD3<Double>) -> Double {
            u.x * (v.y * w.z - v.z * w.y) - u.y * (v.x * w.z - v.z * w.x) + u.z * (v.x * w.y - v.y * w.x)
        }
        let d = det(a1, a2, a3)
        let scale = max((a1 * a1).sum(), (a2 * a2).sum(), (a3 * a3).sum())
        guard d.isFinite, abs(d) > 1e-30 * scale * scale.squareRoot() else { return nil }
        // Cramer's rule, column by column.
        let col0 = SIMD3(a1.x, a2.x, a3.x)
        let col1 = SIMD3(a1.y, a2.y, a3.y)
        let col2 = SIMD3(a1.z, a2.z, a3.z)
        let o = SIMD3(det(b, col1, col2), det(col0, b, col2), det(col0, col1, b)) / d
        let radius = length(o - p0)
        // Slack for rounding: a millionth of the radius.
        return radius.isFinite ? (o, radius * (1 + 1e-6)) : nil
    }
}

@inline(__always) func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
