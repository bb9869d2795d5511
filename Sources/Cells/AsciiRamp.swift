/// The ASCII luminance ramp and the ink coverage of every ASCII glyph the encoders use.
///
/// Order and values: the fraction of the cell each glyph inks, measured by rendering DejaVu
/// Sans Mono (the default monospace font here) at 64 px into its 39x76 cell and averaging the
/// anti-aliased coverage. The customary `" .:-=+*#%@"` is not monotonic in ink (`:` 0.053 >
/// `-` 0.027, `#` 0.239 > `%` 0.176), so the ramp is chosen from the measured list instead:
/// glyphs spaced about 0.02 apart from the lightest mark (`.`, 0.027) to the darkest common
/// one (`@`, 0.260), skipping near-duplicates (`-` = `.`, `%` = `o`) and visually noisy
/// letters. A space is never part of the ramp: a covered cell always shows ink.
enum AsciiRamp {
    /// Lightest to darkest.
    static let glyphs: [Unicode.Scalar] = [".", ":", ";", "*", "+", "?", "x", "o", "a", "d", "#", "@"]
    /// Measured ink coverage of `glyphs`, same order (monotonic increasing).
    static let coverage: [Float] = [0.027, 0.053, 0.068, 0.093, 0.105, 0.121, 0.142, 0.175, 0.190, 0.214, 0.239, 0.260]
    /// The darkest glyph's coverage: full luminance maps to it.
    static let maxCoverage: Float = 0.260
    /// Coverage relative to the darkest glyph: the linear luminance each glyph stands for.
    static let level: [Float] = coverage.map { $0 / maxCoverage }

    /// Edge glyphs `|`, `_`, `/`, `\` and their measured coverage.
    static let edgeGlyphs: [Unicode.Scalar] = ["|", "_", "/", "\\"]
    static let edgeLevel: [Float] = [0.116, 0.065, 0.106, 0.106].map { $0 / maxCoverage }

    /// Number of bins of the luminance -> glyph table.
    static let bins = 1024

    /// Bin `i` (luminance `i / (bins - 1)`) -> index of the glyph whose level is nearest.
    static let table: [UInt8] = (0..<bins).map { i in
        let l = Float(i) / Float(bins - 1)
        var best = 0
        for k in 1..<level.count where abs(level[k] - l) < abs(level[best] - l) { best = k }
        return UInt8(best)
    }

    /// Luminance interval `[lower, upper)` that selects glyph `k` (midpoints to neighbours).
    static let lower: [Float] = (0..<level.count).map { $0 == 0 ? -Float.infinity : (level[$0 - 1] + level[$0]) / 2 }
    static let upper: [Float] = (0..<level.count).map {
        $0 == level.count - 1 ? Float.infinity : (level[$0] + level[$0 + 1]) / 2
    }
}
