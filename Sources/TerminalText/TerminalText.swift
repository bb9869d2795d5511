/// Text from outside (file names, URLs, paths, gesture scripts, server answers) made safe
/// to show on a terminal, in errors, the status line and message boxes alike.
///
/// A terminal acts on control characters: ESC starts a sequence that can retitle the
/// window, clear the screen or move the cursor; an 8-bit C1 control such as U+009B (CSI)
/// or U+009D (OSC) does the same on terminals that read C1 from UTF-8; a newline breaks a
/// one-line message. Every C0 control (U+0000-U+001F), DEL (U+007F) and C1 control
/// (U+0080-U+009F) is written as the visible text `\u{XX}` instead.
public enum TerminalText {
    /// True for the scalars a terminal may act on: C0, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// `text` with every control character (C0, DEL, C1) written as `\u{XX}`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `visible(text)` cut to at most `limit` characters (ending in `...` when cut, never
    /// inside a `\u{XX}`), for one-line messages. `limit` is at least 3.
    public static func line(_ text: String, limit: Int = 200) -> String {
        let limit = max(3, limit)
        let shown = visible(text)
        guard shown.count > limit else { return shown }
        var out = ""
        var count = 0
        for character in text {
            let piece = visible(String(character))
            if count + piece.count > limit - 3 { break }
            out += piece
            count += piece.count
        }
        return out + "..."
    }
}
