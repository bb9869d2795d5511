/// Text from outside (file names, URLs, paths, gesture scripts, server answers) made safe
/// to show on a terminal, in errors, the status line and message boxes alike.
///
/// A terminal acts on control characters: ESC starts a sequence that can retitle the
/// window, clear the screen or move the cursor; an 8-bit C1 control such as U+009B (CSI)
/// or U+009D (OSC) does the same on terminals that read C1 from UTF-8; a newline breaks a
/// one-line message. Invisible format characters change what is shown around them: a
/// bidi override (U+202E) or isolate (U+2066-U+2069) reverses the rest of the line, so a
/// file name can read as another; U+2028/U+2029 break lines. Every C0 control
/// (U+0000-U+001F), DEL (U+007F), C1 control (U+0080-U+009F), format character (Unicode
/// category Cf: the bidi marks, embeddings, overrides and isolates, U+061C, U+200B, U+FEFF,
/// the tag characters...) and line or paragraph separator is written as the visible text
/// `\u{XX}` instead. The joiners U+200C and U+200D are kept: they only join neighbours
/// (emoji sequences, Indic and Arabic script) and never move text.
public enum TerminalText {
    /// True for the scalars a terminal may act on or that change how the text around
    /// them is shown: C0, DEL and C1 controls, format characters (Cf) but the joiners,
    /// and the line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0xAD { return false }
        if v == 0x200C || v == 0x200D { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// `text` with every such character (C0, DEL, C1, Cf, separators) written as `\u{XX}`.
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
