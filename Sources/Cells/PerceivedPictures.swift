import Raster
import SceneGraph

/// The grid as drawn and the framebuffer scaled to the same size, in linear light.
struct PerceivedPictures {
    let shown: LinearPicture
    let wanted: LinearPicture

    init?(grid: CellGrid, fb: Framebuffer, glyphs: GlyphSet) {
        let cw = CellGrid.perceivedCell.width
        let ch = CellGrid.perceivedCell.height
        let sx = glyphs.subpixels.x
        let sy = glyphs.subpixels.y
        guard fb.color.count >= fb.width * fb.height, grid.columns * sx <= fb.width, grid.rows * sy <= fb.height,
            let picture = grid.rendered(cellWidth: cw, cellHeight: ch)
        else { return nil }
        let linear = SRGB.toLinear
        let w = picture.width
        let h = picture.height
        var shown = [SIMD3<Float>](repeating: .zero, count: w * h)
        var wanted = shown
        for y in 0..<h {
            let fy = y * sy / ch
            for x in 0..<w {
                let p = picture[x, y]
                shown[y * w + x] = SIMD3(linear[Int(p.x)], linear[Int(p.y)], linear[Int(p.z)])
                let c = fb.color[fb.index(x: x * sx / cw, y: fy)]
                wanted[y * w + x] = c.clamped(lowerBound: .zero, upperBound: .one)
            }
        }
        self.shown = LinearPicture(width: w, height: h, pixels: shown)
        self.wanted = LinearPicture(width: w, height: h, pixels: wanted)
    }
}
