import Gestures

/// The one reader of the bytes a terminal sends: keys, mouse reports and answers to
/// queries, byte by byte across reads, with time deciding what a lone Esc is.
///
/// The rules (docs/RELIABILITY.md, "Input"):
/// - only a lone Esc is the Esc key: `ESC` followed by nothing for `escapeTimeout` seconds;
/// - a sequence that has not ended when its time is up (no byte for `escapeTimeout`
///   seconds, or `stringTimeout` seconds after a control string began) was Alt plus its
///   introducer: it is dropped, and the bytes after it are keys again, so `ESC ]` (Alt+])
///   swallows at most `stringTimeout` seconds of typing, never every later key (what came
///   inside it is not given back: it may be the start of an answer cut off on a slow link);
/// - a complete sequence that is neither a known key, a mouse report nor an answer
///   (bracketed paste, focus, kitty keyboard keys, F13, Menu, Home/End) is ignored;
/// - Alt+key (`ESC` then a plain byte) is ignored;
/// - what is kept is bounded: `maximumLength` bytes of a control string, 64 of any other
///   sequence (a longer one is read to its end and dropped whole).
///
/// Pure: the caller supplies the bytes and the time, so tests and the fuzz target drive it.
public struct InputDecoder: Sendable {
    /// What the bytes meant.
    public enum Event: Equatable, Sendable {
        /// A byte typed as itself (a character, or a control such as Ctrl-C = 3).
        case byte(UInt8)
        /// The Esc key alone.
        case escape
        /// An arrow key.
        case arrow(Arrow)
        /// A mouse report, 0-based cell position.
        case mouse(MouseEvent.Kind, column: Int, row: Int)
        /// An answer to a query (`ESC[0n` is `.reply(.statusOK)`).
        case reply(TerminalReply)
    }

    /// The four arrow keys.
    public enum Arrow: Equatable, Sendable { case up, down, right, left }

    /// Longest control string kept (`ReplyParser.maximumLength`).
    public static let maximumLength = ReplyParser.maximumLength
    /// Longest CSI or other sequence kept; a longer one is dropped whole.
    public static let maximumSequence = 64

    /// Seconds without a byte after which an unfinished sequence ends (a lone `ESC` is
    /// then the Esc key). Default 0.3: above a slow link's gap inside an answer (`ESC`,
    /// then `[0n` 60 ms later), and short enough for Esc to feel immediate.
    public var escapeTimeout: Double
    /// Seconds after a control string began by which it must have ended.
    public var stringTimeout: Double

    private enum State: Sendable {
        case ground
        case escape
        case csi
        case ss3
        case x10Mouse
        case string(kind: UInt8)
        case stringEscape(kind: UInt8)
    }

    private var state = State.ground
    /// The bytes of the sequence being read, from its `ESC`.
    private var pending: [UInt8] = []
    /// A control string went past `maximumLength`: its end is awaited, its bytes dropped.
    private var overflowed = false
    private var started = 0.0
    private var lastByte = 0.0

    /// A decoder in the ground state.
    public init(escapeTimeout: Double = 0.3, stringTimeout: Double = 1.0) {
        self.escapeTimeout = escapeTimeout
        self.stringTimeout = stringTimeout
    }

    /// True while the bytes fed so far end inside a sequence.
    public var isInsideSequence: Bool {
        if case .ground = state { return false }
        return true
    }

    /// When the unfinished sequence ends if no byte comes (seconds, the clock of `feed`),
    /// or nil in the ground state.
    public var deadline: Double? {
        switch state {
        case .ground: return nil
        case .string, .stringEscape: return min(lastByte + escapeTimeout, started + stringTimeout)
        default: return lastByte + escapeTimeout
        }
    }

    /// Reads `bytes` that arrived at `time` (seconds on any monotonic clock); returns the
    /// events they complete, in order.
    public mutating func feed(_ bytes: [UInt8], at time: Double) -> [Event] {
        var events: [Event] = []
        if !bytes.isEmpty { lastByte = time }
        for b in bytes { step(b, at: time, into: &events) }
        return events
    }

    /// Ends an unfinished sequence whose deadline has come by `time`: a lone `ESC` is the
    /// Esc key; anything longer was Alt plus its introducer and is dropped with what
    /// followed it (which may be the first part of a late answer, never to be read as keys).
    public mutating func expire(at time: Double) -> [Event] {
        guard let deadline, time >= deadline else { return [] }
        return finish()
    }

    /// Ends an unfinished sequence now, whatever the time (as `expire` would).
    public mutating func finish() -> [Event] {
        if case .escape = state {
            reset()
            return [.escape]
        }
        reset()
        return []
    }

    private mutating func reset() {
        state = .ground
        pending.removeAll(keepingCapacity: true)
        overflowed = false
    }

    private mutating func begin(at time: Double) {
        state = .escape
        pending = [0x1B]
        overflowed = false
        started = time
    }

