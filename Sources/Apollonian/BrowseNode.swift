/// One quintuple of the browse walk, held in its own frame: the frame of the gap its
/// newest sphere fills (origin the gap ball's centre, unit its radius), so its numbers
/// are near 1 at any depth. The root is the seed quintuple in outer radii.
struct BrowseNode: Sendable {
    /// The five spheres, in this node's frame.
    var spheres: InversiveQuintuple
    /// The standard packing's curvatures of the same moves (any common scale): they
    /// decide the walk's order for every packing kind.
    var order: SIMD8<Double>
    /// Whether the exact labels of this node's spheres are still exact (they are carried
    /// with wrapping arithmetic and overflow past curvatures of about 10^15). The labels
    /// themselves are kept by the walk, one `ExactLabels` per generation along the path it
    /// is on, so a node stays small (the walk copies one per quintuple it visits).
    var exact: Bool
    /// Slots where replacing gives a larger sphere (steps back towards the root).
    var descents: UInt8
    /// Outer radii per unit of this node's frame.
    var unit: Double
    /// Generation of the newest sphere (0 at the root).
    var generation: Int
    /// Clan of the subtree (the first step from the root; -1 at the root).
    var firstStep: Int

    /// Curvatures past this (outer radii) may have overflowed the exact labels.
    static let exactLimit = 1e15

    /// The seed quintuple of `kind`, in outer radii.
    static func root(_ kind: PackingKind) -> BrowseNode {
        let seed = Quintuple.seed(of: kind)
        let standard = Quintuple.root
        var order = SIMD8<Double>(repeating: 0)
        for i in 0..<5 { order[i] = standard[i].curvature }
        return BrowseNode(
            spheres: InversiveQuintuple((0..<5).map { InversiveSphere(seed[$0], kind: kind) }), order: order,
            exact: true, descents: 0, unit: 1, generation: 0, firstStep: -1)
    }

    /// Slots m where 3 k_m > the sum, by `order`.
    static func descents(_ k: SIMD8<Double>) -> UInt8 {
        let s = k.sum()
        // Lanes 5...7 are 0 (never above a positive sum); compared all at once.
        let above = (3 * k) .> SIMD8(repeating: s)
        let bits = SIMD8<Double>(1, 2, 4, 8, 16, 0, 0, 0)
        return UInt8(SIMD8<Double>(repeating: 0).replacing(with: bits, where: above).sum())
    }

    /// The move replacing slot `j`, when this node is its canonical parent (the one
    /// undoing its highest descent): the new sphere and the gap ball it fills, in this
    /// node's frame, without building the child (the walk prunes most moves on these).
    /// Nil when `j` steps back or the child has another canonical parent.
    struct Move {
        var slot: Int
        var order: SIMD8<Double>
        var descents: UInt8
        var new: InversiveSphere
        var gap: (center: SIMD3<Double>, radius: Double)?

        /// A move to be overwritten by `move(_:into:)`.
        static let none = Move(
            slot: 0, order: .zero, descents: 0, new: InversiveSphere(bar: 0, k: 0, kc: .zero), gap: nil)
    }

    /// The move replacing slot `j` (see `Move`), or nil.
    func move(_ j: Int) -> Move? {
        var m = Move.none
        return move(j, into: &m) ? m : nil
    }

    /// `move(j)` written into `m` (the walk's one `Move`, so none is copied out of an
    /// optional); false, leaving `m` as it was, where `move(j)` is nil.
    func move(_ j: Int, into m: inout Move) -> Bool {
        guard descents & (1 << UInt8(j)) == 0 else { return false }
        var o = order
        o[j] = o.sum() - 2 * order[j]
        let d = Self.descents(o)
        guard d >> UInt8(j) == 1 else { return false }
        // Keep the order's scale near 1 (a power of two: exact).
        if o[j] > 0x1p200 { o = o * 0x1p-200 }
        m.slot = j
        m.order = o
        m.descents = d
        m.new = spheres.replacement(j)
        m.gap = InversiveQuintuple.gapBall(new: m.new, old: spheres[j])
        return true
    }

    /// The child `m` leads to, in the frame of its gap: this node changed in place (one
    /// copy), its spheres moved to the gap's frame in one pass (its exact labels are
    /// carried by the walk, `ExactLabels.replaceSlot`).
    func child(_ m: Move) -> BrowseNode {
        let j = m.slot
        var next = self
        next.order = m.order
        next.descents = m.descents
        next.generation = generation + 1
        if firstStep < 0 { next.firstStep = j }
        if let g = m.gap {
            for i in 0..<5 {
                next.spheres[i] = (i == j ? m.new : spheres[i]).inFrame(origin: g.center, scale: g.radius)
            }
            next.unit = unit * g.radius
        } else {
            next.spheres[j] = m.new
        }
        if next.exact, abs(next.spheres[j].k / next.unit) > Self.exactLimit { next.exact = false }
        return next
    }

    /// The child replacing slot `j`, when this node is its canonical parent (the one
    /// undoing its highest descent), with the new sphere and the gap ball it fills, both
    /// in this node's frame; the child is in the gap's frame. Nil when `j` steps back or
    /// the child has another canonical parent.
    func child(_ j: Int) -> (node: BrowseNode, gap: (center: SIMD3<Double>, radius: Double)?)? {
        guard let m = move(j) else { return nil }
        return (child(m), m.gap)
    }
}

/// The exact labels of a `BrowseNode`'s five spheres and their coefficients over the seed
/// (which give the clan in the service's tree), while the node is `exact`.
struct ExactLabels: Sendable {
    var labels: Quintuple
    var coefficients: Quintuple

    /// The seed quintuple's labels, coefficients the basis.
    static func root(_ kind: PackingKind) -> ExactLabels {
        ExactLabels(labels: Quintuple.seed(of: kind), coefficients: Quintuple.basis)
    }

    /// These labels become those of the child replacing slot `j`; its coefficients too
    /// when `coefficients` (else they are left stale: only clans read them).
    mutating func replaceSlot(_ j: Int, coefficients withCoefficients: Bool) {
        labels.replaceSlot(j)
        if withCoefficients { coefficients.replaceSlot(j) }
    }
}
