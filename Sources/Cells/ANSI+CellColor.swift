import Escapes

/// SGR colour sequences for `CellColor`, used by the frame writer and the text form.
extension ANSI {
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
    static func appendTransition(
        from fromFg: CellColor, _ fromBg: CellColor, to fg: CellColor, _ bg: CellColor, bytes: inout [UInt8]
    ) {
        let fgChanges = fg != fromFg
        let bgChanges = bg != fromBg
        guard fgChanges || bgChanges else { return }
        bytes.append(esc)
        bytes.append(bracket)
        if fgChanges { appendParameters(fg, background: false, to: &bytes) }
        if fgChanges && bgChanges { bytes.append(0x3B) }
        if bgChanges { appendParameters(bg, background: true, to: &bytes) }
        bytes.append(0x6D)  // m
    }
}
