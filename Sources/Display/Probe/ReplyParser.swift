/// Splits bytes read from a terminal into answers to queries (`TerminalReply`) and
/// everything else (keys typed meanwhile), byte by byte, across reads.
///
/// Recognised: CSI answers (`ESC [ ? ... c`, `ESC [ ? ... S`, `ESC [ 4/6 ; h ; w t`,
/// `ESC [ 0 n`, `ESC [ ? ... $ y`), and every control string: DCS `ESC P`, APC `ESC _`,
/// OSC `ESC ]`, PM `ESC ^`, SOS `ESC X`, ended by ST `ESC \` (OSC also by BEL). Other
/// escape sequences (arrow keys, Alt+key) and plain bytes are input. A control string
/// longer than `maximumLength` is dropped whole.
public struct ReplyParser: Sendable {
    /// What came out of the bytes fed so far, in order.
    public enum Event: Equatable, Sendable {
        /// An answer to a query.
        case reply(TerminalReply)
        /// Bytes that are not an answer (keys), to be handled as input.
        case input([UInt8])
    }

    /// Longest control string kept (longer ones are read to their end and dropped).
    public static let maximumLength = 8192

    private enum State: Sendable {
        case ground
        case escape
        case csi
        case string(kind: UInt8)
        case stringEscape(kind: UInt8)
    }

    private var state = State.ground
    private var pending: [UInt8] = []

    /// A parser in the ground state.
    public init() {}

    /// True when the bytes fed so far end inside an escape sequence.
    public var isInsideSequence: Bool {
        if case .ground = state { return false }
        return true
    }

    /// True when the bytes fed so far end inside a sequence that can only be an answer
    /// (a control string, or a CSI with a private `?` prefix), not a key.
    public var isInsideReply: Bool {
        switch state {
        case .string, .stringEscape: return true
        case .csi: return pending.count > 2 && pending[2] == 0x3F
        default: return false
        }
    }

