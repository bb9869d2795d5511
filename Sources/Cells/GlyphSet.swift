/// The characters a cell grid is drawn with, and how many sub-pixels each cell carries.
///
/// The raw values are the spellings of `--glyphs` (CLI.md). What each set is made of (its
/// sub-pixel grid, glyphs, encoder and fallback) is its row in `spec` (GlyphSetSpec.swift).
public enum GlyphSet: String, CaseIterable, Sendable {
    /// A luminance ramp of ASCII characters sorted by measured ink coverage; 1x1 pixel per cell.
    case ascii
    /// The ASCII ramp plus `| _ / \` on silhouettes and creases; 1x1 pixel per cell.
    case edges
    /// Half blocks `▀`/`▄`: two exact pixels per cell, stacked; 1x2.
    case blocks
    /// Quadrant block elements (U+2596...U+259F and the halves); 2x2, two colours per cell.
    case quadrants
    /// Sextants (U+1FB00...U+1FB3B plus the block elements they omit); 2x3, two colours per cell.
    case sextants
    /// Braille patterns (U+2800...U+28FF); 2x4 dots, two colours per cell.
    case braille

    /// Sub-pixels per cell: columns (`x`) and rows (`y`) (`spec`). A framebuffer for
    /// `columns` x `rows` cells is `columns * x` by `rows * y` pixels.
    public var subpixels: (x: Int, y: Int) { spec.subpixels }

    /// Width / height of one sub-pixel on screen.
    ///
    /// - Parameter cellAspect: width of a character cell per unit of its height; 0.5 by
    ///   default (measured: about 0.51).
    /// - Returns: e.g. 1.0 for `blocks` (square pixels), 0.5 for `ascii`.
    public func pixelAspect(cellAspect: Float = 0.5) -> Float {
        let s = subpixels
        return cellAspect * Float(s.y) / Float(s.x)
    }

    /// Whether the set needs a Unicode (UTF-8) terminal; only `ascii` and `edges` do not.
    public var needsUnicode: Bool { spec.needsUnicode }

    /// The set after this one in `allCases`, wrapping around (the viewer's `m` key).
    public var next: GlyphSet {
        let all = GlyphSet.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }
}

extension GlyphSet {
    /// The default glyph set for a locale (CLI.md): `blocks` when the environment's character
    /// type is UTF-8 (the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and non-empty
    /// names UTF-8), else `ascii`.
    public static func defaultSet(environment: [String: String]) -> GlyphSet {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let v = value.lowercased()
            return v.contains("utf-8") || v.contains("utf8") ? .blocks : .ascii
        }
        return .ascii
    }
}
