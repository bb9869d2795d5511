import Math3D
import Raster

extension CellEncoder {
    /// `quadrants`, `sextants`, `braille`: each cell's 4, 6 or 8 sub-pixels are split into two
    /// groups drawn in the foreground and background colour.
    ///
    /// The fit: order the sub-pixels along the colour axis from the first sub-pixel to the one
    /// farthest from it (the shortlist: for each group size, the best split is almost always a
    /// prefix of that order), try each of the n - 1 prefixes with running sums, and keep the
    /// split with the least squared error, each group drawn in its mean colour (linear light).
    /// The brighter group is the foreground. Hysteresis: last frame's mask stays while its
    /// error is within `glyphTolerance` per sub-pixel of the best.
    ///
    /// With `transparent`, a partly covered cell draws its covered sub-pixels in their mean
    /// colour over the default background. Without colour, a sub-pixel is inked when its
    /// linear luminance passes a 4x4 Bayer threshold anchored to the screen; a covered cell
    /// with no inked sub-pixel inks its brightest one.
    func encodeFitted(_ f: Frame, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>) {
        let fb = f.fb
        let w = fb.width
        let sx = glyphs.subpixels.x, sy = glyphs.subpixels.y
        let n = sx * sy
        let full = (1 << n) - 1
        let glyphTable: [Unicode.Scalar]
        switch glyphs {
        case .quadrants: glyphTable = GlyphTable.quadrants
        case .sextants: glyphTable = GlyphTable.sextants
        default: glyphTable = GlyphTable.braille
        }
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        let tolerance = glyphTolerance * Float(n)
        // 1 / k for group sizes 1...8.
        let inverse: SIMD8<Float> = 1 / SIMD8(1, 2, 3, 4, 5, 6, 7, 8)
        withUnsafeTemporaryAllocation(of: Vec3.self, capacity: 8) { px in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 8) { key in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { order in
        glyphTable.withUnsafeBufferPointer { table in
        fb.color.withUnsafeBufferPointer { color in
        fb.coverage.withUnsafeBufferPointer { cov in
            for row in 0..<f.rows {
                for col in 0..<f.columns {
                    let i = row * f.columns + col
                    // Gather the cell's sub-pixels, row-major.
                    var covered = 0
                    var k = 0
                    for j in 0..<sy {
                        let base = (row * sy + j) * w + col * sx
                        for x in 0..<sx {
                            px[k] = color[base + x]
                            if cov[base + x] != 0 { covered |= 1 << k }
                            k += 1
                        }
                    }
                    if covered == 0 {
                        out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                        shape[i] = 0
                        continue
                    }
                    if colors == .none {
                        var mask = 0
                        var brightest = -1
                        var brightestL = -Float.infinity
                        for b in 0..<n where covered & (1 << b) != 0 {
                            let l = dot(px[b], luma)
                            if l > CellEncoder.threshold(col * sx + b % sx, row * sy + b / sx) { mask |= 1 << b }
                            if l > brightestL { brightestL = l; brightest = b }
                        }
                        if mask == 0 { mask = 1 << brightest }
                        out[i] = Cell(glyph: table[mask])
                        shape[i] = UInt8(mask)
                        continue
                    }
                    let previous: Cell? = f.hasHistory ? out[i] : nil
                    var mask: Int
                    var fg: Vec3, bg: Vec3
                    var keptShape = false
                    if transparent && covered != full {
                        // Covered sub-pixels in their mean colour over the terminal's background.
                        var s = Vec3.zero
                        for b in 0..<n where covered & (1 << b) != 0 { s += px[b] }
                        mask = covered
                        fg = s * inverse[covered.nonzeroBitCount - 1]
                        bg = .zero
                        keptShape = previous != nil && Int(shape[i]) == mask
                    } else {
                        // Sum, and the sub-pixel farthest from the first one.
                        var total = Vec3.zero
                        var far = 0
                        var farD: Float = 0
                        for b in 0..<n {
                            total += px[b]
                            let d = px[b] - px[0]
                            let dd = dot(d, d)
                            if dd > farD { farD = dd; far = b }
                        }
                        var bestScore = dot(total, total) * inverse[n - 1]
                        var bestMask = full
                        if farD > 1e-7 {
                            // Order along the axis, then try every prefix split.
                            let axis = px[far] - px[0]
                            for b in 0..<n {
                                let kb = dot(px[b], axis)
                                var m = b
                                while m > 0 && key[m - 1] > kb {
                                    key[m] = key[m - 1]
                                    order[m] = order[m - 1]
                                    m -= 1
                                }
                                key[m] = kb
                                order[m] = b
                            }
                            var sa = Vec3.zero
                            var prefixMask = 0
                            bestScore = -1
                            for split in 1..<n {
                                sa += px[order[split - 1]]
                                prefixMask |= 1 << order[split - 1]
                                let sb = total - sa
                                let score = dot(sa, sa) * inverse[split - 1] + dot(sb, sb) * inverse[n - split - 1]
                                if score > bestScore { bestScore = score; bestMask = prefixMask }
                            }
                        }
                        mask = bestMask
                        // Hysteresis: last frame's mask, if nearly as good.
                        let pm = Int(shape[i])
                        if previous != nil, pm != 0, pm != mask {
                            var sa = Vec3.zero
                            for b in 0..<n where pm & (1 << b) != 0 { sa += px[b] }
                            let ka = pm.nonzeroBitCount
                            let sb = total - sa
                            var score = dot(sa, sa) * inverse[ka - 1]
                            if ka < n { score += dot(sb, sb) * inverse[n - ka - 1] }
                            if score >= bestScore - tolerance { mask = pm }
                        }
                        keptShape = previous != nil && pm == mask
                        // Group means; the brighter group is the foreground (unless kept).
                        var sa = Vec3.zero
                        for b in 0..<n where mask & (1 << b) != 0 { sa += px[b] }
                        let ka = mask.nonzeroBitCount
                        let ma = sa * inverse[ka - 1]
                        let mb = ka < n ? (total - sa) * inverse[n - ka - 1] : ma
                        if !keptShape && ka < n && dot(mb, luma) > dot(ma, luma) {
                            mask = full ^ mask
                            fg = mb
                            bg = ma
                        } else {
                            fg = ma
                            bg = mb
                        }
                    }
                    let d = ditherOffset(column: col, row: row)
                    let fgColor = quantize(fg, previous: keptShape ? previous?.fg : nil, dither: d)
                    let bgColor = transparent && covered != full ? CellColor.default
                        : quantize(bg, previous: keptShape ? previous?.bg : nil, dither: d)
                    out[i] = Cell(glyph: table[mask], fg: fgColor, bg: bgColor)
                    shape[i] = UInt8(mask)
                }
            }
        }
        }
        }
        }
        }
        }
    }
}
