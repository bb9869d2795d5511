/// Frame timing on a monotonic clock: when the next frame is due, and frames dropped when
/// the loop falls behind (never a burst of catch-up frames).
struct FramePacer {
    /// Seconds between frames.
    let period: Double
    /// When the next frame is due.
    private(set) var nextDue: Double
    /// Frames dropped because the loop was late.
    private(set) var dropped = 0

    /// A pacer at `fps` frames per second (clamped to 1...240), first frame due at `start`.
    init(fps: Int, start: Double) {
        period = 1 / Double(min(max(fps, 1), 240))
        nextDue = start
    }

    /// True when a frame is due at `now`.
    func isDue(_ now: Double) -> Bool { now >= nextDue }

    /// Seconds to wait from `now` until the next frame (0 when due).
    func wait(from now: Double) -> Double { max(0, nextDue - now) }

    /// Marks the frame due at `nextDue` as done at `now` and schedules the next; if the
    /// loop is more than a period late, the missed slots are dropped.
    mutating func frameDone(at now: Double) {
        nextDue += period
        if nextDue <= now {
            let missed = Int(((now - nextDue) / period).rounded(.down)) + 1
            dropped += missed
            nextDue += Double(missed) * period
        }
    }
}
