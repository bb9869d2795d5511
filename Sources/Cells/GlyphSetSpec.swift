/// One row of the glyph-set table (`GlyphSet.spec`): everything the encoder, the pictures
/// and the viewer need to know about a set, in one place.
public struct GlyphSetSpec: Sendable {
    /// Sub-pixels per cell: columns (`x`) and rows (`y`).
    public let subpixels: (x: Int, y: Int)
    /// Mask -> glyph (bit `y * subpixels.x + x` set where the glyph shows its foreground);
    /// empty for the ramp sets, which choose glyphs by tone.
    public let masks: [Unicode.Scalar]
    /// Which encoder draws the set.
    public let encoder: GlyphEncoderKind
    /// How much of its sub-cell an inked sub-pixel covers on screen: 1 for block elements,
    /// 0.25 for braille dots (a dot is about half its sub-cell across and down).
    public let inkCoverage: Float
    /// Whether the set needs a Unicode (UTF-8) terminal; outside a UTF-8 locale the
    /// viewer's `m` key skips it and the default set is `ascii`.
    public let needsUnicode: Bool
}

/// The encoders a glyph set can be drawn by.
public enum GlyphEncoderKind: Sendable, Equatable {
    /// One colour per cell on the default background, a glyph from a tone ramp (`edges`:
    /// line glyphs on silhouettes and creases).
    case ramp(edges: Bool)
    /// Two exact pixels per cell, top and bottom (`▀` in fg over bg).
    case halfBlocks
    /// Each cell's sub-pixels split into two groups drawn in fg and bg.
    case twoColourFit
}

extension GlyphSet {
    /// This set's row of the table. The switch has no `default`, so a new set does not
    /// compile until it has a row, and every `switch` over `encoder` handles its kind.
    public var spec: GlyphSetSpec {
        switch self {
        case .ascii:
            GlyphSetSpec(
                subpixels: (1, 1), masks: [], encoder: .ramp(edges: false), inkCoverage: 1,
                needsUnicode: false)
        case .edges:
            GlyphSetSpec(
                subpixels: (1, 1), masks: [], encoder: .ramp(edges: true), inkCoverage: 1,
                needsUnicode: false)
        case .blocks:
            GlyphSetSpec(
                subpixels: (1, 2), masks: GlyphTable.blocks, encoder: .halfBlocks, inkCoverage: 1,
                needsUnicode: true)
        case .quadrants:
            GlyphSetSpec(
                subpixels: (2, 2), masks: GlyphTable.quadrants, encoder: .twoColourFit, inkCoverage: 1,
                needsUnicode: true)
        case .sextants:
            GlyphSetSpec(
                subpixels: (2, 3), masks: GlyphTable.sextants, encoder: .twoColourFit, inkCoverage: 1,
                needsUnicode: true)
        case .braille:
            GlyphSetSpec(
                subpixels: (2, 4), masks: GlyphTable.braille, encoder: .twoColourFit, inkCoverage: 0.25,
                needsUnicode: true)
        }
    }
}
