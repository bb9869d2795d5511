import Synchronization

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
