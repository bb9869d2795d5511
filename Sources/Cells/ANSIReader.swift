/// Splits terminal output into characters and CSI sequences, for `CellGrid(ansi:)`.
struct ANSIReader {
    /// A printable or control character, or a CSI sequence with its numeric parameters
    /// (missing ones as 0; private-mode sequences such as `ESC[?25l` come with final byte
    /// and are ignored by the caller).
    enum Token {
        case text(Unicode.Scalar)
        case csi([Int], Unicode.Scalar)
    }

    /// The colours text is written in.
    struct Pen {
        var fg = CellColor.default
        var bg = CellColor.default
        var reverse = false

        /// Applies one SGR sequence's parameters.
        mutating func apply(sgr p: [Int]) {
            if p.isEmpty {
                self = Pen()
                return
            }
            var i = 0
            while i < p.count {
                let v = p[i]
                switch v {
                case 0: self = Pen()
                case 7: reverse = true
                case 27: reverse = false
                case 30...37: fg = .indexed(UInt8(v - 30))
                case 90...97: fg = .indexed(UInt8(v - 90 + 8))
                case 40...47: bg = .indexed(UInt8(v - 40))
                case 100...107: bg = .indexed(UInt8(v - 100 + 8))
                case 39: fg = .default
                case 49: bg = .default
                case 38, 48:
                    var c: CellColor?
                    if i + 2 < p.count, p[i + 1] == 5 {
                        c = .indexed(UInt8(clamping: p[i + 2]))
                        i += 2
                    } else if i + 4 < p.count, p[i + 1] == 2 {
                        c = .rgb(UInt8(clamping: p[i + 2]), UInt8(clamping: p[i + 3]), UInt8(clamping: p[i + 4]))
                        i += 4
                    }
                    if let c { if v == 38 { fg = c } else { bg = c } }
                default: break
                }
                i += 1
            }
        }
    }

    let scalars: [Unicode.Scalar]
    var position = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// The next token, or `nil` at the end.
    mutating func next() -> Token? {
        while position < scalars.count {
            let s = scalars[position]
            position += 1
            guard s == "\u{1B}" else { return .text(s) }
            guard position < scalars.count else { return nil }
            let kind = scalars[position]
            position += 1
            switch kind {
            case "[": if let t = csi() { return t }
            case "]", "P", "_", "^": skipString()
            default: break  // a two-character escape: ignored
            }
        }
        return nil
    }

    /// Reads a CSI sequence after `ESC [`.
    private mutating func csi() -> Token? {
        var params: [Int] = []
        var current = 0
        var any = false
        while position < scalars.count {
            let s = scalars[position]
            position += 1
            switch s.value {
            case 0x30...0x39:
                current = min(current * 10 + Int(s.value - 0x30), 1_000_000)
                any = true
            case 0x3A, 0x3B:
                params.append(current)
                current = 0
                any = true
            case 0x3C...0x3F, 0x20...0x2F:
                continue  // private markers and intermediates
            case 0x40...0x7E:
                if any { params.append(current) }
                return .csi(params, s)
            default:
                return nil
            }
        }
        return nil
    }

    /// Skips an OSC, DCS, APC or PM string up to BEL or ST (`ESC \`).
    private mutating func skipString() {
        while position < scalars.count {
            let s = scalars[position]
            position += 1
            if s == "\u{07}" { return }
            if s == "\u{1B}", position < scalars.count, scalars[position] == "\\" {
                position += 1
                return
            }
        }
    }
}
