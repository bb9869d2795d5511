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
    /// The sub-pixel grid of a two-colour set, read once per band.
    struct FitLayout {
        /// Sub-pixels across and down, their count and the mask with all of them.
        let sx: Int, sy: Int, n: Int, full: Int
        /// `glyphTolerance` for the whole cell.
        let tolerance: Float
        /// At 256 and 16 colours with partial ink (`inkCoverage` below 1, braille): a covered
        /// cell is dithered (`ditheredCell`), or where it holds an edge drawn by `dottedEdge`.
        let alwaysDither: Bool
        /// Masks of the sub-pixels in the cell's left, right, top and bottom halves.
        let halves: (left: Int, right: Int, top: Int, bottom: Int)

        /// The layout of `sx` x `sy` sub-pixels; `tolerance` per sub-pixel.
        init(sx: Int, sy: Int, tolerance: Float, alwaysDither: Bool = false) {
            self.sx = sx
            self.sy = sy
            n = sx * sy
            full = (1 << n) - 1
            self.tolerance = tolerance * Float(n)
            self.alwaysDither = alwaysDither
            var left = 0
            var top = 0
            for b in 0..<n {
                if b % sx < sx / 2 { left |= 1 &<< b }
                if b / sx < sy / 2 { top |= 1 &<< b }
            }
            halves = (left, full ^ left, top, full ^ top)
        }
    }

    /// One cell's sub-pixels (their colours are in the caller's scratch buffer), summed up.
    struct CellSample {
        /// Mask of the sub-pixels any primitive covers.
        var covered = 0
        /// Sum of the colours and of their squared lengths.
        var total = Vec3.zero
        var squares: Float = 0
        /// The first sub-pixel's colour, and the sub-pixel farthest from it (squared distance).
        var first = Vec3.zero
        var far = 0
        var farD: Float = 0
    }

    /// `quadrants`, `sextants`, `braille`: each cell's 4, 6 or 8 sub-pixels are split into two
    /// groups drawn in the foreground and background colour.
    ///
    /// Steps per cell: `gather` the sub-pixels; an uncovered cell is a space; without colour
    /// `monoMask` inks sub-pixels by an ordered threshold; otherwise `fitSplit` finds the two
    /// groups (see there) and `colourCell` chooses their colours: where both groups would show
    /// the same palette entry, the cell is dithered between two entries instead
    /// (`ditheredCell`), so smooth shading keeps its tone and hue in 256 and 16 colours.
    /// Braille at those depths dithers every covered cell and draws edges with `dottedEdge`.
    ///
    /// With `transparent`, a partly covered cell draws its covered sub-pixels in their mean
    /// colour over the default background.
    func encodeFitted(
        _ f: Frame, rows: Range<Int>, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>
    ) {
        let layout = FitLayout(
            sx: spec.subpixels.x, sy: spec.subpixels.y, tolerance: glyphTolerance,
            alwaysDither: (colors == .ansi256 || colors == .ansi16) && spec.inkCoverage < 1)
        // The cell's sub-pixels, then their dither targets (`ditherTargets`).
        withUnsafeTemporaryAllocation(of: Vec3.self, capacity: 16) { scratch in
            guard let px = scratch.baseAddress else { return }
            withFrameBuffers(f.fb) { color, cov in
                spec.masks.withUnsafeBufferPointer { table in
                    for row in rows {
                        for col in 0..<f.columns {
                            let i = row * f.columns + col
                            let s = gather(
                                px, color: color, coverage: cov, column: col, row: row, width: f.fb.width, layout)
                            if s.covered == 0 {
                                out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                                shape[i] = 0
                                continue
                            }
                            let previousMask = f.hasHistory ? Int(shape[i]) : 0
                            if colors == .none {
                                // A covered cell of block elements: a shade glyph by lightness,
                                // as half blocks show it (the silhouette keeps its masks).
                                if spec.inkCoverage == 1 && s.covered == (1 << layout.n) - 1 {
                                    let before = f.hasHistory ? out[i].glyph : nil
                                    out[i] = Cell(glyph: shade(px, layout, previous: before))
                                    shape[i] = UInt8(truncatingIfNeeded: s.covered)
                                    continue
                                }
                                let mask = monoMask(px, s, column: col, row: row, previousMask: previousMask, layout)
                                out[i] = Cell(glyph: table[mask])
                                shape[i] = UInt8(mask)
                                continue
                            }
                            let previous: Cell? = f.hasHistory ? out[i] : nil
                            let c = colourCell(
                                px, s, column: col, row: row, previous: previous,
                                previousMask: previousMask, background: f.background, layout)
                            if let p = previous, keepTolerance > 0,
                                keeps(p, previousMask: previousMask, over: c, px, total: s.total, layout)
                            {
                                continue
                            }
                            out[i] = Cell(glyph: table[c.mask], fg: c.fg, bg: c.bg)
                            shape[i] = UInt8(c.mask)
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the framebuffer's colour and coverage buffers.
    @inline(__always)
    func withFrameBuffers(_ fb: Framebuffer, _ body: (UnsafeBufferPointer<Vec3>, UnsafeBufferPointer<UInt8>) -> Void) {
        fb.color.withUnsafeBufferPointer { color in
            fb.coverage.withUnsafeBufferPointer { cov in body(color, cov) }
        }
    }

    /// Copies the cell's sub-pixels into `px` (row-major) and sums them up.
    @inline(__always)
    func gather(
        _ px: UnsafeMutablePointer<Vec3>, color: UnsafeBufferPointer<Vec3>, coverage cov: UnsafeBufferPointer<UInt8>,
        column col: Int, row: Int, width w: Int, _ l: FitLayout
    ) -> CellSample {
        var s = CellSample()
        var k = 0
        s.first = color[row * l.sy * w + col * l.sx]
        for j in 0..<l.sy {
            let base = (row * l.sy + j) * w + col * l.sx
            for x in 0..<l.sx {
                let c = color[base + x]
                px[k] = c
                s.total += c
                s.squares += dot3(c, c)
                let dd = dot3(c - s.first, c - s.first)
                if dd > s.farD {
                    s.farD = dd
                    s.far = k
                }
                if cov[base + x] != 0 { s.covered |= 1 &<< k }
                k &+= 1
            }
        }
        return s
    }

    /// The mask and colours of a covered cell at a colour depth.
    @inline(__always)
    func colourCell(
        _ px: UnsafeMutablePointer<Vec3>, _ s: CellSample, column col: Int, row: Int, previous: Cell?,
        previousMask: Int, background: CellColor, _ l: FitLayout
    ) -> (mask: Int, fg: CellColor, bg: CellColor) {
        let d = ditherOffset(column: col, row: row)
        if transparent && s.covered != l.full {
            // Covered sub-pixels in their mean colour over the terminal's background.
            var sum = Vec3.zero
            for b in 0..<l.n where s.covered & (1 &<< b) != 0 { sum += px[b] }
            let kept = previous != nil && previousMask == s.covered
            let fg = quantize(
                sum * reciprocal(s.covered.nonzeroBitCount), previous: kept ? previous?.fg : nil, dither: d)
            return (s.covered, fg, .default)
        }
        let palette = colors == .ansi256 || colors == .ansi16
        let mean = s.total * reciprocal(l.n)
        if l.alwaysDither {
            // Braille dithers every cell: its targets, once. An edge is drawn from candidates
            // that do not depend on last frame (the split and the dither without hysteresis),
            // so the same picture gives the same cell; last frame's cell stays if nearly as
            // good (`dottedEdge`).
            let t = ditherTargets(px, l)
            let split = fitSplit(px, s, previousMask: 0, l)
            if split.mask != l.full && isEdge(split) {
                let c = ditheredCell(
                    t, ditherPair(mean), x: col * l.sx, y: row * l.sy, previous: nil, previousMask: 0,
                    background: background, l)
                let e = dottedEdge(t, split: split, dithered: c, previous: previous, previousMask: previousMask, l)
                return (e.mask, .indexed(UInt8(e.fg)), .indexed(UInt8(e.bg)))
            }
        }
        let pair = palette ? ditherPair(mean, keeping: previous) : (nearest: 0, partner: 0, target: mean)
        if !l.alwaysDither {
            // A cell drawn from the pair's entries last frame has no fitted mask to keep.
            let dithered = palette && drawnFrom(previous, pair.nearest, pair.partner)
            let split = fitSplit(px, s, previousMask: previous != nil && !dithered ? previousMask : 0, l)
            // Whether the groups fall on two entries: with last frame's entries kept within
            // `colorTolerance` when its mask was kept, so that noise on a group near the border
            // of two entries does not move the cell between an edge and a dither every frame.
            let twoEntries =
                palette && split.mask != l.full
                && quantize(split.fg, previous: split.kept ? previous?.fg : nil, dither: d)
                    != quantize(split.bg, previous: split.kept ? previous?.bg : nil, dither: d)
            if !palette || (twoEntries && isEdge(split)) {
                let shown = inkCompensated(split, count: l.n)
                let fg = quantize(shown.fg, previous: split.kept ? previous?.fg : nil, dither: d)
                let bg = quantize(shown.bg, previous: split.kept ? previous?.bg : nil, dither: d)
                return (split.mask, fg, bg)
            }
        }
        // Braille's targets were written above.
        let t = l.alwaysDither ? px + l.n : ditherTargets(px, l)
        let c = ditheredCell(
            t, pair, x: col * l.sx, y: row * l.sy, previous: previous, previousMask: previousMask,
            background: background, l)
        return (c.mask, .indexed(UInt8(c.fg)), .indexed(UInt8(c.bg)))
    }

    /// Writes the dither target (`ditherTarget`) of each of the cell's sub-pixels `px` after
    /// them, in the scratch the caller allocated for twice the sub-pixels, and returns it.
    @inline(__always)
    func ditherTargets(_ px: UnsafeMutablePointer<Vec3>, _ l: FitLayout) -> UnsafeMutablePointer<Vec3> {
        let t = px + l.n
        for b in 0..<l.n { t[b] = ditherTarget(px[b]) }
        return t
    }

    /// The colours that show a split's two groups where inked sub-pixels cover only part of
    /// their sub-cell (`inkCoverage`, braille dots a quarter): the ink is pushed away from
    /// the paper by 1 / coverage (within 0...1), and the paper takes what keeps the cell's
    /// mean colour. Block elements (coverage 1) are unchanged.
    @inline(__always)
    func inkCompensated(_ split: Split, count n: Int) -> (fg: Vec3, bg: Vec3) {
        let coverage = spec.inkCoverage
        guard coverage < 1 else { return (split.fg, split.bg) }
        let inked = Float(split.mask.nonzeroBitCount) / Float(n)
        let mean = split.fg * inked + split.bg * (1 - inked)
        let fg = (split.bg + (split.fg - split.bg) / coverage).clamped(lowerBound: .zero, upperBound: .one)
        let shownInk = inked * coverage
        guard shownInk < 1 else { return (fg, split.bg) }
        let bg = ((mean - fg * shownInk) / (1 - shownInk)).clamped(lowerBound: .zero, upperBound: .one)
        return (fg, bg)
    }

    /// The palette index a linear colour quantizes to (16 or 256 colours), without hysteresis.
    @inline(__always)
    func paletteIndex(_ c: Vec3, dither d: Int) -> UInt8 {
        lookup(r: clamp8(srgb8(c.x) + d), g: clamp8(srgb8(c.y) + d), b: clamp8(srgb8(c.z) + d))
    }
}
