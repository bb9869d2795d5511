import Math3D
import Raster

/// 1 / `k` for a group of `k` sub-pixels.
@inline(__always)
func reciprocal(_ k: Int) -> Float { 1 / Float(k) }

/// Dot product of two colours, written out so it inlines in the hot loops.
@inline(__always)
func dot3(_ a: Vec3, _ b: Vec3) -> Float {
    let p = a * b
    return p.x + p.y + p.z
}

extension CellEncoder {
    /// Luminance band around a dither threshold in which a monochrome sub-pixel keeps its
    /// previous state.
    static let monoBand: Float = 0.04

    /// `quadrants`, `sextants`, `braille`: each cell's 4, 6 or 8 sub-pixels are split into two
    /// groups drawn in the foreground and background colour.
    ///
    /// The fit (linear light): project the sub-pixels on the colour axis from the first one to
    /// the one farthest from it, split at the middle of that axis, then take one 2-means step
    /// (each sub-pixel joins the nearer group mean); each group is drawn in its mean colour.
    /// That shortlist of two candidate splits replaces a search over all 2^n masks: two-colour
    /// cells come out exact, and on shaded scenes it matches the exhaustive least-squares
    /// split on most cells (see the tests). The brighter group is the foreground. Hysteresis: last frame's mask stays while its
    /// error is within `glyphTolerance` per sub-pixel of the best.
    ///
    /// With `transparent`, a partly covered cell draws its covered sub-pixels in their mean
    /// colour over the default background. Without colour, a sub-pixel is inked when its
    /// linear luminance passes a 4x4 Bayer threshold anchored to the screen; a covered cell
    /// with no inked sub-pixel inks its brightest one.
    func encodeFitted(_ f: Frame, rows: Range<Int>, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>) {
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
        withUnsafeTemporaryAllocation(of: Vec3.self, capacity: 8) { px in
        glyphTable.withUnsafeBufferPointer { table in
        fb.color.withUnsafeBufferPointer { color in
        fb.coverage.withUnsafeBufferPointer { cov in
            for row in rows {
                for col in 0..<f.columns {
                    let i = row * f.columns + col
                    // Gather the cell's sub-pixels, row-major, with their sum and the one
                    // farthest in colour from the first.
                    var covered = 0
                    var k = 0
                    var total = Vec3.zero
                    var squares: Float = 0
                    var far = 0
                    var farD: Float = 0
                    let first = color[row * sy * w + col * sx]
                    for j in 0..<sy {
                        let base = (row * sy + j) * w + col * sx
                        for x in 0..<sx {
                            let c = color[base + x]
                            px[k] = c
                            total += c
                            squares += dot3(c, c)
                            let dd = dot3(c - first, c - first)
                            if dd > farD { farD = dd; far = k }
                            if cov[base + x] != 0 { covered |= 1 &<< k }
                            k &+= 1
                        }
                    }
                    if covered == 0 {
                        out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                        shape[i] = 0
                        continue
                    }
                    if colors == .none {
                        // Hysteresis: a sub-pixel within `monoBand` of its threshold keeps last
                        // frame's state; an all-dark cell keeps last frame's single dot.
                        let pm = f.hasHistory ? Int(shape[i]) : 0
                        var mask = 0
                        var brightest = -1
                        var brightestL = -Float.infinity
                        for b in 0..<n where covered & (1 << b) != 0 {
                            let l = dot(px[b], luma)
                            let t = CellEncoder.threshold(col * sx + b % sx, row * sy + b / sx)
                            let on = pm != 0 && abs(l - t) < CellEncoder.monoBand ? pm & (1 << b) != 0 : l > t
                            if on { mask |= 1 << b }
                            if l > brightestL { brightestL = l; brightest = b }
                        }
                        if mask == 0 {
                            mask = pm != 0 && pm.nonzeroBitCount == 1 && pm & covered != 0 ? pm : 1 << brightest
                        }
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
                        for b in 0..<n where covered & (1 &<< b) != 0 { s += px[b] }
                        mask = covered
                        fg = s * reciprocal(covered.nonzeroBitCount)
                        bg = .zero
                        keptShape = previous != nil && Int(shape[i]) == mask
                    } else {
                        // Least squares: error(mask) = squares - score(mask), where score is
                        // |sum A|^2 / |A| + |sum B|^2 / |B|; the fit maximizes the score.
                        // Hysteresis first: last frame's mask, scored on this frame's pixels.
                        let pm = previous != nil ? Int(shape[i]) : 0
                        var previousScore = -Float.infinity
                        var previousSum = Vec3.zero
                        if pm != 0 {
                            for b in 0..<n where pm & (1 &<< b) != 0 { previousSum += px[b] }
                            let ka = pm.nonzeroBitCount
                            let sb = total - previousSum
                            previousScore = dot3(previousSum, previousSum) * reciprocal(ka)
                            if ka < n { previousScore += dot3(sb, sb) * reciprocal(n - ka) }
                        }
                        var bestScore = dot3(total, total) * reciprocal(n)
                        var bestMask = full
                        var bestSum = total
                        if squares - previousScore <= tolerance {
                            // Last frame's mask fits within tolerance of perfect: no search.
                            bestScore = previousScore
                            bestMask = pm
                            bestSum = previousSum
                        } else if farD > 1e-7 {
                            // Split at the middle of the axis, then one 2-means step: each
                            // sub-pixel joins the nearer of the two group means.
                            let axis = px[far] - first
                            let middle = dot3(px[far] + first, axis) * 0.5
                            var sa = Vec3.zero
                            var m = 0
                            for b in 0..<n where dot3(px[b], axis) > middle { sa += px[b]; m |= 1 &<< b }
                            var ka = m.nonzeroBitCount
                            let ma = sa * reciprocal(ka), mb = (total - sa) * reciprocal(n - ka)
                            let axis2 = ma - mb
                            let middle2 = dot3(ma + mb, axis2) * 0.5
                            var sa2 = Vec3.zero
                            var m2 = 0
                            for b in 0..<n where dot3(px[b], axis2) > middle2 { sa2 += px[b]; m2 |= 1 &<< b }
                            let ka2 = m2.nonzeroBitCount
                            if ka2 > 0 && ka2 < n {
                                sa = sa2
                                m = m2
                                ka = ka2
                            }
                            let sb = total - sa
                            bestScore = dot3(sa, sa) * reciprocal(ka) + dot3(sb, sb) * reciprocal(n - ka)
                            bestMask = m
                            bestSum = sa
                        }
                        mask = bestMask
                        // Hysteresis: keep last frame's mask if nearly as good.
                        if pm != 0 && pm != mask && previousScore >= bestScore - tolerance {
                            mask = pm
                            bestSum = previousSum
                        }
                        keptShape = previous != nil && pm == mask
                        // Group means; the brighter group is the foreground (unless kept).
                        let sa = bestSum
                        let ka = mask.nonzeroBitCount
                        let ma = sa * reciprocal(ka)
                        let mb = ka < n ? (total - sa) * reciprocal(n - ka) : ma
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
