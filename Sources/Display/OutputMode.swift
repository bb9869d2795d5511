import Cells

/// How the picture reaches the terminal: character cells of a glyph set at a colour depth,
/// or real pixels through a terminal graphics protocol. Parsed once from the command line
/// (`--format`, `--glyphs`, `--colors`) and handed down typed.
public enum OutputMode: Equatable, Hashable, Sendable {
    /// Character cells: each cell a glyph of `GlyphSet` in colours of `ColorDepth`.
    case cells(GlyphSet, ColorDepth)
    /// Real pixels through the terminal graphics protocol of a row of the output table
    /// (`OutputKind.graphics`); `.pixels(.cells)` stands for half blocks in truecolor.
    case pixels(OutputKind)

    /// The kitty graphics protocol: an RGB(A) image placed over the view area.
    public static let kitty = OutputMode.pixels(.kitty)
    /// DEC sixel graphics: a paletted image drawn at the cursor.
    public static let sixel = OutputMode.pixels(.sixel)

    /// The mode of `kind`: cells of `glyphs` at `colors`, or that kind's pixels.
    public init(_ kind: OutputKind, glyphs: GlyphSet, colors: ColorDepth) {
        self = kind == .cells ? .cells(glyphs, colors) : .pixels(kind)
    }

    /// The `--format` spelling of the mode's kind: `cells`, `kitty`, `sixel`, ...
    public var kind: OutputKind {
        switch self {
        case .cells: .cells
        case .pixels(let kind): kind
        }
    }

    /// Short description for the status line, e.g. `blocks 256`, `kitty`.
    public var label: String {
        switch self {
        case .cells(let g, let c): "\(g.rawValue) \(c == .none ? "no colour" : c.rawValue)"
        case .pixels(let kind): kind.rawValue
        }
    }

    /// True for the pixel protocols (every output but cells).
    public var isGraphics: Bool { kind != .cells }

    /// Why `--dither` (`OutputSettings.dither`) changes nothing in this mode, as the end of
    /// "has no effect with ...", e.g. `half blocks (they dither 16 and 256 colours in any
    /// case)`; nil where it changes the picture: the ASCII ramps (`ascii`, `edges`) dither
    /// their tones at every depth, quadrants and sextants their 16 or 256 colours, braille
    /// those only with `transparent` (its partly covered cells). Half blocks, and braille's
    /// covered cells, dither those palettes in any case; truecolor and no colour have no
    /// palette; the pixel outputs say why in their row (kitty sends every colour, sixel
    /// makes a palette of its own for each frame).
    public func ditherIgnored(transparent: Bool) -> String? {
        switch self {
        case .pixels(let kind): return kind.row.ditherIgnored ?? "\(kind.rawValue) output"
        case .cells(let glyphs, let colors):
            switch glyphs.spec.encoder {
            case .ramp: return nil
            case .halfBlocks: return "half blocks (they dither 16 and 256 colours in any case)"
            case .twoColourFit:
                switch colors {
                case .ansi16, .ansi256:
                    // The encoder dithers every cell of a set that inks part of its cell.
                    guard glyphs.spec.inkCoverage < 1, !transparent else { return nil }
                    return "\(glyphs.rawValue) at \(colors.rawValue) colours (it dithers them in any case)"
                case .truecolor: return "truecolor colours (no palette to dither)"
                case .none: return "no colours (no palette to dither)"
                }
            }
        }
    }
}
