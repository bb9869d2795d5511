/// The link's throughput, measured from the answers to the frames' status queries
/// (`FrameAcknowledger`): answers come back in the order the frames went out, each once the
/// terminal has read its frame. When a frame went out before the previous frame's answer
/// came, it waited behind that frame, so the time between the two answers is the time the
/// link took to carry it: its bytes over that time are one sample. Frames sent into an
/// idle link give no sample (their round trip is mostly latency, not throughput): a link
/// that keeps up is not measured, and needs no measuring.
struct LinkMeter: Equatable {
    /// A frame whose answer has not come yet.
    private struct Sent: Equatable {
        var bytes: Int
        var at: Double
        /// Sent while an earlier frame was still unanswered.
        var queued: Bool
    }

    /// A frame's bytes and the seconds the link took for them.
    private struct Sample: Equatable {
        var bytes: Int
        var seconds: Double
    }

    /// Samples the estimate is made of, newest last (default 4).
    let window: Int
    /// Frames remembered while unanswered; older ones are forgotten (their answers were
    /// lost), so a later answer is not matched to the wrong frame for long.
    static let maxPending = 8
    private var pending: [Sent] = []
    private var lastAnswer: Double?
    private var samples: [Sample] = []

    /// A meter averaging the last `window` (at least 1) samples.
    init(window: Int = 4) { self.window = max(1, window) }

    /// A frame of `bytes` bytes, followed by a status query, was written at `now`
    /// (monotonic seconds).
    mutating func frameSent(bytes: Int, at now: Double) {
        pending.append(Sent(bytes: bytes, at: now, queued: !pending.isEmpty))
        if pending.count > Self.maxPending { pending.removeFirst() }
    }

    /// The answer to the oldest unanswered frame came at `now`. Returns the throughput
    /// estimate in bytes per second when this answer gave a new sample, else nil.
    mutating func answerReceived(at now: Double) -> Double? {
        defer { lastAnswer = now }
        guard !pending.isEmpty else { return nil }
        let frame = pending.removeFirst()
        guard frame.queued, let previous = lastAnswer, previous >= frame.at, now > previous else { return nil }
        samples.append(Sample(bytes: frame.bytes, seconds: now - previous))
        if samples.count > window { samples.removeFirst() }
        return bytesPerSecond
    }

    /// The estimate: bytes over seconds of the recent samples; nil before the first.
    var bytesPerSecond: Double? {
        let seconds = samples.reduce(0) { $0 + $1.seconds }
        guard !samples.isEmpty, seconds > 0 else { return nil }
        return Double(samples.reduce(0) { $0 + $1.bytes }) / seconds
    }

    /// Forgets the unanswered frames (unread input was discarded: their answers will not
    /// come), keeping the samples.
    mutating func forgetPending() {
        pending.removeAll()
        lastAnswer = nil
    }
}
