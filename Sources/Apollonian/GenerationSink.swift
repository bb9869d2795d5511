/// Per-generation tallies (curvatures of the unit packing).
struct GenerationSink: TreeSink, Sendable {
    let kind: PackingKind
    private let seed: [SphereLabel]
    var new: [Int], edge: [Int], minK: [Double], maxK: [Double]

    init(kind: PackingKind, levels: Int) {
        self.kind = kind
        seed = kind.seed
        new = Array(repeating: 0, count: levels)
        edge = new
        minK = Array(repeating: .infinity, count: levels)
        maxK = Array(repeating: 0, count: levels)
    }

    mutating func accept(_ node: TreeNode, generation: Int, curvature k: Double) throws {
        new[generation] += 1
        let c = kind.center(node.label(seed))
        if (c * c).sum().squareRoot() + 1 / k > 0.99 { edge[generation] += 1 }
        minK[generation] = min(minK[generation], k)
        maxK[generation] = max(maxK[generation], k)
    }
}
