/// Depth-first walk over every quintuple of the packing, making each sphere exactly once.
///
/// The moves "replace slot j" generate a Coxeter group (each move undoes itself, and any
/// two moves i, j satisfy (ij)^3 = 1: the six spheres tangent to three mutually tangent
/// spheres close up, Soddy's hexlet). Quintuples are the group's elements; a sphere sitting
/// in slot i is the same sphere in every quintuple reached by moves that leave slot i alone.
/// So a sphere is made exactly once by the shortest quintuple that holds it, and that
/// quintuple is the one whose only step back towards the root (descent) is slot i.
///
/// A step is "forward" when the new sphere is smaller than the one it replaces (its
/// curvature larger); those are the steps that lengthen a word. Each quintuple is visited
/// once, from the parent reached by undoing its highest-numbered descent; a quintuple
/// with one descent makes a new sphere, one with several only leads on. All tests are exact
/// integer comparisons of curvatures `a + b * kappa`.
///
/// Every forward step keeps the largest curvature of a quintuple or raises it, and a new
/// sphere is the smallest of its quintuple, so a subtree whose quintuple already holds a
/// sphere below the radius cut-off makes only spheres below it: the walk prunes there,
/// which is exactly "drop a sphere that is too small with all its descendants".
struct PackingWalker {
    /// Deepest generation made.
    let maxGeneration: Int
    /// Largest curvature kept (unit container): 1 / minimum radius, or infinity.
    let curvatureLimit: Double
    /// Polled every few thousand quintuples; true stops the walk with `.cancelled`.
    let isCancelled: (@Sendable () -> Bool)?
    /// Stop with `.tooManySpheres` past this many spheres.
    let maxSpheres: Int
    /// Told every `progressInterval` spheres how many this walker made since; shared
    /// by the walkers of a parallel run (progress, the common sphere limit, stopping).
    let coordinator: WalkCoordinator?
    /// Spheres made so far.
    private(set) var made = 0
    private var visited = 0
    private var sinceReport = 0

    static let progressInterval = 1 << 14

    init(maxGeneration: Int, curvatureLimit: Double, maxSpheres: Int,
         isCancelled: (@Sendable () -> Bool)? = nil, coordinator: WalkCoordinator? = nil) {
        self.maxGeneration = maxGeneration
        self.curvatureLimit = curvatureLimit
        self.maxSpheres = maxSpheres
        self.isCancelled = isCancelled
        self.coordinator = coordinator
    }

    /// Makes the four spheres of generation 0 (when they pass the cut-off).
    mutating func emitRoot<S: SphereSink>(into sink: inout S) throws {
        guard SphereLabel.kappa <= curvatureLimit else { return }
        let root = WalkState(.root)
        for slot in 1...4 { try count(); try sink.accept(root, slot: slot, generation: 0) }
    }

    /// Walks the subtree below quintuple `v` (of generation `generation`, descents
    /// `descents`), handing every sphere made to `sink`. `v` is changed during the walk
    /// and restored before returning (each move undoes itself), so nothing is copied.
    mutating func walk<S: SphereSink>(_ v: WalkState, descents: UInt8, generation: Int, into sink: inout S) throws {
        guard generation < maxGeneration else { return }
        let node = NodeSummary(v)
        for j in 0..<5 where descents & (1 << UInt8(j)) == 0 {
            guard let du = try step(v, j, node) else { continue }
            defer { v.replace(j) }
            if du == 1 << UInt8(j) { try count(); try sink.accept(v, slot: j, generation: generation + 1) }
            try walk(v, descents: du, generation: generation + 1, into: &sink)
        }
    }

    /// What every child test of one quintuple needs: its curvature sum, the largest
    /// curvature above each slot, and the largest overall.
    struct NodeSummary {
        let sum: Double
        let above: SIMD4<Double>  // lane j: max of k[j+1...4]
        let largest: Double

        init(_ v: WalkState) {
            let k = v.k
            sum = v.curvatureSum
            let a3 = k[4], a2 = Swift.max(k[3], a3), a1 = Swift.max(k[2], a2), a0 = Swift.max(k[1], a1)
            above = SIMD4(a0, a1, a2, a3)
            largest = Swift.max(k[0], a0)
        }
    }

    /// Moves `v` to its child by a forward step in slot `j` and returns the child's
    /// descents; or leaves `v` alone and returns nil when that child belongs to another
    /// parent or lies wholly below the cut-off. The caller undoes the step with
    /// `v.replace(j)`. `node` summarizes `v` (see `NodeSummary`).
    mutating func step(_ v: WalkState, _ j: Int, _ node: NodeSummary) throws -> UInt8? {
        // Visit the child only from its canonical parent: the one undoing its highest
        // descent. The child has a descent m > j when 3k_m exceeds its curvature sum
        // 2S - 3k_j; the largest k_m above j decides (exactly when it is close).
        if j < 4 {
            let d = 3 * node.above[j] - (2 * node.sum - 3 * v.k[j])
            if d > 0.5 || (d >= -0.5 && v.replacementHasDescentAbove(j)) { return nil }
        }
        v.replace(j)
        let k = Swift.max(node.largest, v.k[j])
        if k > curvatureLimit { v.replace(j); return nil }
        if k > 1e15 {
            v.replace(j)
            throw PackingError.invalidOption("level", "spheres below 1e-15 of the outer radius are beyond exact integer labels; set a radius cut-off")
        }
        visited &+= 1
        if visited & 1023 == 0 && ((isCancelled?() ?? false) || (coordinator?.isStopped ?? false)) {
            v.replace(j)
            throw PackingError.cancelled
        }
        return v.descents(below: j) | 1 << UInt8(j)
    }

    /// The child of `v` by a forward step in slot `j`, for callers outside a walk.
    mutating func step(_ v: WalkState, _ j: Int) throws -> UInt8? { try step(v, j, NodeSummary(v)) }

    /// Hands the spheres made since the last report to the coordinator.
    mutating func flushProgress() throws {
        let n = sinceReport
        sinceReport = 0
        try coordinator?.add(n)
    }

    mutating func count() throws {
        made += 1
        if made > maxSpheres { throw PackingError.tooManySpheres(limit: maxSpheres) }
        sinceReport += 1
        if sinceReport == Self.progressInterval { try flushProgress() }
    }
}
