import Cells
import Display

/// Choices that depend on the environment: glyph set and colour depth for `auto`.
enum Look {
    /// The glyph set given by `--glyphs`, or blocks in a UTF-8 locale, else ascii.
    static func glyphs(_ choice: GlyphSet?, environment: [String: String]) -> GlyphSet {
        choice ?? GlyphSet.defaultSet(environment: environment)
    }

    /// The colour depth given by `--colors`; `auto` detects from the environment (headless
    /// commands have no terminal to ask terminfo, so TERM patterns stand in for it), and is
    /// none when the output does not go to a terminal (`toTerminal` false), as ls and grep do.
    static func colors(_ choice: ColorChoice, environment: [String: String], toTerminal: Bool = true) -> ColorDepth {
        switch choice {
        case .auto:
            toTerminal
                ? ColorSupport.detect(environment: environment, terminfoColors: nil, terminfoHasRGB: false) : .none
        case .fixed(let depth): depth
        }
    }
}
