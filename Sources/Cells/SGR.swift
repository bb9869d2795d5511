/// Byte-level ANSI escape sequences shared by the frame writer and the text form.
enum SGR {
    static let esc: UInt8 = 0x1B
    static let bracket: UInt8 = 0x5B  // [

    /// Appends the decimal digits of a non-negative `value`.
    @inline(__always)
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var v = max(0, value)
        if v >= 1000 {
            // Cursor positions on huge screens: rare, so the simple path.
            bytes.append(contentsOf: String(v).utf8)
            return
        }
        if v >= 100 {
            bytes.append(UInt8(48 + v / 100))
            v %= 100
            bytes.append(UInt8(48 + v / 10))
            bytes.append(UInt8(48 + v % 10))
        } else if v >= 10 {
            bytes.append(UInt8(48 + v / 10))
            bytes.append(UInt8(48 + v % 10))
        } else {
            bytes.append(UInt8(48 + v))
        }
    }

    /// Appends SGR parameters for a foreground (`background` false) or background colour:
    /// 39/49, 30-37/90-97 (40-47/100-107), 38;5;n (48;5;n), 38;2;r;g;b (48;2;r;g;b).
    @inline(__always)
    static func appendParameters(_ color: CellColor, background: Bool, to bytes: inout [UInt8]) {
        let base = background ? 10 : 0
        switch color {
        case .default:
            appendDecimal(39 + base, to: &bytes)
        case .indexed(let n) where n < 8:
            appendDecimal(30 + base + Int(n), to: &bytes)
        case .indexed(let n) where n < 16:
            appendDecimal(90 + base + Int(n) - 8, to: &bytes)
        case .indexed(let n):
            appendDecimal(38 + base, to: &bytes)
            bytes.append(contentsOf: [0x3B, 0x35, 0x3B])  // ;5;
            appendDecimal(Int(n), to: &bytes)
        case .rgb(let r, let g, let b):
            appendDecimal(38 + base, to: &bytes)
            bytes.append(contentsOf: [0x3B, 0x32, 0x3B])  // ;2;
            appendDecimal(Int(r), to: &bytes)
            bytes.append(0x3B)
            appendDecimal(Int(g), to: &bytes)
            bytes.append(0x3B)
            appendDecimal(Int(b), to: &bytes)
        }
    }

    /// Appends one SGR sequence moving the terminal from colours (`fromFg`, `fromBg`) to
    /// (`fg`, `bg`), naming only what changes (both in one sequence when both change);
    /// nothing when neither does.
    @inline(__always)
    static func appendTransition(from fromFg: CellColor, _ fromBg: CellColor, to fg: CellColor, _ bg: CellColor, bytes: inout [UInt8]) {
        let fgChanges = fg != fromFg, bgChanges = bg != fromBg
        guard fgChanges || bgChanges else { return }
        bytes.append(esc)
        bytes.append(bracket)
        if fgChanges { appendParameters(fg, background: false, to: &bytes) }
        if fgChanges && bgChanges { bytes.append(0x3B) }
        if bgChanges { appendParameters(bg, background: true, to: &bytes) }
        bytes.append(0x6D)  // m
    }

    /// Appends the UTF-8 encoding of a scalar.
    @inline(__always)
    static func appendGlyph(_ s: Unicode.Scalar, to bytes: inout [UInt8]) {
        let v = s.value
        if v < 0x80 {
            bytes.append(UInt8(v))
        } else if v < 0x800 {
            bytes.append(UInt8(0xC0 | v >> 6))
            bytes.append(UInt8(0x80 | v & 0x3F))
        } else if v < 0x10000 {
            bytes.append(UInt8(0xE0 | v >> 12))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        } else {
            bytes.append(UInt8(0xF0 | v >> 18))
            bytes.append(UInt8(0x80 | v >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | v >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// UTF-8 length of a scalar.
    @inline(__always)
    static func utf8Length(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
    }

    /// `ESC [ 0 m`: all attributes and colours back to the terminal's defaults.
    static let reset: [UInt8] = [esc, bracket, 0x30, 0x6D]
    /// `ESC [ ? 2026 h` / `l`: begin / end synchronized output.
    static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)
}
