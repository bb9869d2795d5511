/// Picks the resolution graphics frames are rendered at so they fit the link: a frame may
/// use a tenth of a second of the link's bytes (at least `targetFPS` frames per second);
/// the terminal scales smaller frames up to the view area. The budget is the smaller of
/// `--max-kbps` and the throughput flow control measured; with neither, full resolution.
/// Steps down as soon as recent frames exceed the budget, and up only when the larger
/// size would use under 70% of it (frame bytes grow with the pixel count, scale squared).
public struct ResolutionGovernor: Sendable {
    /// The scales offered, largest first.
    public static let steps: [Double] = [1, 0.75, 0.5, 0.375, 0.25]
    /// Frames per second the budget is made for.
    public static let targetFPS = 10.0
    /// Seconds a throughput measurement stays valid.
    public static let measurementLifetime = 3.0

    /// The cap from `--max-kbps`, in bytes per second; nil: none.
    public let maxBytesPerSecond: Double?
    /// The link throughput flow control last measured (bytes per second), with its time.
    public private(set) var measured: (bytesPerSecond: Double, at: Double)?
    private var index = 0
    private var recent: [Int] = []

    /// A governor with an optional fixed cap (bytes per second).
    public init(maxBytesPerSecond: Double? = nil) {
        self.maxBytesPerSecond = maxBytesPerSecond.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    /// The scale to render the next frame at (one of `steps`).
    public var scale: Double { Self.steps[index] }

    /// Bytes one frame may use at `now` (monotonic seconds); nil: no limit known.
    public func budget(at now: Double) -> Double? {
        var rate = maxBytesPerSecond
        if let m = measured, now - m.at <= Self.measurementLifetime {
            rate = min(rate ?? m.bytesPerSecond, m.bytesPerSecond)
        }
        return rate.map { $0 / Self.targetFPS }
    }

    /// Flow control measured the link at `bytesPerSecond` at `now`.
    public mutating func linkMeasured(bytesPerSecond: Double, at now: Double) {
        guard bytesPerSecond.isFinite, bytesPerSecond > 0 else { return }
        measured = (bytesPerSecond, now)
    }

    /// A frame of `bytes` was sent at `now`: may change `scale` for the next one.
    public mutating func frameSent(bytes: Int, at now: Double) {
        recent.append(bytes)
        if recent.count > 3 { recent.removeFirst() }
        guard let budget = budget(at: now) else {
            if index > 0 { step(-1) }
            return
        }
        let mean = Double(recent.reduce(0, +)) / Double(recent.count)
        if mean > budget && index + 1 < Self.steps.count {
            step(1)
        } else if index > 0, recent.count == 3 {
            let growth = (Self.steps[index - 1] / Self.steps[index]) * (Self.steps[index - 1] / Self.steps[index])
            if mean * growth < 0.7 * budget { step(-1) }
        }
    }

    private mutating func step(_ delta: Int) {
        index = min(max(index + delta, 0), Self.steps.count - 1)
        recent.removeAll()
    }
}
