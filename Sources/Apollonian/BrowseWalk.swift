/// The walk behind `PackingBrowser`: each quintuple in the frame of its own gap
/// (`BrowseNode`), the view's centre known exactly in the frames along its anchor path,
/// so no number the walk compares depends on how deep the view lies. Combinatorics on the
/// standard packing's curvatures (which order the moves the same way for every packing
/// kind), geometry on `kind`'s; each sphere's coefficients over the seed give its clan in
/// the service's tree while they are exact.
struct BrowseWalk: Sendable {
    let kind: PackingKind
    /// The anchor path (slots replaced from the root) and the view's centre in the frame
    /// of each node along it (`centers[0]` in outer radii, `centers[i]` in the frame of
    /// the node `path[0..<i]` leads to).
    let path: [Int]
    let centers: [SIMD3<Double>]
    /// The view's radius, smallest sphere and fly-through distance, in outer radii.
    let radius: Double
    /// Raised (doubled) past `maxSpheres` when `coarsens`.
    private(set) var minRadius: Double
    let wholeWithin: Double?
    /// Subtrees whose gap misses the ball of this radius about the view's centre are
    /// skipped: the view's radius, or `wholeWithin` when smaller (outer radii).
    let reach: Double
    let maxSpheres: Int
    /// Give each record its clan (else -1).
    let clans: Bool
    /// Past `maxSpheres` (or `maxVisits`), double `minRadius` and carry on, dropping the
    /// records below it, instead of throwing: the same records as a walk with the larger
    /// minimum from the start (the walk so far saw a superset of that walk's), for the
    /// cost of one walk.
    let coarsens: Bool
    let isCancelled: (@Sendable () -> Bool)?
    /// Records with centres relative to the view's centre, in outer radii.
    var records: [SphereRecord] = []
    private var visited = 0
    /// Most quintuples visited per sphere allowed (past it the walk stops as for too
    /// many spheres, and the caller raises the minimum radius).
    let maxVisits: Int
    /// Deepest generation walked (a guard; views need far fewer).
    static let maxDepth = 5000
    /// With `splitUnit`, the walk stops at quintuples whose gap is smaller (outer radii),
    /// after emitting their new sphere, and lists them here, to be walked below by other
    /// walks (`walk(task:)`), one per core.
    var splitUnit: Double?
    var tasks: [Task] = []
    /// The exact labels of the nodes along the walk's current path, by generation (valid
    /// up to the generation of the node being walked, while it is `exact`).
    private var exactLabels: [ExactLabels] = []

    /// A quintuple whose subtree is left to another walk, with the view's centre in its
    /// frame.
    struct Task: Sendable {
        var node: BrowseNode
        var x: SIMD3<Double>
        var onPath: Bool
        /// The node's exact labels, while it is exact.
        var labels: ExactLabels?
    }

    init(
        kind: PackingKind, path: [Int], centers: [SIMD3<Double>], radius: Double, minRadius: Double,
        wholeWithin: Double?, maxSpheres: Int, clans: Bool = true, coarsens: Bool = false,
        isCancelled: (@Sendable () -> Bool)?
    ) {
        self.kind = kind
        self.path = path
        self.centers = centers
        self.radius = radius
        self.minRadius = minRadius
        self.wholeWithin = wholeWithin
        self.reach = min(radius, wholeWithin ?? radius)
        self.maxSpheres = maxSpheres
        self.maxVisits = 64 * maxSpheres + 100_000
        self.clans = clans
        self.coarsens = coarsens
        self.isCancelled = isCancelled
    }

    mutating func run() throws {
        let root = BrowseNode.root(kind)
        exactLabels = [ExactLabels.root(kind)]
        for slot in 1...4 { try emit(root, slot: slot, at: centers[0]) }
        try walk(root, at: centers[0], onPath: true)
    }

    /// Walks below a task another walk listed.
    mutating func walk(task t: Task) throws {
        if let labels = t.labels { setExactLabels(labels, generation: t.node.generation) }
        try walk(t.node, at: t.x, onPath: t.onPath)
    }

    /// Sets the labels of generation `g + 1` on the current path to those of the child of
    /// generation `g`'s node replacing `slot`, in place (the walk does this once per
    /// quintuple while labels are exact; coefficients only when clans are asked for).
    private mutating func pushExactLabels(from g: Int, slot: Int) {
        if exactLabels.count <= g + 1 { exactLabels.append(exactLabels[g]) }
        let clans = clans
        exactLabels.withUnsafeMutableBufferPointer { b in
            b[g + 1] = b[g]
            b[g + 1].replaceSlot(slot, coefficients: clans)
        }
    }