    /// Feeds `bytes`; returns the events they complete, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [Event] {
        var events: [Event] = []
        var input: [UInt8] = []
        func flushInput() {
            if !input.isEmpty {
                events.append(.input(input))
                input.removeAll()
            }
        }
        for b in bytes {
            switch state {
            case .ground:
                if b == 0x1B {
                    state = .escape
                    pending = [b]
                } else {
                    input.append(b)
                }
            case .escape:
                afterEscape(b, input: &input)
            case .csi:
                pending.append(b)
                if b >= 0x40 && b <= 0x7E {
                    if let reply = Self.csiReply(pending) {
                        flushInput()
                        events.append(.reply(reply))
                    } else {
                        input += pending
                    }
                    pending.removeAll()
                    state = .ground
                } else if pending.count > 64 || b < 0x20 {
                    input += pending
                    pending.removeAll()
                    state = .ground
                }
            case .string(let kind):
                if b == 0x1B {
                    state = .stringEscape(kind: kind)
                } else if b == 0x07 && kind == 0x5D {
                    flushInput()
                    events.append(.reply(.other))
                    pending.removeAll()
                    state = .ground
                } else if pending.count < Self.maximumLength {
                    pending.append(b)
                }
            case .stringEscape(let kind):
                if b == 0x5C {
                    flushInput()
                    events.append(.reply(Self.stringReply(kind: kind, pending)))
                    pending.removeAll()
                    state = .ground
                } else {
                    // ESC inside a string that is not ST: the string was cut short; what
                    // follows starts a new sequence.
                    pending = [0x1B]
                    afterEscape(b, input: &input)
                }
            }
        }
        flushInput()
        return events
    }

    /// The byte after an ESC: CSI, a control string, or (Alt+key, a lone Esc) input.
    private mutating func afterEscape(_ b: UInt8, input: inout [UInt8]) {
        if b == 0x1B {
            // Esc pressed, then another sequence starts.
            input.append(0x1B)
            return
        }
        pending.append(b)
        switch b {
        case 0x5B: state = .csi
        case 0x50, 0x5F, 0x5D, 0x5E, 0x58: state = .string(kind: b)
        default:
            input += pending
            pending.removeAll()
            state = .ground
        }
    }

    /// Ends the input: a sequence still open (a lone Esc key, a cut-off key sequence) is
    /// returned as input; an unfinished control string is dropped.
    public mutating func finish() -> [Event] {
        defer {
            pending.removeAll()
            state = .ground
        }
        switch state {
        case .ground: return []
        case .string, .stringEscape: return []
        case .escape, .csi: return [.input(pending)]
        }
    }

    // MARK: Decoding

    /// Numeric parameters of a CSI body (between the introducer and the final byte).
    static func numbers(_ body: ArraySlice<UInt8>) -> [Int] {
        var out: [Int] = []
        var current = 0
        var any = false
        for b in body {
            if b >= 0x30 && b <= 0x39 {
                current = min(current &* 10 &+ Int(b - 0x30), 1_000_000_000)
                any = true
            } else if b == 0x3B || b == 0x3A {
                out.append(any ? current : 0)
                current = 0
                any = false
            }
        }
        // A trailing separator (kitty's DA1 `?62;c`) adds no parameter.
        if any || body.last.map({ $0 != 0x3B && $0 != 0x3A }) ?? true { out.append(any ? current : 0) }
        return out
    }

    static func csiReply(_ seq: [UInt8]) -> TerminalReply? {
        guard seq.count >= 3, let final = seq.last else { return nil }
        let isPrivate = seq[2] == 0x3F
        let body = seq[(isPrivate ? 3 : 2)..<(seq.count - 1)]
        // Intermediate bytes (0x20-0x2F) right before the final one.
        let intermediate = body.last.flatMap { $0 >= 0x20 && $0 <= 0x2F ? $0 : nil }
        switch (isPrivate, final, intermediate) {
        case (true, 0x63, nil):  // c
            return .deviceAttributes(numbers(body))
        case (true, 0x53, nil):  // S
            let n = numbers(body)
            guard n.count >= 2 else { return .other }
            return .graphicsAttribute(item: n[0], status: n[1], values: Array(n.dropFirst(2)))
        case (true, 0x79, 0x24?):  // $y: DECRPM mode report
            return .other
        case (false, 0x74, nil):  // t
            let n = numbers(body)
            guard n.count == 3 else { return nil }
            if n[0] == 4 { return .windowPixels(width: n[2], height: n[1]) }
            if n[0] == 6 { return .cellPixels(width: n[2], height: n[1]) }
            return n[0] == 8 ? .other : nil
        case (false, 0x6E, nil):  // n
            return numbers(body) == [0] ? .statusOK : nil
        default:
            return nil
        }
    }

    static func stringReply(kind: UInt8, _ seq: [UInt8]) -> TerminalReply {
        // seq starts with ESC and the introducer.
        let payload = seq.dropFirst(2)
        switch kind {
        case 0x5F:  // APC
            guard payload.first == 0x47 else { return .other }  // G
            let text = String(decoding: payload.dropFirst(), as: UTF8.self)
            guard let semicolon = text.firstIndex(of: ";") else { return .other }
            var id = 0
            for pair in text[..<semicolon].split(separator: ",") where pair.hasPrefix("i=") {
                id = Int(pair.dropFirst(2)) ?? 0
            }
            return .kittyGraphics(id: id, message: String(text[text.index(after: semicolon)...]))
        case 0x50:  // DCS
            let text = String(decoding: payload, as: UTF8.self)
            if text.hasPrefix(">|") { return .version(String(text.dropFirst(2))) }
            if text.hasPrefix("1$r") { return .statusString(valid: true, text: String(text.dropFirst(3))) }
            if text.hasPrefix("0$r") { return .statusString(valid: false, text: String(text.dropFirst(3))) }
            if text.hasPrefix("1+r") || text.hasPrefix("0+r") {
                let rest = text.dropFirst(3)
                let name = rest.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                return .capability(valid: text.hasPrefix("1"), name: TerminalQueries.unhex(name) ?? name)
            }
            return .other
        default:
            return .other
        }
    }
}
