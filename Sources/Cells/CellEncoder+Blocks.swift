import Math3D
import Raster

extension CellEncoder {
    /// Shades for a fully covered half-block cell without colour, lightest to darkest.
    static let shades: [Unicode.Scalar] = ["\u{2591}", "\u{2592}", "\u{2593}", "\u{2588}"]

    /// `blocks`: `▀` with the top pixel as foreground and the bottom one as background, exact.
    ///
    /// Uncovered halves: with `transparent`, a lone top pixel is `▀` and a lone bottom pixel
    /// `▄` over the default background; otherwise the uncovered half shows the background
    /// colour the framebuffer holds there. Without colour the shape is kept with `▀ ▄`, and a
    /// fully covered cell shades `░ ▒ ▓ █` by mean linear luminance.
    func encodeBlocks(_ f: Frame, rows: Range<Int>, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>) {
        let fb = f.fb
        let w = fb.width
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        let top: Unicode.Scalar = "\u{2580}", bottom: Unicode.Scalar = "\u{2584}"
        fb.color.withUnsafeBufferPointer { color in
            fb.coverage.withUnsafeBufferPointer { cov in
                for row in rows {
                    for col in 0..<f.columns {
                        let i = row * f.columns + col
                        let p = 2 * row * w + col
                        let t = cov[p] != 0, b = cov[p + w] != 0
                        shape[i] = (t ? 1 : 0) | (b ? 2 : 0)
                        if !t && !b {
                            out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                            continue
                        }
                        if colors == .none {
                            if t && b {
                                let l = (dot(color[p], luma) + dot(color[p + w], luma)) / 2
                                out[i] = Cell(glyph: CellEncoder.shades[min(3, Int(l * 4))])
                            } else {
                                out[i] = Cell(glyph: t ? top : bottom)
                            }
                            continue
                        }
                        let previous: Cell? = f.hasHistory ? out[i] : nil
                        let d = ditherOffset(column: col, row: row)
                        if transparent && !(t && b) {
                            let c = t ? color[p] : color[p + w]
                            // Compare with last frame's ink only if it drew the same half.
                            let same = previous?.glyph == (t ? top : bottom)
                            out[i] = Cell(glyph: t ? top : bottom, fg: quantize(c, previous: same ? previous?.fg : nil, dither: d), bg: .default)
                        } else {
                            let same = previous?.glyph == top
                            let fg = quantize(color[p], previous: same ? previous?.fg : nil, dither: d)
                            let bg = quantize(color[p + w], previous: same ? previous?.bg : nil, dither: d)
                            out[i] = Cell(glyph: top, fg: fg, bg: bg)
                        }
                    }
                }
            }
        }
    }
}
