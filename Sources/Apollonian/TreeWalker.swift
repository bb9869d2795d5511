/// Depth-first walk of the original service's tree of spheres (no hash set, each sphere
/// exactly once, at its generation).
///
/// A sphere is an integer vector `X` of five coefficients over the seed quintuple (slot 0
/// the container). The roots are, for each clan c = 0...4, `R_c e_c`: `e_c` with
/// coordinate c negated and 1 added to every other one (the sphere replacing seed sphere c),
/// at generation 1. The children of a node `(X, i)` are, for each j != i in order, the
/// reflection `Y = s_j X` (`Y_j = -X_j`, `Y_m = X_m + X_j`), kept only when j is the first
/// index of the minimum of `Y`. Curvature never falls from parent to child (it rises
/// strictly in the standard packing), so a sphere below the radius cut-off is dropped with
/// its whole subtree.
///
/// The walk carries one 64-byte node per level of recursion and allocates nothing per
/// sphere.
struct TreeWalker {
    /// The packing.
    let kind: PackingKind
    /// Deepest generation made.
    let maxGeneration: Int
    /// Spheres with radius below this (unit container) are dropped with their subtree.
    let minRadius: Double
    /// Polled every few thousand spheres; true stops the walk with `.cancelled`.
    let isCancelled: (@Sendable () -> Bool)?
    /// Stop with `.tooManySpheres` past this many spheres.
    let maxSpheres: Int
    /// Shared by the walkers of a parallel run: progress, the common limit, stopping.
    let coordinator: WalkCoordinator?
    /// Per slot j, what one reflection in j adds to the curvature's `a` and `b` per unit
    /// of `X_j` (the coefficients gain `X_j`, and `X_j` itself changes sign).
    private let stepA: SIMD8<Int64>
    private let stepB: SIMD8<Int64>
    /// Spheres made so far.
    private(set) var made = 0
    private var sinceReport = 0

    static let progressInterval = 1 << 14

    init(
        kind: PackingKind = .standard, maxGeneration: Int, minRadius: Double, maxSpheres: Int,
        isCancelled: (@Sendable () -> Bool)? = nil, coordinator: WalkCoordinator? = nil
    ) {
        self.kind = kind
        self.maxGeneration = maxGeneration
        self.minRadius = minRadius
        self.maxSpheres = maxSpheres
        self.isCancelled = isCancelled
        self.coordinator = coordinator
        let seed = kind.seed
        let sumA = seed.reduce(0) { $0 + $1.a }
        let sumB = seed.reduce(0) { $0 + $1.b }
        var a = SIMD8<Int64>(repeating: 0)
        var b = a
        for j in 0..<5 {
            a[j] = sumA - 3 * seed[j].a
            b[j] = sumB - 3 * seed[j].b
        }
        stepA = a
        stepB = b
    }

    /// The curvature of `node` (unit container), rounded once from its integers.
    @inline(__always) func curvature(_ node: TreeNode) -> Double { Double(node.v[5]) + Double(node.v[6]) * kind.kappa }

    /// True when a sphere of curvature `k` is kept: radius at least the cut-off.
    @inline(__always) func keeps(_ k: Double) throws -> Bool {
        if k > 1e15 {
            throw PackingError.invalidOption(
                "level", "spheres below 1e-15 of the outer radius are beyond exact integer labels; set a radius cut-off"
            )
        }
        return !(1 / k < minRadius)
    }

    /// The child of `node` by reflection `j` (whether or not the tree keeps it).
    @inline(__always) func child(_ node: TreeNode, _ j: Int) -> TreeNode {
        let x = node.v[j]
        var y = node.v &+ SIMD8(x, x, x, x, x, x &* stepA[j], x &* stepB[j], 0)
        y[j] = 0 &- x
        return TreeNode(v: y, slot: j)
    }

    /// The root of clan `c`: the sphere replacing seed sphere `c`, generation 1.
    func root(clan c: Int) -> TreeNode { child(TreeNode(seed: c, kind: kind), c) }

    /// Makes `node` (generation `generation`) when it passes the cut-offs, then, when
    /// `descend`, its subtree depth first, children in order j = 0...4. A seed sphere is
    /// made without descending (its clan's subtree hangs below the root instead).
    mutating func visit<S: TreeSink>(_ node: TreeNode, generation: Int, descend: Bool = true, into sink: inout S) throws
    {
        guard generation <= maxGeneration else { return }
        let k = curvature(node)
        guard try keeps(k) else { return }
        try count()
        try sink.accept(node, generation: generation, curvature: k)
        if descend { try walk(node, generation: generation, into: &sink) }
    }

    /// The subtree below `node` (not `node` itself), depth first.
    mutating func walk<S: TreeSink>(_ node: TreeNode, generation: Int, into sink: inout S) throws {
        guard generation < maxGeneration else { return }
        for j in 0..<5 where j != node.slot && node.keepsChild(j) {
            let c = child(node, j)
            let k = curvature(c)
            guard try keeps(k) else { continue }
            try count()
            try sink.accept(c, generation: generation + 1, curvature: k)
            try walk(c, generation: generation + 1, into: &sink)
        }
    }

    /// Hands the spheres made since the last report to the coordinator.
    mutating func flushProgress() throws {
        let n = sinceReport
        sinceReport = 0
        try coordinator?.add(n)
    }

    @inline(__always) mutating func count() throws {
        made += 1
        if made > maxSpheres { throw PackingError.tooManySpheres(limit: maxSpheres) }
        sinceReport += 1
        if sinceReport & 1023 == 0 {
            if (isCancelled?() ?? false) || (coordinator?.isStopped ?? false) { throw PackingError.cancelled }
            if sinceReport == Self.progressInterval { try flushProgress() }
        }
    }
}
