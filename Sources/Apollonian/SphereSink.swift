/// Receives each sphere the walker makes: the quintuple that made it, the slot it sits in,
/// and its generation.
protocol SphereSink {
    mutating func accept(_ state: WalkState, slot: Int, generation: Int) throws
}
