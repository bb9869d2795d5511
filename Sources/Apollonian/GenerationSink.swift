/// Per-generation tallies (curvatures of the unit packing).
struct GenerationSink: SphereSink, Sendable {
    var new: [Int], edge: [Int], minK: [Double], maxK: [Double]

    init(levels: Int) {
        new = Array(repeating: 0, count: levels)
        edge = new
        minK = Array(repeating: .infinity, count: levels)
        maxK = Array(repeating: 0, count: levels)
    }

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        let label = state.label(slot)
        let k = label.curvature
        new[generation] += 1
        let c = label.center
        if (c * c).sum().squareRoot() + 1 / k > 0.99 { edge[generation] += 1 }
        minK[generation] = min(minK[generation], k)
        maxK[generation] = max(maxK[generation], k)
    }
}
