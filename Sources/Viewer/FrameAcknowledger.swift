/// End-to-end flow control for links whose backlog the viewer cannot see (SSH: `sshd`
/// empties the pty at once and the bytes wait in the SSH channel window).
///
/// Each frame ends with a Device Status Report query (`ESC[5n`); the terminal answers
/// `ESC[0n` through the same link once it has read the frame. At most `maxInFlight`
/// frames may be unanswered; further frames are skipped (not queued) until an answer
/// arrives, so a key acts after at most that many frames of older output.
///
/// A terminal that never answers is detected by `firstAnswerTimeout`: the viewer then
/// stops sending queries (falling back to the pty-side `poll`/`TIOCOUTQ` check) and takes
/// them up again if a late answer shows up after all. Once a terminal has answered, a
/// query unanswered for `lostAnswerTimeout` is taken as lost and forgotten.
struct FrameAcknowledger: Equatable {
    /// Whether the terminal answers the queries.
    enum Mode: Equatable {
        /// Queries sent, no answer seen yet.
        case waitingForFirstAnswer
        /// The terminal has answered: frames wait for their answers.
        case acknowledged
        /// No answer within `firstAnswerTimeout`: no queries, no waiting.
        case unsupported
    }

    /// Most frames sent and not yet answered (default 2).
    let maxInFlight: Int
    /// Seconds to wait for the very first answer before deciding the terminal never
    /// answers (default 1).
    let firstAnswerTimeout: Double
    /// Seconds after which an unanswered query of an answering terminal counts as lost
    /// (default 5).
    let lostAnswerTimeout: Double
    /// Current mode.
    private(set) var mode = Mode.waitingForFirstAnswer
    /// Monotonic send times (seconds) of the queries not answered yet, oldest first.
    private(set) var pending: [Double] = []
    /// Answers matched to queries, and answers that came when none was pending.
    private(set) var answers = 0
    private(set) var strayAnswers = 0
    /// Queries forgotten after a timeout, on a resume or on quit.
    private(set) var abandoned = 0
    /// Queries whose answer has not arrived, abandoned ones included (their answers may
    /// still come): what could reach the terminal's input after the viewer has gone.
    private(set) var unanswered = 0

    /// Flow control allowing `maxInFlight` (at least 1) unanswered frames.
    init(maxInFlight: Int = 2, firstAnswerTimeout: Double = 1, lostAnswerTimeout: Double = 5) {
        self.maxInFlight = max(1, maxInFlight)
        self.firstAnswerTimeout = firstAnswerTimeout
        self.lostAnswerTimeout = lostAnswerTimeout
    }

    /// Frames sent and not answered yet.
    var inFlight: Int { pending.count }

    /// True while queries are sent and answered frames are waited for.
    var isActive: Bool { mode != .unsupported }

    /// True when a frame may be sent at `now` (monotonic seconds); false while
    /// `maxInFlight` frames wait for answers. Applies the timeouts as a side effect.
    mutating func canSend(at now: Double) -> Bool {
        guard mode != .unsupported, let oldest = pending.first else { return true }
        if pending.count < maxInFlight { return true }
        let age = now - oldest
        switch mode {
        case .waitingForFirstAnswer where age >= firstAnswerTimeout:
            mode = .unsupported
            abandonAll()
            return true
        case .acknowledged where age >= lostAnswerTimeout:
            abandonAll()
            return true
        default:
            return false
        }
    }

    /// Records a frame sent at `now`; returns true when the query must follow the frame.
    mutating func frameSent(at now: Double) -> Bool {
        guard mode != .unsupported else { return false }
        pending.append(now)
        unanswered += 1
        return true
    }

    /// Records one `ESC[0n` answer from the terminal.
    mutating func answerReceived() {
        unanswered = max(0, unanswered - 1)
        if pending.isEmpty {
            strayAnswers += 1
        } else {
            pending.removeFirst()
            answers += 1
        }
        // A late answer after the fallback: the terminal does answer, only slowly.
        mode = .acknowledged
    }

    /// Forgets every query, abandoned ones included, once unread input has been discarded
    /// (on quit and suspend): answers still to come are not waited for again.
    mutating func forgetAll() {
        abandonAll()
        unanswered = 0
    }

    /// Forgets every pending query (their answers, if any, will count as stray).
    mutating func abandonAll() {
        abandoned += pending.count
        pending.removeAll()
    }

    /// Word pairs for the `ORBIT_STATS` line: `answers 120 stray_answers 0 abandoned 2
    /// acknowledging 1` (the last 0 once the terminal was taken as one that never answers).
    var summary: String {
        "answers \(answers) stray_answers \(strayAnswers) abandoned \(abandoned) acknowledging \(isActive ? 1 : 0)"
    }
}
