/// Hands spheres to a closure with a quintuple of tangent spheres holding them; an error
/// the closure throws ends the walk.
struct VisitorSink: TreeSink {
    let kind: PackingKind
    let body: (SphereLabel, Int, Quintuple, Int) throws -> Void

    mutating func accept(_ node: TreeNode, generation: Int, curvature: Double) throws {
        let seed = kind.seed
        let (quintuple, slot) = Quintuple.holding(node.v, seed: seed)
        try body(node.label(seed), generation, quintuple, slot)
    }
}
