import Math3D
import SceneGraph

/// Cell-level hysteresis for the two-colour sets at 256 and 16 colours: a covered cell keeps
/// last frame's glyph and colours while they show the cell about as well as the new choice.
///
/// A palette cell can show only a few mixes (its glyph's inked share of two entries), so the
/// colour under a slowly turning surface sits between two of them and the best choice
/// flips with every small change of the pixels; each flip costs a glyph and one or two
/// colour sequences on the wire. A viewer at normal distance sees a cell's mean colour
/// (`CellGrid.blurredColorError`), so last frame's cell stays while its mean is within
/// `keepTolerance` (CIELAB) of what the new cell's mean misses by, and its sub-pixels fit
/// about as well (`keepStructure`), so moving edges still move.
extension CellEncoder {
    /// How much worse last frame's cell may fit the sub-pixels (squared linear-light error,
    /// as a factor on the new choice's plus `glyphTolerance` per sub-pixel) and still stay.
    static let keepStructure: Float = 1.5

    /// What a cell of mask `mask` in palette entries `fg` / `bg` shows: its mean linear colour
    /// and its squared error against the sub-pixels `px`.
    @inline(__always)
    func shown(
        _ px: UnsafeMutablePointer<Vec3>, mask: Int, fg: Int, bg: Int, _ l: FitLayout
    ) -> (mean: Vec3, error: Float, majority: Int) {
        let coverage = spec.inkCoverage
        let paper = paletteLinear[bg]
        let ink = paper + (paletteLinear[fg] - paper) * coverage
        var error: Float = 0
        for b in 0..<l.n {
            let e = (mask & (1 &<< b) != 0 ? ink : paper) - px[b]
            error += dot3(e, e)
        }
        let inked = Float(mask.nonzeroBitCount) / Float(l.n)
        return (paper + (ink - paper) * inked, error, inked * coverage > 0.5 ? fg : bg)
    }

    /// Whether the covered cell keeps `previous` (drawn with `previousMask`) instead of the new
    /// choice `new` for the sub-pixels `px`, whose colours sum to `total` (see the extension's
    /// discussion).
    @inline(__always)
    func keeps(
        _ previous: Cell, previousMask: Int, over new: (mask: Int, fg: CellColor, bg: CellColor),
        _ px: UnsafeMutablePointer<Vec3>, total: Vec3, _ l: FitLayout
    ) -> Bool {
        guard previousMask != 0, case .indexed(let pf) = previous.fg, case .indexed(let pb) = previous.bg,
            case .indexed(let nf) = new.fg, case .indexed(let nb) = new.bg
        else { return false }
        if previousMask == new.mask && pf == nf && pb == nb { return true }
        // The same picture with fg and bg swapped.
        if previousMask == l.full ^ new.mask && pf == nb && pb == nf { return true }
        // 16 colours: a cell of two entries is not traded for one of a single entry (the dot
        // that keeps a dark surface's hue or outline).
        if colors == .ansi16 && pf == pb && nf != nb { return false }
        let before = shown(px, mask: previousMask, fg: Int(pf), bg: Int(pb), l)
        let after = shown(px, mask: new.mask, fg: Int(nf), bg: Int(nb), l)
        guard before.error <= after.error * CellEncoder.keepStructure + l.tolerance else { return false }
        let target = ditherTarget(total * reciprocal(l.n))
        return labCurve.withUnsafeBufferPointer { curve in
            let want = Palette.fastLab(target, curve: curve)
            @inline(__always) func cost(_ c: (mean: Vec3, error: Float, majority: Int)) -> Float {
                let lab = Palette.fastLab(c.mean, curve: curve)
                let loss = Palette.hueLoss(want, paletteLab[c.majority])
                return (Palette.huedError(want, lab) + loss).squareRoot()
            }
            let eb = cost(before)
            let ea = cost(after)
            return eb <= ea + keepTolerance
        }
    }

    /// Whether a split's two groups differ enough (CIELAB delta E of their means at least
    /// `edgeContrast`) to be drawn as an edge in two palette colours rather than dithered.
    @inline(__always)
    func isEdge(_ split: Split) -> Bool {
        labCurve.withUnsafeBufferPointer { curve in
            let e = Palette.fastLab(split.fg, curve: curve) - Palette.fastLab(split.bg, curve: curve)
            return (e * e).sum() >= edgeContrast * edgeContrast
        }
    }
}
