import Math3D
import SceneGraph

/// Palette dithering for the 256- and 16-colour depths (docs/PERFORMANCE.md, "Palette
/// colours"): a colour is shown as a mix of its nearest palette entry and that entry's
/// partner (`Palette+Pairs`), and which sub-pixels take the partner follows an 8x8 ordered
/// (Bayer) threshold anchored to the screen. The pattern does not move with the picture, so
/// a paused frame is identical every time (no shimmer) and a turning one changes only where
/// the colours under the pattern change (no crawl).
extension CellEncoder {
    /// The 8x8 Bayer thresholds in 0...1, row-major.
    static let bayer8: [Float] = {
        var m = [Int](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                // Interleave the bits of x ^ y and y (the recursive Bayer construction).
                var v = 0
                let a = x ^ y
                let b = y
                for bit in 0..<3 {
                    v |= ((a >> bit) & 1) << (5 - 2 * bit)
                    v |= ((b >> bit) & 1) << (4 - 2 * bit)
                }
                m[y * 8 + x] = v
            }
        }
        return m.map { (Float($0) + 0.5) / 64 }
    }()

    /// The ordered threshold (0...1) at screen sub-pixel (`x`, `y`).
    @inline(__always)
    func threshold8(_ x: Int, _ y: Int) -> Float { thresholds8[(y & 7) << 3 | (x & 7)] }

    /// The two palette entries a linear colour mixes from at this depth, and the colour the
    /// mix should match (for 16 colours, after `Palette.lift16`).
    @inline(__always)
    func ditherPair(_ c: Vec3) -> (nearest: Int, partner: Int, target: Vec3) {
        let r = srgb8(c.x)
        let g = srgb8(c.y)
        let b = srgb8(c.z)
        if colors == .ansi16 {
            let p = pairs16[Palette.pairBin(r: r, g: g, b: b)]
            return (Int(p.x), Int(p.y), lifted16(r: r, g: g, b: b))
        }
        let target = c.clamped(lowerBound: .zero, upperBound: .one)
        let p = r == g && g == b ? greyPairs256[r] : pairs256[Palette.pairBin256(r: r, g: g, b: b)]
        return (Int(p.x), Int(p.y), target)
    }

    /// The colour a sub-pixel's share of the partner is measured on (the lifted colour for 16).
    @inline(__always)
    func ditherTarget(_ c: Vec3) -> Vec3 {
        colors == .ansi16
            ? lifted16(r: srgb8(c.x), g: srgb8(c.y), b: srgb8(c.z)) : c.clamped(lowerBound: .zero, upperBound: .one)
    }

    /// Linear colour of 8-bit sRGB after the 16-colour lift.
    @inline(__always)
    func lifted16(r: Int, g: Int, b: Int) -> Vec3 {
        let l = Palette.lift16(SIMD3(Float(r), Float(g), Float(b)) / 255) * 255 + 0.5
        let lin = SRGB.toLinear
        return Vec3(lin[Int(l.x)], lin[Int(l.y)], lin[Int(l.z)])
    }

    /// Band of shares around a threshold in which a dithered pixel keeps last frame's
    /// choice, so that sensor-level noise on a still picture sends no bytes.
    static let ditherBand: Float = 0.1

    /// The palette index for one pixel of the screen at (`x`, `y`): its nearest entry, or the
    /// partner where the partner's share passes the ordered threshold there. `previous` (last
    /// frame's index there, -1 for none) stays when it is one of the two and the share is
    /// within `ditherBand` of the threshold. `other` is the entry of the pair not chosen and
    /// `share` its share of the mix (0...1).
    @inline(__always)
    func ditheredIndex(_ c: Vec3, x: Int, y: Int, previous: Int) -> Dithered {
        let pair = ditherPair(c)
        guard pair.partner != pair.nearest else { return (pair.nearest, -1, pair.partner, 0) }
        let a = Palette.mix(pair.target, nearest: paletteLinear[pair.nearest], partner: paletteLinear[pair.partner])
        let margin = a - threshold8(x, y)
        var index = margin > 0 ? pair.partner : pair.nearest
        if abs(margin) < CellEncoder.ditherBand && (previous == pair.nearest || previous == pair.partner) {
            index = previous
        } else if previous >= 0 && previous != index && colorTolerance > 0 {
            for k in 0..<8 where ditheredIndex(nudged(c, by: k), x: x, y: y, previous: -1).index == previous {
                index = previous
                break
            }
        }
        return index == pair.partner ? (index, margin, pair.nearest, 1 - a) : (index, margin, pair.partner, a)
    }

    /// A dithered pixel (`ditheredIndex`): the entry shown, the partner's share minus the
    /// threshold, the pair's other entry and that entry's share.
    typealias Dithered = (index: Int, margin: Float, other: Int, share: Float)

    /// `c` moved by `colorTolerance` sRGB codes along probe direction `k` (`probes`).
    @inline(__always)
    func nudged(_ c: Vec3, by k: Int) -> Vec3 {
        let o = CellEncoder.probes[k] &* colorTolerance
        let lin = SRGB.toLinear
        return Vec3(lin[clamp8(srgb8(c.x) + o.x)], lin[clamp8(srgb8(c.y) + o.y)], lin[clamp8(srgb8(c.z) + o.z)])
    }

    /// The dither pair of `mean`, or of a colour within `colorTolerance` of it whose pair drew
    /// `previous` (hysteresis: noise does not move a dithered cell to a neighbouring pair).
    @inline(__always)
    func ditherPair(_ mean: Vec3, keeping previous: Cell?) -> (nearest: Int, partner: Int, target: Vec3) {
        let pair = ditherPair(mean)
        guard let p = previous, colorTolerance > 0, !drawnFrom(p, pair.nearest, pair.partner), case .indexed = p.fg
        else {
            return pair
        }
        for k in 0..<8 {
            let other = ditherPair(nudged(mean, by: k))
            if other.partner != other.nearest && drawnFrom(p, other.nearest, other.partner) {
                return (other.nearest, other.partner, pair.target)
            }
        }
        return pair
    }

    /// Whether `previous` was drawn from the entries `a` and `b` only (a dithered cell).
    @inline(__always)
    func drawnFrom(_ previous: Cell?, _ a: Int, _ b: Int) -> Bool {
        guard let p = previous, case .indexed(let f) = p.fg, case .indexed(let g) = p.bg else { return false }
        return (Int(f) == a || Int(f) == b) && (Int(g) == a || Int(g) == b)
    }

    /// A covered cell of a two-colour set whose best split shows one palette entry only: its
    /// sub-pixels are dithered between the entries of `pair` (the cell mean's) instead.
    ///
    /// Each sub-pixel takes the partner where its own share (of its dither target in
    /// `targets`, `ditherTargets`) passes the ordered threshold at its screen position.
    /// `inkCoverage` is how much of its sub-cell an inked sub-pixel covers (braille dots a
    /// quarter): the shares are scaled by it, and when the partner makes up more than half
    /// the mix the glyph inks the nearest entry instead. Where one of the two entries got no
    /// sub-pixel although `keepsOne` says it should show, it gets one, at the pattern's first
    /// (or last) position, so the hue and (16 colours) the outline survive.
    /// Hysteresis: when last frame drew the cell from the same two entries (`previous`,
    /// `previousMask`), sub-pixels within `ditherBand` of their threshold keep their state.
    ///
    /// - Returns: the mask of inked sub-pixels and the fg/bg palette entries.
    @inline(__always)
    func ditheredCell(
        _ targets: UnsafeMutablePointer<Vec3>, _ pair: (nearest: Int, partner: Int, target: Vec3),
        x: Int, y: Int, previous: Cell?, previousMask: Int, background: CellColor,
        _ l: FitLayout
    ) -> (mask: Int, fg: Int, bg: Int) {
        guard pair.partner != pair.nearest else { return (l.full, pair.nearest, pair.nearest) }
        let p1 = paletteLinear[pair.nearest]
        let p2 = paletteLinear[pair.partner]
        let coverage = spec.inkCoverage
        let share = Palette.mix(pair.target, nearest: p1, partner: p2)
        // Braille-like sets ink less than their sub-cell: ink the minority colour.
        let inkNearest = coverage < 1 && share > 0.5
        let ink = inkNearest ? pair.nearest : pair.partner
        let paper = inkNearest ? pair.partner : pair.nearest
        var before = -1
        if let p = previous, drawnFrom(p, ink, paper) {
            before =
                p.fg == p.bg
                ? (p.fg == .indexed(UInt8(paper)) ? 0 : l.full)
                : p.fg == .indexed(UInt8(ink)) ? previousMask : l.full ^ previousMask
        }
        let scale = 1 / coverage
        var mask = 0
        var first = 0
        var last = 0
        var firstT = Float.infinity
        var lastT = -Float.infinity
        for b in 0..<l.n {
            var a = Palette.mix(targets[b], nearest: p1, partner: p2)
            if inkNearest { a = 1 - a }
            let t = threshold8(x + b % l.sx, y + b / l.sx)
            let margin = a * scale - t
            let on = before >= 0 && abs(margin) < CellEncoder.ditherBand ? before & (1 &<< b) != 0 : margin > 0
            if on { mask |= 1 &<< b }
            // Where the pattern puts its first and its last dot: fixed places.
            if t < firstT {
                firstT = t
                first = b
            }
            if t > lastT {
                lastT = t
                last = b
            }
        }
        let inkShare = inkNearest ? 1 - share : share
        if mask == 0
            && keepsOne(
                inkShare * scale * Float(l.n), of: ink, over: paper, target: pair.target, background: background)
        {
            mask = 1 &<< first
        } else if mask == l.full && coverage >= 1
            && keepsOne((1 - inkShare) * Float(l.n), of: paper, over: ink, target: pair.target, background: background)
        {
            mask ^= 1 &<< last
        }
        if mask == 0 { return (l.full, paper, paper) }
        if mask == l.full && coverage >= 1 { return (l.full, ink, ink) }
        return (mask, ink, paper)
    }

    /// Whether a cell whose dither gave entry `minority` no sub-pixel keeps one anyway: its
    /// share is worth half a sub-pixel (`dots`), or 0.15 of one and it alone carries the
    /// hue, or (16 colours) the other entry is the background's.
    @inline(__always)
    func keepsOne(_ dots: Float, of minority: Int, over majority: Int, target: Vec3, background: CellColor) -> Bool {
        if dots >= 0.5 { return true }
        if colors == .ansi16 && background == .indexed(UInt8(majority)) { return true }
        return dots >= 0.15 && carriesHue(minority, of: target, over: majority)
    }

    /// Whether entry `ink` brings the hue of `target` (linear) that entry `paper` lacks: the
    /// target has a hue (`hasHue`) and the ink carries more of it (`carriesHue(_:over:)`; the
    /// Earth's deep ocean: navy ink on a near-black grey).
    @inline(__always)
    func carriesHue(_ ink: Int, of target: Vec3, over paper: Int) -> Bool {
        carriesHue(ink, over: paper) && hasHue(target)
    }

    /// Whether entry `ink`'s chroma is more than twice entry `paper`'s.
    @inline(__always)
    func carriesHue(_ ink: Int, over paper: Int) -> Bool { paletteChroma[ink] > 2 * paletteChroma[paper] }

    /// Whether a linear colour has a hue: CIELAB chroma at least 4.
    @inline(__always)
    func hasHue(_ c: Vec3) -> Bool { hasHue(lab: CIELAB.lab(linear: c)) }

    /// Whether a Lab colour has a hue: chroma at least 4.
    @inline(__always)
    func hasHue(lab: Vec3) -> Bool { lab.y * lab.y + lab.z * lab.z >= 16 }
}
