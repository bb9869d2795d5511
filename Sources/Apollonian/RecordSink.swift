/// Turns labels into records: scaled, optionally only those reaching the shell.
struct RecordSink: SphereSink {
    let scale: Double
    let edgeOnly: Bool
    var records: [SphereRecord] = []
    /// Every sphere seen, kept or not.
    var seen = 0

    init(scale: Double, edgeOnly: Bool) {
        self.scale = scale
        self.edgeOnly = edgeOnly
    }

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        let label = state.label(slot)
        let k = label.curvature
        let r = 1 / k
        let c = label.center
        seen += 1
        if edgeOnly && (c * c).sum().squareRoot() + r <= 0.99 { return }
        records.append(SphereRecord(x: c.x * scale, y: c.y * scale, z: c.z * scale, r: r * scale, level: generation + 1))
    }
}
