import Cells

/// Choices that depend on the environment: glyph set and colour depth for `auto`.
enum Look {
    /// The glyph set named by `--glyphs`, or blocks in a UTF-8 locale, else ascii.
    static func glyphs(_ name: String?, environment: [String: String]) -> GlyphSet {
        if let name, let g = GlyphSet(rawValue: name) { return g }
        return GlyphSet.defaultSet(environment: environment)
    }

    /// The colour depth named by `--colors`; `auto` detects from the environment (headless
    /// commands have no terminal to ask terminfo, so TERM patterns stand in for it), and is
    /// none when the output does not go to a terminal (`toTerminal` false), as ls and grep do.
    static func colors(_ name: String, environment: [String: String], toTerminal: Bool = true) -> ColorDepth {
        if name == "auto" {
            guard toTerminal else { return .none }
            return ColorSupport.detect(environment: environment, terminfoColors: nil, terminfoHasRGB: false)
        }
        return ColorDepth(rawValue: name) ?? .none
    }
}
