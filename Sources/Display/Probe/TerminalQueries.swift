import Escapes

/// The start-up questions Orbit asks a terminal, as bytes: kitty graphics (`a=q` with a
/// 1x1 image, directly and through a temporary file), XTGETTCAP `RGB`/`Tc`, a DECRQSS
/// readback of an RGB colour, XTSMGRAPHICS (sixel colour registers and maximum size),
/// the cell size in pixels (`CSI 16 t`, `CSI 14 t`), and last primary device attributes
/// (DA1), which every terminal answers: its answer is the sentinel that ends the probe.
/// They go in two rounds, control sequences first (`plainBytes`), then the control strings
/// (`stringBytes`) only by a `Route` the first round's answers show to be safe.
public enum TerminalQueries {
    /// Image id of the direct kitty query.
    public static let kittyDirectID = 31
    /// Image id of the temporary-file kitty query.
    public static let kittyFileID = 32

    /// What to ask.
    public struct Plan: Equatable, Sendable {
        /// Ask the kitty graphics questions (off where an APC would print as text, such as
        /// the Linux console).
        public var kitty = true
        /// The path of a file holding 3 bytes of RGB (one pixel) for the temporary-file
        /// test; nil skips it (the path must contain `tty-graphics-protocol`).
        public var kittyFile: String?
        /// Ask the colour questions (XTGETTCAP, DECRQSS).
        public var truecolor = true
        /// Ask the sixel questions (XTSMGRAPHICS); off in kitty, which has no sixel and
        /// logs the query as an error.
        public var sixel = true
        /// A plan asking everything, without the temporary-file test.
        public init(
            kitty: Bool = true, kittyFile: String? = nil, truecolor: Bool = true, sixel: Bool = true
        ) {
            self.kitty = kitty
            self.sixel = sixel
            self.kittyFile = kittyFile
            self.truecolor = truecolor
        }
    }

    /// The bytes of every question in `plan` for a terminal reached directly: the control
    /// sequences (`plainBytes`), then the control strings (`stringBytes`).
    public static func bytes(_ plan: Plan) -> [UInt8] {
        let strings = stringBytes(plan, route: .direct)
        return strings.isEmpty ? plainBytes(plan) : plainBytes(plan).dropLast(3) + strings
    }

    /// The first round: only CSI questions, which no terminal or multiplexer shows or takes
    /// as a title: XTVERSION (`CSI > q`, which names tmux), XTSMGRAPHICS, the cell and text
    /// area in pixels, and DA1 (the sentinel).
    public static func plainBytes(_ plan: Plan) -> [UInt8] {
        var out = "\u{1B}[>q"
        // XTSMGRAPHICS: colour registers (item 1) and sixel geometry (item 2), read.
        if plan.sixel { out += "\u{1B}[?1;1;0S\u{1B}[?2;1;0S" }
        // Cell and text-area size in pixels.
        out += "\u{1B}[16t\u{1B}[14t"
        // DA1: the sentinel.
        out += "\u{1B}[c"
        return Array(out.utf8)
    }

    /// The second round: the control-string questions of `plan` (kitty graphics APC,
    /// XTGETTCAP and DECRQSS DCS), which a multiplexer could take as a title or print, sent
    /// as `route` says, then DA1 as the sentinel (inside the same passthrough, so that it
    /// is the outer terminal's answer that ends the round); empty when there is nothing to
    /// ask or `route` is `.none`.
    public static func stringBytes(_ plan: Plan, route: Route) -> [UInt8] {
        if route == .none { return [] }
        var out = ""
        if plan.kitty {
            out += "\u{1B}_Gi=\(kittyDirectID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
            if let path = plan.kittyFile, route == .direct {
                out += "\u{1B}_Gi=\(kittyFileID),s=1,v=1,a=q,t=t,f=24;\(Base64.encode(Array(path.utf8)))\u{1B}\\"
            }
        }
        if plan.truecolor {
            // XTGETTCAP RGB and Tc (hex names), then set an RGB foreground, read it back
            // (DECRQSS SGR) and reset.
            out += "\u{1B}P+q\(hex("RGB"))\u{1B}\\\u{1B}P+q\(hex("Tc"))\u{1B}\\"
            out += "\u{1B}[38;2;1;2;3m\u{1B}P$qm\u{1B}\\" + ANSI.reset
        }
        if out.isEmpty { return [] }
        // Through tmux, the outer terminal names itself too (tmux's own name came in round
        // one): kitty 0.28 or later behind tmux draws Unicode placeholders.
        if route == .tmux { out = "\u{1B}[>q" + out }
        out += "\u{1B}[c"
        return Array((route == .tmux ? tmuxWrapped(out) : out).utf8)
    }

    /// How the control-string questions may reach the terminal.
    public enum Route: Equatable, Sendable {
        /// As they are: the terminal itself reads them.
        case direct
        /// Inside tmux's passthrough (`ESC P tmux; ... ESC \`): tmux drops it whole when
        /// `allow-passthrough` is off, and hands it to the outer terminal when on.
        case tmux
        /// Not at all: a multiplexer that would show them (GNU screen prints a DCS's text
        /// and takes an APC as its status; tmux takes an APC as the pane title) or one
        /// that cannot be told apart from such.
        case none
    }

    /// `text` inside tmux's passthrough: `ESC P tmux;` + text with every ESC doubled + ST.
    public static func tmuxWrapped(_ text: String) -> String {
        "\u{1B}Ptmux;" + text.replacingEscapes() + "\u{1B}\\"
    }

    /// `bytes` inside tmux's passthrough (for graphics frames).
    public static func tmuxWrapped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        for b in bytes {
            if b == 0x1B { out.append(0x1B) }
            out.append(b)
        }
        out += [0x1B, 0x5C]
        return out
    }

    /// What the tmux passthrough sequences in `bytes` carry, one after another (ESC ESC read
    /// as one ESC): the inverse of `tmuxWrapped`. Bytes outside such a sequence, and an
    /// unfinished one at the end, are left out.
    public static func tmuxUnwrapped(_ bytes: [UInt8]) -> [UInt8] {
        let opening = Array("\u{1B}Ptmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i + opening.count <= bytes.count {
            guard bytes[i..<(i + opening.count)].elementsEqual(opening) else {
                i += 1
                continue
            }
            var j = i + opening.count
            var content: [UInt8] = []
            var ended = false
            while j + 1 < bytes.count {
                if bytes[j] == 0x1B {
                    if bytes[j + 1] == 0x5C {
                        ended = true
                        break
                    }
                    if bytes[j + 1] == 0x1B { j += 1 }
                }
                content.append(bytes[j])
                j += 1
            }
            guard ended else { break }
            out += content
            i = j + 2
        }
        return out
    }

    /// Upper-case hex of the UTF-8 of `text` (XTGETTCAP names).
    public static func hex(_ text: String) -> String {
        text.utf8.map { String($0, radix: 16, uppercase: true) }.joined()
    }

    /// The text a hex string spells, or nil when it is not hex.
    public static func unhex(_ hex: String) -> String? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let b = UInt8(String(decoding: digits[i..<(i + 2)], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(b)
            i += 2
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The string with every ESC doubled (tmux passthrough).
    func replacingEscapes() -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar == "\u{1B}" { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
