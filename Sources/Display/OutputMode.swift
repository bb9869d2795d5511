import Cells

/// How the picture reaches the terminal: character cells of a glyph set at a colour depth,
/// or real pixels through a terminal graphics protocol. Parsed once from the command line
/// (`--format`, `--glyphs`, `--colors`) and handed down typed.
public enum OutputMode: Equatable, Hashable, Sendable {
    /// Character cells: each cell a glyph of `GlyphSet` in colours of `ColorDepth`.
    case cells(GlyphSet, ColorDepth)
    /// The kitty graphics protocol: an RGB(A) image placed over the view area.
    case kitty
    /// DEC sixel graphics: a paletted image drawn at the cursor.
    case sixel

    /// The `--format` spelling of the mode's kind: `cells`, `kitty` or `sixel`.
    public var kind: OutputKind {
        switch self {
        case .cells: .cells
        case .kitty: .kitty
        case .sixel: .sixel
        }
    }

    /// Short description for the status line, e.g. `blocks 256`, `kitty`.
    public var label: String {
        switch self {
        case .cells(let g, let c): "\(g.rawValue) \(c == .none ? "no colour" : c.rawValue)"
        case .kitty: "kitty"
        case .sixel: "sixel"
        }
    }

    /// True for the pixel protocols (kitty, sixel).
    public var isGraphics: Bool { kind != .cells }
}

/// The kinds of output `--format` names; `auto` is resolved before an `OutputMode` is made.
public enum OutputKind: String, CaseIterable, Sendable {
    /// Character cells (every terminal).
    case cells
    /// The kitty graphics protocol.
    case kitty
    /// Sixel graphics.
    case sixel
}
