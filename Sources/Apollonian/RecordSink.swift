/// Turns tree nodes into records: scaled, optionally only those reaching the shell.
struct RecordSink: TreeSink, Sendable {
    let kind: PackingKind
    let scale: Double
    let edgeOnly: Bool
    private let seed: [SphereLabel]
    var records: [SphereRecord] = []
    /// Every sphere seen, kept or not.
    var seen = 0

    init(kind: PackingKind, scale: Double, edgeOnly: Bool) {
        self.kind = kind
        self.scale = scale
        self.edgeOnly = edgeOnly
        seed = kind.seed
    }

    mutating func accept(_ node: TreeNode, generation: Int, curvature k: Double) throws {
        let label = node.label(seed)
        let r = 1 / k
        let c = kind.center(label)
        seen += 1
        if edgeOnly && (c * c).sum().squareRoot() + r <= 0.99 { return }
        records.append(
            SphereRecord(
                x: c.x * scale, y: c.y * scale, z: c.z * scale, r: r * scale, level: generation + 1,
                clan: node.clan, curvature: SphereCurvature(a: label.a, b: label.b, isIntegral: kind.isIntegral)))
    }
}
