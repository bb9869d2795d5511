/// Frames actually drawn per second over a sliding window (the HUD's fps).
struct RateMeter {
    /// Window length in seconds. Default 1.
    let window: Double
    private var times: [Double] = []

    init(window: Double = 1) { self.window = window }

    /// Records one event at `time` (seconds). One event older than the window is kept, so a
    /// rate near or below one per window (a slow link) still measures instead of reading 0.
    mutating func record(_ time: Double) {
        times.append(time)
        while times.count > 2 && time - times[1] > window { times.removeFirst() }
    }

    /// Starts measuring afresh at `time` (seconds), when motion begins after a rest: the
    /// rate is then the frames since `time` over the time since, right from the first frame,
    /// instead of counting the rest before it.
    mutating func restart(at time: Double) {
        times = [time]
    }

    /// Events per second at `now`: 0 with fewer than two events or none within the
    /// window (paused).
    func rate(at now: Double) -> Double {
        guard times.count >= 2, let first = times.first, let last = times.last, last > first,
            now - last <= window
        else { return 0 }
        return Double(times.count - 1) / (last - first)
    }
}
