import Display

/// Answers real terminals give to `TerminalQueries`, byte for byte, for detection tests.
enum ScriptedTerminals {
    static let esc = "\u{1B}"

    /// kitty 0.26: the graphics query OK (direct and temporary file), XTGETTCAP RGB known,
    /// DECRQSS of the RGB colour, no XTSMGRAPHICS, cell 9x19, DA1 `?62;c`.
    static let kitty =
        esc + "_Gi=31;OK" + esc + "\\" + esc + "_Gi=32;OK" + esc + "\\"
        + esc + "P1+r524742=382F382F38" + esc + "\\" + esc + "P0+r5463" + esc + "\\"
        + esc + "P1$r0;38:2:1:2:3m" + esc + "\\"
        + esc + "[6;19;9t" + esc + "[4;570;810t" + esc + "[?62;c"

    /// xterm -ti vt340: APC ignored, XTGETTCAP unknown, DECRQSS with the colour, sixel
    /// registers and geometry, DA1 with 4.
    static let xtermSixel =
        esc + "P0+r524742" + esc + "\\" + esc + "P0+r5463" + esc + "\\"
        + esc + "P1$r0;38:2::1:2:3m" + esc + "\\"
        + esc + "[?1;0;1024S" + esc + "[?2;0;1000;1000S"
        + esc + "[6;17;7t" + esc + "[4;408;560t" + esc + "[?63;1;2;4;6;9;15;16;22;28c"

    /// xterm (vt420 default): no sixel, XTSMGRAPHICS answered with an error, DA1 without 4.
    static let xterm =
        esc + "P0+r524742" + esc + "\\" + esc + "P0+r5463" + esc + "\\"
        + esc + "P1$r0;38:2::1:2:3m" + esc + "\\"
        + esc + "[?1;1;0S" + esc + "[?2;1;0S"
        + esc + "[6;17;7t" + esc + "[?64;1;2;6;9;15;16;17;18;21;22;28c"

    /// tmux 3.3: keeps the outer terminal's graphics answers, answers DA1 itself.
    static let tmux = esc + "[?1;2c"

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// Feeds `answers` to a parser in pieces of `piece` bytes and collects the capabilities
    /// and the input that was not an answer.
    static func absorb(_ answers: String, piece: Int = 7) -> (TerminalCapabilities, [UInt8]) {
        var parser = ReplyParser()
        var caps = TerminalCapabilities()
        var typed: [UInt8] = []
        let all = bytes(answers)
        var i = 0
        while i < all.count {
            for event in parser.feed(Array(all[i..<min(i + piece, all.count)])) {
                switch event {
                case .reply(let r): caps.absorb(r)
                case .input(let b): typed += b
                }
            }
            i += piece
        }
        for case .input(let b) in parser.finish() { typed += b }
        return (caps, typed)
    }
}
