import Raster
import SceneGraph

extension CellGrid {
    /// Mean CIELAB colour difference (CIE76 delta E) between each sub-pixel of `fb` and what
    /// the grid shows there, as a terminal draws it.
    ///
    /// The grid is drawn with `rendered` at 8 x 24 pixels per cell (default colours: light
    /// grey on black); each sub-pixel's displayed colour is the mean, in linear light, of its
    /// share of its cell (for `ascii`/`edges` the whole cell, so glyph ink mixes with the
    /// background). The framebuffer's colours are clamped to 0...1.
    ///
    /// - Parameters:
    ///   - fb: the framebuffer the grid was encoded from (`columns * subpixels.x` wide, `rows *
    ///     subpixels.y` high; extra pixels are ignored, missing ones are not counted).
    ///   - glyphs: the glyph set the grid was encoded with (gives the sub-pixel grid).
    /// - Returns: the mean delta E; 0 for an empty comparison or a framebuffer whose colour
    ///   buffer is shorter than `width * height`.
    public func meanColorError(against fb: Framebuffer, glyphs: GlyphSet) -> Double {
        let cw = 8
        let ch = 24
        guard fb.color.count >= fb.width * fb.height, let picture = rendered(cellWidth: cw, cellHeight: ch) else {
            return 0
        }
        let sx = glyphs.subpixels.x
        let sy = glyphs.subpixels.y
        let pw = cw / sx
        let ph = ch / sy
        let linear = SRGB.toLinear
        var total = 0.0
        var count = 0
        for row in 0..<rows {
            for col in 0..<columns {
                for j in 0..<sy {
                    for i in 0..<sx {
                        let fx = col * sx + i
                        let fy = row * sy + j
                        guard fx < fb.width, fy < fb.height else { continue }
                        var sum = SIMD3<Float>.zero
                        for y in 0..<ph {
                            for x in 0..<pw {
                                let p = picture[col * cw + i * pw + x, row * ch + j * ph + y]
                                sum += SIMD3(linear[Int(p.x)], linear[Int(p.y)], linear[Int(p.z)])
                            }
                        }
                        let shown = CIELAB.lab(linear: sum / Float(pw * ph))
                        let wanted = CIELAB.lab(linear: fb.color[fb.index(x: fx, y: fy)])
                        total += Double(CIELAB.deltaE(shown, wanted))
                        count += 1
                    }
                }
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }
}