    /// Holds `labels` as those of the node of `generation` on the current path.
    private mutating func setExactLabels(_ labels: ExactLabels, generation g: Int) {
        if exactLabels.count <= g {
            exactLabels.reserveCapacity(g + 64)
            while exactLabels.count <= g { exactLabels.append(labels) }
        }
        exactLabels[g] = labels
    }

    mutating func walk(_ node: BrowseNode, at x: SIMD3<Double>, onPath: Bool) throws {
        let depth = node.generation
        var move = BrowseNode.Move.none
        for j in 0..<5 {
            guard node.move(j, into: &move) else { continue }
            let gap = move.gap
            visited += 1
            if visited & 1023 == 0, isCancelled?() ?? false { throw PackingError.cancelled }
            if visited > maxVisits {
                guard coarsens else { throw PackingError.tooManySpheres(limit: maxSpheres) }
                coarsen()
                visited = 0
            }
            // In the node's frame.
            let new = move.new
            // The new sphere is the smallest of its quintuple and no sphere below it is
            // larger (the moves' order is the same for every seed, so curvatures only
            // grow down the walk, in Soddy's packing too: tested against the generator).
            guard new.k > 0, node.unit / new.k >= minRadius * (1 - 1e-9) else { continue }
            // The gap the new sphere fills, and so its whole subtree, lies in the ball
            // orthogonal to the other four.
            // (When the new sphere is inside it; with slack for rounding, a millionth of
            // its radius.)
            if let g = gap, length(new.center - g.center) < g.radius {
                let radius = g.radius * (1 + 1e-6)
                if radius * node.unit < minRadius { continue }
                if length(g.center - x) > radius + reach / node.unit { continue }
            }
            let child = node.child(move)
            if depth >= Self.maxDepth {
                throw PackingError.invalidOption("zoom", "the view needs more than \(Self.maxDepth) generations")
            }
            let stays = onPath && depth < path.count && path[depth] == j
            let y: SIMD3<Double>
            if stays {
                y = centers[depth + 1]
            } else if let g = gap {
                y = (x - g.center) / g.radius
            } else {
                y = x
            }
            if child.exact { pushExactLabels(from: depth, slot: j) }
            if child.descents == 1 << UInt8(j) { try emit(child, slot: j, at: y) }
            if let split = splitUnit, child.unit < split {
                tasks.append(Task(node: child, x: y, onPath: stays, labels: child.exact ? exactLabels[depth + 1] : nil))
                continue
            }
            try walk(child, at: y, onPath: stays)
        }
    }

    /// Records the sphere in `slot` of `node` (the view's centre at `x` in its frame)
    /// when the view shows it.
    mutating func emit(_ node: BrowseNode, slot: Int, at x: SIMD3<Double>) throws {
        let sphere = node.spheres[slot]
        guard sphere.k > 0 else { return }
        let exact = node.exact
        let labels = exact ? exactLabels[node.generation] : nil
        // Exact radii while the labels are (as the generator gives them).
        let r = labels.map { 1 / kind.curvature($0.labels[slot]) } ?? node.unit / sphere.k
        guard r >= minRadius else { return }
        let c = sphere.center
        let surface = sphere.gap(to: x) * node.unit
        guard surface <= radius else { return }
        if let within = wholeWithin, surface + 2 * r > within { return }
        if records.count >= maxSpheres {
            guard coarsens else { throw PackingError.tooManySpheres(limit: maxSpheres) }
            while records.count >= maxSpheres { coarsen() }
            if r < minRadius { return }
        }
        let offset = (c - x) * node.unit
        let clan: Int
        if !clans {
            clan = -1
        } else if let labels {
            clan = TreeNode.serviceClan(ofCoefficients: labels.coefficients[slot])
        } else {
            clan = node.firstStep
        }
        let label = labels?.labels[slot]
        records.append(
            SphereRecord(
                x: offset.x, y: offset.y, z: offset.z, r: r, level: node.generation + 1,
                clan: clan,
                curvature: label.map { SphereCurvature(a: $0.a, b: $0.b, isIntegral: kind.isIntegral) }))
    }
}

extension BrowseWalk {
    /// The records of this walk and of `others` (walks of its tasks), at the largest
    /// minimum radius among them, coarsened further while they pass `maxSpheres`.
    mutating func merge(_ others: [BrowseWalk]) throws {
        for o in others where o.minRadius > minRadius { minRadius = o.minRadius }
        let least = minRadius
        records.removeAll { $0.r < least }
        for o in others { records += o.records.filter { $0.r >= least } }
        while records.count > maxSpheres {
            guard coarsens else { throw PackingError.tooManySpheres(limit: maxSpheres) }
            coarsen()
        }
    }

    /// Doubles the minimum radius and drops the records below it.
    mutating func coarsen() {
        minRadius *= 2
        let least = minRadius
        records.removeAll { $0.r < least }
    }
}

@inline(__always) func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