    private mutating func step(_ b: UInt8, at time: Double, into events: inout [Event]) {
        switch state {
        case .ground:
            if b == 0x1B { begin(at: time) } else { events.append(.byte(b)) }
        case .escape:
            afterEscape(b, at: time, into: &events)
        case .csi:
            if b == 0x1B {
                // A sequence cut short: what follows starts a new one.
                begin(at: time)
                return
            }
            if pending.count < Self.maximumSequence {
                pending.append(b)
            } else {
                // Too long to be anything Orbit reads: its end is awaited, its bytes dropped.
                overflowed = true
            }
            if pending.count == 3 && b == 0x4D {  // ESC [ M: an X10 mouse report, 3 raw bytes
                state = .x10Mouse
            } else if b >= 0x40 && b <= 0x7E {
                if !overflowed, let event = Self.csiEvent(pending) { events.append(event) }
                reset()
            } else if b < 0x20 || b > 0x7E {
                // Not a CSI after all: dropped; a control byte is still a key.
                reset()
                if b < 0x20 { events.append(.byte(b)) }
            }
        case .ss3:
            pending.append(b)
            if let arrow = Self.arrow(b) { events.append(.arrow(arrow)) }
            reset()
        case .x10Mouse:
            pending.append(b)
            if pending.count == 6 {
                if let event = Self.x10Mouse(pending[3], pending[4], pending[5]) { events.append(event) }
                reset()
            }
        case .string(let kind):
            if b == 0x1B {
                state = .stringEscape(kind: kind)
            } else if b == 0x07 && kind == 0x5D {
                // BEL ends an OSC.
                events.append(.reply(overflowed ? .other : ReplyParser.stringReply(kind: kind, pending)))
                reset()
            } else {
                keep(b)
            }
        case .stringEscape(let kind):
            if b == 0x5C {
                events.append(.reply(overflowed ? .other : ReplyParser.stringReply(kind: kind, pending)))
                reset()
            } else {
                // ESC inside a string that is not ST: the string was cut short (dropped);
                // what follows starts a new sequence.
                begin(at: time)
                afterEscape(b, at: time, into: &events)
            }
        }
    }

    /// Keeps a byte of a control string, up to `maximumLength`.
    private mutating func keep(_ b: UInt8) {
        if pending.count < Self.maximumLength {
            pending.append(b)
        } else {
            overflowed = true
        }
    }

    /// The byte after an `ESC`.
    private mutating func afterEscape(_ b: UInt8, at time: Double, into events: inout [Event]) {
        switch b {
        case 0x1B:
            // Esc, then another sequence (an answer to a status query, often) at once.
            events.append(.escape)
            begin(at: time)
        case 0x5B:
            pending.append(b)
            state = .csi
        case 0x4F:
            pending.append(b)
            state = .ss3
        case 0x50, 0x5F, 0x5D, 0x5E, 0x58:  // DCS, APC, OSC, PM, SOS
            pending.append(b)
            state = .string(kind: b)
        default:
            // Alt+key: ignored.
            reset()
        }
    }

    // MARK: Decoding

    /// The event of a complete CSI sequence (`ESC [ ... final`), or nil when it means
    /// nothing to Orbit.
    static func csiEvent(_ seq: [UInt8]) -> Event? {
        guard seq.count >= 3, let final = seq.last else { return nil }
        if seq[2] == 0x3C, final == 0x4D || final == 0x6D { return sgrMouse(seq) }
        if let reply = ReplyParser.csiReply(seq) { return .reply(reply) }
        // Arrows: `ESC [ A`, or `ESC [ 1 A` (no modifier); modified arrows are other keys.
        let body = seq[2..<(seq.count - 1)]
        if body.isEmpty || body.elementsEqual([0x31]), let arrow = arrow(final) { return .arrow(arrow) }
        return nil
    }

    static func arrow(_ final: UInt8) -> Arrow? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        default: return nil
        }
    }

    /// Button bits of a mouse report: the kind Orbit acts on, or nil.
    static func mouseKind(button: Int, released: Bool) -> MouseEvent.Kind? {
        if button & 64 != 0 {
            // The wheel (64 up, 65 down); the other wheel buttons (66, 67: sideways) are ignored.
            switch button & 3 {
            case 0: return released ? nil : .scrollUp
            case 1: return released ? nil : .scrollDown
            default: return nil
            }
        }
        if button & 32 != 0 { return .moved }
        if released { return button & 3 == 0 || button & 3 == 3 ? .released : nil }
        return button & 3 == 0 ? .pressed : nil
    }

    /// SGR mouse: `ESC [ < BUTTON ; COLUMN ; ROW M` (press, motion) or `m` (release), 1-based.
    static func sgrMouse(_ seq: [UInt8]) -> Event? {
        let n = ReplyParser.numbers(seq[3..<(seq.count - 1)])
        guard n.count == 3, n[1] >= 1, n[2] >= 1 else { return nil }
        guard let kind = mouseKind(button: n[0], released: seq.last == 0x6D) else { return nil }
        return .mouse(kind, column: n[1] - 1, row: n[2] - 1)
    }

    /// X10 mouse: `ESC [ M` then button, column and row, each plus 32 (column and row 1-based).
    static func x10Mouse(_ button: UInt8, _ column: UInt8, _ row: UInt8) -> Event? {
        guard button >= 32, column > 32, row > 32 else { return nil }
        let b = Int(button) - 32
        guard let kind = mouseKind(button: b, released: b & 3 == 3 && b & 64 == 0) else { return nil }
        return .mouse(kind, column: Int(column) - 33, row: Int(row) - 33)
    }
}
