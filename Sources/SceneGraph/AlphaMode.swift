/// How a material's alpha (`Material.opacity` times the texture's alpha) decides what is
/// drawn, as glTF's `alphaMode`.
public enum AlphaMode: Hashable, Sendable {
    /// Alpha is ignored: every pixel of the surface is drawn (glTF `OPAQUE`, the default).
    case opaque
    /// A pixel is drawn when its alpha is `cutoff` or more, else not at all (glTF `MASK`;
    /// glTF's default cutoff is 0.5). Foliage cards and fences.
    case mask(cutoff: Float)
    /// The surface lets what is behind it show through in proportion to 1 - alpha (glTF
    /// `BLEND`). Drawn as screen-door transparency: a pixel is drawn when its alpha is above
    /// the threshold of a 4 x 4 ordered-dither pattern at that pixel, so a surface of alpha
    /// 0.25 covers a quarter of its pixels, whatever the drawing order; cells and scaled
    /// pictures average the pattern into the blended colour (docs/DECISIONS.md).
    case blend
}
