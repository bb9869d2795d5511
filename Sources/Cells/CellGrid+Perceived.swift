import Foundation
import Raster
import SceneGraph

extension CellGrid {
    /// Pixels per cell of the pictures the perceived metrics compare (a common terminal font).
    static let perceivedCell = (width: 8, height: 16)

    /// Mean CIELAB difference (CIE76 delta E) between the grid as a terminal draws it and the
    /// framebuffer, both blurred by about one cell: what a viewer at normal distance sees,
    /// where a dither of two palette colours counts as the colour it mixes to.
    ///
    /// Both pictures are 8 x 16 pixels per cell (the framebuffer scaled up to that size,
    /// nearest pixel; the grid through `rendered` with dark-theme defaults), converted to
    /// linear light and blurred by a box one cell wide and one cell high applied twice (a
    /// kernel about two cells across whose half-height width is about one cell); the error is
    /// averaged over every second pixel across and down.
    ///
    /// - Parameters:
    ///   - fb: the framebuffer the grid shows (`columns * subpixels.x` by `rows * subpixels.y`).
    ///   - glyphs: the glyph set that gives the framebuffer's sub-pixel grid.
    /// - Returns: the mean delta E; 0 when the framebuffer's colour buffer is too short.
    public func blurredColorError(against fb: Framebuffer, glyphs: GlyphSet) -> Double {
        guard let pair = PerceivedPictures(grid: self, fb: fb, glyphs: glyphs) else { return 0 }
        let shown = pair.shown.blurred(radiusX: Self.perceivedCell.width / 2, radiusY: Self.perceivedCell.height / 2)
        let wanted = pair.wanted.blurred(radiusX: Self.perceivedCell.width / 2, radiusY: Self.perceivedCell.height / 2)
        var total = 0.0
        var count = 0
        for y in stride(from: 0, to: shown.height, by: 2) {
            for x in stride(from: 0, to: shown.width, by: 2) {
                let i = y * shown.width + x
                total += Double(
                    CIELAB.deltaE(CIELAB.lab(linear: shown.pixels[i]), CIELAB.lab(linear: wanted.pixels[i])))
                count += 1
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }

    /// The hue score: the share (0...1) of the framebuffer's blue pixels whose cell, as a
    /// terminal draws it, is blue too (its mean colour in linear light). Blue: CIELAB hue
    /// angle 220...320 degrees and chroma at least 4 (the Earth's deep ocean, sRGB 2, 5, 22,
    /// has hue 285 and chroma 8.7; black and greys have chroma 0).
    ///
    /// - Returns: the score and the number of blue framebuffer pixels it counts; the score is
    ///   1 when there are none.
    public func hueScore(against fb: Framebuffer, glyphs: GlyphSet) -> (score: Double, bluePixels: Int) {
        guard let pair = PerceivedPictures(grid: self, fb: fb, glyphs: glyphs) else { return (1, 0) }
        let cw = Self.perceivedCell.width
        let ch = Self.perceivedCell.height
        let sx = glyphs.subpixels.x
        let sy = glyphs.subpixels.y
        var blue = 0
        var kept = 0
        for row in 0..<rows {
            for col in 0..<columns {
                var bluePixels = 0
                for j in 0..<sy {
                    for i in 0..<sx where Self.isBlue(fb.color[fb.index(x: col * sx + i, y: row * sy + j)]) {
                        bluePixels += 1
                    }
                }
                guard bluePixels > 0 else { continue }
                var sum = SIMD3<Float>.zero
                for y in 0..<ch {
                    let base = (row * ch + y) * pair.shown.width + col * cw
                    for x in 0..<cw { sum += pair.shown.pixels[base + x] }
                }
                blue += bluePixels
                if Self.isBlue(sum / Float(cw * ch)) { kept += bluePixels }
            }
        }
        return (blue == 0 ? 1 : Double(kept) / Double(blue), blue)
    }

    /// Whether a linear-light colour counts as blue for `hueScore`.
    static func isBlue(_ linear: SIMD3<Float>) -> Bool {
        let lab = CIELAB.lab(linear: linear)
        let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
        guard chroma >= 4 else { return false }
        var hue = atan2(lab.z, lab.y) * 180 / .pi
        if hue < 0 { hue += 360 }
        return hue >= 220 && hue <= 320
    }
}
