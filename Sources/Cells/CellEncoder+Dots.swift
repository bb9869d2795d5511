import Math3D

/// Braille edges at 256 and 16 colours.
///
/// A braille dot covers about a quarter of its sub-cell (`inkCoverage`): a cell shows its
/// paper (background) colour everywhere, and its inked dots add a quarter of the ink's
/// difference each. Two palette colours therefore cannot draw an edge's two sides the way
/// block elements do, and a cell dithered from its mean colour alone (`ditheredCell`) loses
/// which side of it is bright: an outline smears over two cells, and the rim of a lit sphere
/// takes dots of the background's hue.
///
/// Where a cell holds an edge (`isEdge`), `dottedEdge` draws it from a short list of
/// candidates, chosen by what a viewer sees (`seenError`):
/// - the dithered cell;
/// - the fitted split drawn either way round: dots on the brighter group over the darker one
///   as paper, or dots on the darker group over the brighter one; for each, the ink is the
///   nearest entry to the group's mean or to that mean pushed away from the paper by
///   1 / coverage, and the paper the nearest entry to its group's mean or to the colour that
///   keeps the cell's mean (`inkCompensated`), or the dithered cell's paper. A candidate
///   whose ink and paper are not as much lighter and darker as its groups (a lavender over a
///   grey of the same luminance, for a grey over navy) is left out: it would show no edge.
extension CellEncoder {
    /// The braille cell (mask of inked dots, ink and paper entries) for a covered cell that
    /// holds an edge (`split`, fitted without hysteresis); `t` holds its sub-pixels' dither
    /// targets (`ditherTargets`). `dithered` is the cell dithered from its mean
    /// without hysteresis. Last frame's cell (`previous`, `previousMask`) stays while its
    /// `seenError` is within `keepTolerance` of the best candidate's.
    @inline(__always)
    func dottedEdge(
        _ t: UnsafeMutablePointer<Vec3>, split: Split, dithered: (mask: Int, fg: Int, bg: Int), previous: Cell?,
        previousMask: Int, _ l: FitLayout
    ) -> (mask: Int, fg: Int, bg: Int) {
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        return labCurve.withUnsafeBufferPointer { curve in
            let regions = DotRegions(t, curve: curve, l)
            @inline(__always) func cost(_ mask: Int, _ ink: Int, _ paper: Int, below bound: Float) -> Float {
                seenError(mask: mask, ink: ink, paper: paper, regions, below: bound, curve: curve, l)
            }
            var best = dithered
            var bestCost = cost(dithered.mask, dithered.fg, dithered.bg, below: .infinity)
            for flip in 0..<2 {
                let mask = flip == 1 ? l.full ^ split.mask : split.mask
                let group = Split(
                    mask: mask, fg: flip == 1 ? split.bg : split.fg, bg: flip == 1 ? split.fg : split.bg, kept: false)
                let shown = inkCompensated(group, count: l.n)
                let inks = (Int(paletteIndex(group.fg, dither: 0)), Int(paletteIndex(shown.fg, dither: 0)))
                let papers = (Int(paletteIndex(group.bg, dither: 0)), Int(paletteIndex(shown.bg, dither: 0)))
                let inkIsBrighter = dot(group.fg, luma) > dot(group.bg, luma)
                for i in 0..<7 {
                    // The group means' entries, the dither's entries along the edge, then the
                    // group's inks over the dither's paper.
                    let ink = i == 4 ? dithered.fg : i & 1 == 0 ? inks.0 : inks.1
                    let paper = i >= 4 ? dithered.bg : i & 2 == 0 ? papers.0 : papers.1
                    if (i & 1 == 1 && inks.0 == inks.1) || (i & 2 == 2 && i < 4 && papers.0 == papers.1) { continue }
                    // An edge drawn the wrong way round (the dotted group shown darker than
                    // its paper where it is brighter, or the other way) is no edge.
                    if (dot(paletteLinear[ink], luma) > dot(paletteLinear[paper], luma)) != inkIsBrighter { continue }
                    let e = cost(mask, ink, paper, below: bestCost)
                    if e < bestCost {
                        bestCost = e
                        best = (mask, ink, paper)
                    }
                }
            }
            if let p = previous, keepTolerance > 0, previousMask != 0, case .indexed(let pf) = p.fg,
                case .indexed(let pb) = p.bg,
                cost(previousMask, Int(pf), Int(pb), below: bestCost + keepTolerance) <= bestCost + keepTolerance
            {
                best = (previousMask, Int(pf), Int(pb))
            }
            if best.mask == 0 || best.fg == best.bg { return (l.full, best.bg, best.bg) }
            return best
        }
    }

    /// The CIELAB colour each of the five regions a viewer tells apart in a cell should show:
    /// the whole cell, and its left, right, top and bottom halves (`FitLayout.halves`).
    struct DotRegions {
        /// Lab of the target's mean over the whole cell and over each half.
        let whole: Vec3
        let halves: (Vec3, Vec3, Vec3, Vec3)

        /// The regions of a cell whose sub-pixels' target colours are `targets`.
        @inline(__always)
        init(_ targets: UnsafeMutablePointer<Vec3>, curve: UnsafeBufferPointer<Float>, _ l: FitLayout) {
            var sums = (Vec3.zero, Vec3.zero, Vec3.zero, Vec3.zero)
            var total = Vec3.zero
            for b in 0..<l.n {
                let t = targets[b]
                total += t
                if l.halves.left & (1 &<< b) != 0 { sums.0 += t } else { sums.1 += t }
                if l.halves.top & (1 &<< b) != 0 { sums.2 += t } else { sums.3 += t }
            }
            whole = Palette.fastLab(total * reciprocal(l.n), curve: curve)
            @inline(__always) func lab(_ sum: Vec3, _ m: Int) -> Vec3 {
                Palette.fastLab(sum * reciprocal(m.nonzeroBitCount), curve: curve)
            }
            halves = (
                lab(sums.0, l.halves.left), lab(sums.1, l.halves.right), lab(sums.2, l.halves.top),
                lab(sums.3, l.halves.bottom)
            )
        }
    }

    /// What a viewer sees wrong in a braille cell with dots `mask` in entry `ink` over entry
    /// `paper`, in CIELAB delta E: the root mean square of the distances between the shown
    /// and the wanted mean colours of the whole cell (counted twice) and of its four halves
    /// (`DotRegions`). Once the error is known to pass `bound`, the rest is skipped and
    /// infinity is returned.
    @inline(__always)
    func seenError(
        mask: Int, ink: Int, paper: Int, _ r: DotRegions, below bound: Float, curve: UnsafeBufferPointer<Float>,
        _ l: FitLayout
    ) -> Float {
        let back = paletteLinear[paper]
        let step = (paletteLinear[ink] - back) * spec.inkCoverage
        @inline(__always) func miss(_ m: Int, _ want: Vec3) -> Float {
            let inked = Float((mask & m).nonzeroBitCount) / Float(m.nonzeroBitCount)
            let d = Palette.fastLab(back + step * inked, curve: curve) - want
            return (d * d).sum()
        }
        // The whole cell alone bounds the error from below.
        var squares = 2 * miss(l.full, r.whole)
        if squares > 6 * bound * bound { return .infinity }
        squares += miss(l.halves.left, r.halves.0) + miss(l.halves.right, r.halves.1)
        squares += miss(l.halves.top, r.halves.2) + miss(l.halves.bottom, r.halves.3)
        return (squares / 6).squareRoot()
    }
}
