/// Hands spheres to a closure; an error it throws ends the walk.
struct VisitorSink: SphereSink {
    let body: (SphereLabel, Int, Quintuple, Int) throws -> Void

    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws {
        try body(state.label(slot), generation, state.quintuple, slot)
    }
}
