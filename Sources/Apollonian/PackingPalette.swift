/// The colours spheres are drawn in.
public enum PackingPalette: String, Hashable, Sendable, CaseIterable {
    /// The original viewers' colours by level: white, red, yellow, green, cyan, blue,
    /// magenta, then three greys (555555, 808080, AAAAAA) for L = 8...10, white beyond.
    case original
    /// Eighteen colours of well separated hue and lightness, for telling deep levels (and
    /// many classes) apart; repeats after the eighteenth.
    case distinct

    /// The original's colours, L = 1...10 (sRGB hex).
    public static let originalColors = [
        "FFFFFF", "FF0000", "FFFF00", "00FF00", "00FFFF", "0000FF", "FF00FF", "555555", "808080", "AAAAAA",
    ]

    /// The distinct palette (sRGB hex): neighbours differ in hue and in lightness.
    public static let distinctColors = [
        "FFFFFF", "E6194B", "FFE119", "3CB44B", "42D4F4", "4363D8", "F032E6", "F58231", "911EB4",
        "BFEF45", "469990", "DCBEFF", "9A6324", "FFFAC8", "800000", "AAFFC3", "808000", "000075",
    ]

    /// The colour of class `index` (0-based): for the original palette, `index` = L - 1
    /// picks the level's colour and anything past the tenth is white; the distinct
    /// palette repeats.
    public func hex(_ index: Int) -> String {
        switch self {
        case .original: return (0..<Self.originalColors.count).contains(index) ? Self.originalColors[index] : "FFFFFF"
        case .distinct:
            return Self.distinctColors[
                ((index % Self.distinctColors.count) + Self.distinctColors.count) % Self.distinctColors.count]
        }
    }

    /// Share of the light's diffuse and specular parts a colour reflects. The original's
    /// three greys get 0.2 instead of 1, so under the original light their brightness
    /// ranges (lit side to shadow) do not overlap: a lit dark grey stays darker than the
    /// shadow of the next grey, and levels 8-10 stay apart at every colour depth.
    public static func shadingShare(hex: String) -> Float {
        ["555555", "808080", "AAAAAA"].contains(hex) ? 0.2 : 1
    }
}
