import Math3D

extension CellEncoder {
    /// Two groups of a cell's sub-pixels: `mask` marks the foreground group; `fg` and `bg`
    /// are the groups' mean colours; `kept` says last frame's mask was kept.
    struct Split {
        var mask: Int
        var fg: Vec3
        var bg: Vec3
        var kept: Bool
    }

    /// The least-squares split of a cell into two groups (linear light).
    ///
    /// Project the sub-pixels on the colour axis from the first one to the one farthest from
    /// it, split at the middle of that axis, then take one 2-means step (each sub-pixel joins
    /// the nearer group mean). That shortlist of two candidate splits replaces a search over
    /// all 2^n masks: two-colour cells come out exact, and on shaded scenes it matches the
    /// exhaustive least-squares split on most cells (see the tests). The brighter group is the
    /// foreground. Hysteresis: last frame's mask (`previousMask`, 0 for none) stays while its
    /// error is within `glyphTolerance` per sub-pixel of the best.
    ///
    /// error(mask) = squares - score(mask), where score is |sum A|^2 / |A| + |sum B|^2 / |B|;
    /// the fit maximizes the score.
    @inline(__always)
    func fitSplit(_ px: UnsafeMutablePointer<Vec3>, _ s: CellSample, previousMask pm: Int, _ l: FitLayout) -> Split {
        let n = l.n
        var previousScore = -Float.infinity
        var previousSum = Vec3.zero
        if pm != 0 {
            for b in 0..<n where pm & (1 &<< b) != 0 { previousSum += px[b] }
            previousScore = score(sum: previousSum, count: pm.nonzeroBitCount, total: s.total, n: n)
        }
        var bestScore = dot3(s.total, s.total) * reciprocal(n)
        var bestMask = l.full
        var bestSum = s.total
        if s.squares - previousScore <= l.tolerance {
            // Last frame's mask fits within tolerance of perfect: no search.
            bestScore = previousScore
            bestMask = pm
            bestSum = previousSum
        } else if s.farD > 1e-7 {
            let c = twoMeans(px, s, n: n)
            bestScore = score(sum: c.sum, count: c.mask.nonzeroBitCount, total: s.total, n: n)
            bestMask = c.mask
            bestSum = c.sum
        }
        var mask = bestMask
        // Hysteresis: keep last frame's mask if nearly as good.
        if pm != 0 && pm != mask && previousScore >= bestScore - l.tolerance {
            mask = pm
            bestSum = previousSum
        }
        let kept = pm != 0 && pm == mask
        // Group means; the brighter group is the foreground (unless kept).
        let ka = mask.nonzeroBitCount
        let ma = bestSum * reciprocal(ka)
        let mb = ka < n ? (s.total - bestSum) * reciprocal(n - ka) : ma
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        if !kept && ka < n && dot(mb, luma) > dot(ma, luma) {
            return Split(mask: l.full ^ mask, fg: mb, bg: ma, kept: false)
        }
        return Split(mask: mask, fg: ma, bg: mb, kept: kept)
    }

    /// |sum A|^2 / |A| + |sum B|^2 / |B| for group A of `count` sub-pixels summing to `sum`.
    @inline(__always)
    func score(sum: Vec3, count ka: Int, total: Vec3, n: Int) -> Float {
        let sb = total - sum
        var v = dot3(sum, sum) * reciprocal(ka)
        if ka < n { v += dot3(sb, sb) * reciprocal(n - ka) }
        return v
    }

    /// Split at the middle of the axis from the first sub-pixel to the farthest, then one
    /// 2-means step: each sub-pixel joins the nearer of the two group means.
    @inline(__always)
    func twoMeans(_ px: UnsafeMutablePointer<Vec3>, _ s: CellSample, n: Int) -> (mask: Int, sum: Vec3) {
        let first = split(
            px, n: n, axis: px[s.far] - s.first, middle: dot3(px[s.far] + s.first, px[s.far] - s.first) * 0.5)
        let ka = first.mask.nonzeroBitCount
        let ma = first.sum * reciprocal(ka)
        let mb = (s.total - first.sum) * reciprocal(n - ka)
        let second = split(px, n: n, axis: ma - mb, middle: dot3(ma + mb, ma - mb) * 0.5)
        let ka2 = second.mask.nonzeroBitCount
        return ka2 > 0 && ka2 < n ? second : first
    }

    /// The sub-pixels whose projection on `axis` passes `middle`, and their sum.
    @inline(__always)
    func split(_ px: UnsafeMutablePointer<Vec3>, n: Int, axis: Vec3, middle: Float) -> (mask: Int, sum: Vec3) {
        var sum = Vec3.zero
        var m = 0
        for b in 0..<n where dot3(px[b], axis) > middle {
            sum += px[b]
            m |= 1 &<< b
        }
        return (m, sum)
    }
}
