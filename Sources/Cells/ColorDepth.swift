/// How many colours the terminal shows. Raw values are the spellings of `--colors`
/// (`auto` is resolved by `ColorSupport.detect` before it gets here).
public enum ColorDepth: String, CaseIterable, Sendable {
    /// No colour at all: no SGR colour sequences are written; glyph shapes carry the picture.
    case none
    /// The 16 standard ANSI colours (SGR 30-37, 90-97 / 40-47, 100-107).
    case ansi16 = "16"
    /// The xterm 256-colour palette (SGR 38;5;n / 48;5;n); only indices 16-255 are chosen.
    case ansi256 = "256"
    /// 24-bit colour (SGR 38;2;r;g;b / 48;2;r;g;b), sRGB-encoded.
    case truecolor

    /// The next poorer depth in the chain truecolor -> 256 -> 16 -> none; `nil` after none.
    public var fallback: ColorDepth? {
        switch self {
        case .truecolor: .ansi256
        case .ansi256: .ansi16
        case .ansi16: ColorDepth.none
        case .none: nil
        }
    }

    /// Whether colours are written at all.
    public var hasColor: Bool { self != .none }

    /// The depth after this one in `allCases`, wrapping around (the viewer's `c` key).
    public var next: ColorDepth {
        let all = ColorDepth.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }

    /// This depth, lowered along `fallback` until it is at most `limit`.
    public func limited(to limit: ColorDepth) -> ColorDepth {
        var d = self
        while d.rank > limit.rank, let f = d.fallback { d = f }
        return d
    }

    var rank: Int {
        switch self {
        case .none: 0
        case .ansi16: 1
        case .ansi256: 2
        case .truecolor: 3
        }
    }
}
