/// Frames actually drawn per second over a sliding window (the HUD's fps).
struct RateMeter {
    /// Window length in seconds. Default 1.
    let window: Double
    private var times: [Double] = []

    init(window: Double = 1) { self.window = window }

    /// Records one event at `time` (seconds).
    mutating func record(_ time: Double) {
        times.append(time)
        times.removeAll { time - $0 > window }
    }

    /// Events per second at `now` (0 with fewer than two events).
    func rate(at now: Double) -> Double {
        let recent = times.filter { now - $0 <= window }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last > first else { return 0 }
        return Double(recent.count - 1) / (last - first)
    }
}
