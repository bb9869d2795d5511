/// Scenes that come in levels (the Apollonian packing): keys `1`-`9`, `0` (10) and
/// `[` / `]` ask for another level, built on a background thread while the view stays
/// responsive.
public struct LevelSource: Sendable {
    /// The levels offered, e.g. 1...14.
    public var range: ClosedRange<Int>
    /// The level of the scene the viewer starts with.
    public var initial: Int
    /// Builds the scene for a level. Runs on a background thread; report progress and
    /// stop early (throw any error) when `progress.isCancelled` turns true. A thrown error
    /// is shown in a message box and the previous scene stays.
    public var load: @Sendable (_ level: Int, _ progress: LevelProgress) throws -> ViewerScene

    /// A level source.
    public init(
        range: ClosedRange<Int>, initial: Int,
        load: @escaping @Sendable (_ level: Int, _ progress: LevelProgress) throws -> ViewerScene
    ) {
        self.range = range
        self.initial = min(max(initial, range.lowerBound), range.upperBound)
        self.load = load
    }
}
