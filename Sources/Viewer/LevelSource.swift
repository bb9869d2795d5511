import Synchronization

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
    public init(range: ClosedRange<Int>, initial: Int,
                load: @escaping @Sendable (_ level: Int, _ progress: LevelProgress) throws -> ViewerScene) {
        self.range = range
        self.initial = min(max(initial, range.lowerBound), range.upperBound)
        self.load = load
    }
}

/// Progress of one background scene build, shared by the builder and the viewer.
public final class LevelProgress: Sendable {
    private struct State {
        var fraction = 0.0
        var text = ""
        var cancelled = false
    }
    private let state = Mutex(State())

    /// A progress record at zero.
    public init() {}

    /// Reports how far the build is (0...1) and what it is doing, e.g. `generation 8`.
    public func report(_ fraction: Double, _ text: String) {
        state.withLock {
            $0.fraction = min(max(fraction.isFinite ? fraction : 0, 0), 1)
            $0.text = text
        }
    }

    /// True once the viewer no longer wants the result; a builder should stop soon.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Asks the builder to stop.
    public func cancel() { state.withLock { $0.cancelled = true } }

    /// The last report.
    public var current: (fraction: Double, text: String) { state.withLock { ($0.fraction, $0.text) } }
}
