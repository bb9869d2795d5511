/// Sub-pixel masks <-> glyphs for the block, quadrant, sextant and braille sets.
///
/// A mask has one bit per sub-pixel of a cell, row-major from the top-left: bit
/// `y * subpixels.x + x` is set where the glyph shows its foreground. Mask 0 is a space.
public enum GlyphTable {
    /// The glyph showing `mask` in `set`: `▀▄█` for blocks, quadrant/half blocks, sextants
    /// (with `▌ ▐ █` where Unicode has no sextant), braille dots. `ascii` and `edges` have no
    /// masks and give a space. Bits beyond the set's sub-pixels are ignored.
    public static func glyph(mask: Int, in set: GlyphSet) -> Unicode.Scalar {
        let masks = set.spec.masks
        return masks.isEmpty ? " " : masks[mask & (masks.count - 1)]
    }

    /// The mask `glyph` shows in `set`, or `nil` when the glyph is not one of the set's.
    public static func mask(of glyph: Unicode.Scalar, in set: GlyphSet) -> Int? {
        set.spec.masks.firstIndex(of: glyph)
    }

    static let blocks: [Unicode.Scalar] = [" ", "\u{2580}", "\u{2584}", "\u{2588}"]

    /// Quadrants: bit 0 upper left, 1 upper right, 2 lower left, 3 lower right.
    static let quadrants: [Unicode.Scalar] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]

    /// Sextants: bits 0...5 are Unicode's sextant numbers 1...6 (row-major, 2 wide, 3 high).
    /// U+1FB00 is mask 1; the masks 21 (left column) and 42 (right column) are the half
    /// blocks and are skipped by the sextant range, as are 0 (space) and 63 (full block).
    static let sextants: [Unicode.Scalar] = (0..<64).map { m in
        switch m {
        case 0: return " "
        case 21: return "\u{258C}"
        case 42: return "\u{2590}"
        case 63: return "\u{2588}"
        default:
            let index = m - 1 - (m > 21 ? 1 : 0) - (m > 42 ? 1 : 0)
            return Unicode.Scalar(UInt32(0x1FB00 + index)) ?? " "
        }
    }

    /// Braille: mask bit (x, y) -> dot bit; dots 1-3 and 7 run down the left column, 4-6 and
    /// 8 down the right.
    static let brailleDotBit: [Int] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    static let braille: [Unicode.Scalar] = (0..<256).map { m in
        if m == 0 { return " " }
        var dots = 0
        for bit in 0..<8 where m & (1 << bit) != 0 { dots |= brailleDotBit[bit] }
        return Unicode.Scalar(UInt32(0x2800 + dots)) ?? " "
    }
}
