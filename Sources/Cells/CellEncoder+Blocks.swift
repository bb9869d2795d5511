import Foundation
import Math3D
import Raster

extension CellEncoder {
    /// Shades for a fully covered half-block cell without colour, lightest to darkest.
    static let shades: [Unicode.Scalar] = ["\u{2591}", "\u{2592}", "\u{2593}", "\u{2588}"]

    /// `blocks`: `▀` with the top pixel as foreground and the bottom one as background, exact.
    ///
    /// Uncovered halves: with `transparent`, a lone top pixel is `▀` and a lone bottom pixel
    /// `▄` over the default background; otherwise the uncovered half shows the background
    /// colour the framebuffer holds there. Without colour the shape is kept with `▀ ▄`, and a
    /// fully covered cell shades `░ ▒ ▓ █` by mean linear luminance.
    func encodeBlocks(
        _ f: Frame, rows: Range<Int>, out: UnsafeMutableBufferPointer<Cell>, shape: UnsafeMutableBufferPointer<UInt8>
    ) {
        let fb = f.fb
        let w = fb.width
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        let top: Unicode.Scalar = "\u{2580}"
        let bottom: Unicode.Scalar = "\u{2584}"
        let layout = FitLayout(sx: 1, sy: 2, tolerance: glyphTolerance)
        // A cell's two pixels for `keeps`.
        withUnsafeTemporaryAllocation(of: Vec3.self, capacity: 2) { scratch in
            guard let pixels = scratch.baseAddress else { return }
            fb.color.withUnsafeBufferPointer { color in
                fb.coverage.withUnsafeBufferPointer { cov in
                    for row in rows {
                        for col in 0..<f.columns {
                            let i = row * f.columns + col
                            let p = 2 * row * w + col
                            let t = cov[p] != 0
                            let b = cov[p + w] != 0
                            shape[i] = (t ? 1 : 0) | (b ? 2 : 0)
                            if !t && !b {
                                out[i] = Cell(glyph: " ", fg: .default, bg: f.background)
                                continue
                            }
                            if colors == .none {
                                if t && b {
                                    // The shade glyph by perceived lightness (the luma
                                    // gamma-encoded, gamma 2), so dark oceans and lit land differ.
                                    let l = (dot(color[p], luma) + dot(color[p + w], luma)) / 2
                                    let perceived = max(0, l).squareRoot()
                                    out[i] = Cell(glyph: CellEncoder.shades[min(3, Int(perceived * 4))])
                                } else {
                                    out[i] = Cell(glyph: t ? top : bottom)
                                }
                                continue
                            }
                            if colors == .ansi256 || colors == .ansi16 {
                                let previous: Cell? = f.hasHistory ? out[i] : nil
                                let cell = ditheredBlock(
                                    top: t ? color[p] : nil, bottom: b ? color[p + w] : nil,
                                    uncovered: transparent ? nil : f.fb.background, column: col, row: row,
                                    previous: previous, background: f.background)
                                if let previous, keepTolerance > 0, previous.glyph == top, cell.glyph == top {
                                    pixels[0] = t ? color[p] : f.fb.background
                                    pixels[1] = b ? color[p + w] : f.fb.background
                                    let new = (mask: 1, fg: cell.fg, bg: cell.bg)
                                    let total = pixels[0] + pixels[1]
                                    if keeps(previous, previousMask: 1, over: new, pixels, total: total, layout) {
                                        continue
                                    }
                                }
                                out[i] = cell
                                continue
                            }
                            let previous: Cell? = f.hasHistory ? out[i] : nil
                            let d = ditherOffset(column: col, row: row)
                            if transparent && !(t && b) {
                                let c = t ? color[p] : color[p + w]
                                // Compare with last frame's ink only if it drew the same half.
                                let same = previous?.glyph == (t ? top : bottom)
                                out[i] = Cell(
                                    glyph: t ? top : bottom,
                                    fg: quantize(c, previous: same ? previous?.fg : nil, dither: d), bg: .default)
                            } else {
                                let same = previous?.glyph == top
                                let fg = quantize(color[p], previous: same ? previous?.fg : nil, dither: d)
                                let bg = quantize(color[p + w], previous: same ? previous?.bg : nil, dither: d)
                                out[i] = Cell(glyph: top, fg: fg, bg: bg)
                            }
                        }
                    }
                }
            }
        }
    }

    /// A half-block cell in 256 or 16 colours: each covered pixel dithered on its own
    /// (`ditheredIndex` at its screen position, with last frame's choice in `previous`). An
    /// uncovered half shows `uncovered` (the framebuffer's background colour, dithered
    /// alike), or with `nil` the terminal's default background (`transparent`). In 16 colours
    /// a covered cell never shows only `background`: if both halves came out as it, a covered
    /// pixel takes the other entry of its pair, so dark surfaces keep their outline.
    @inline(__always)
    func ditheredBlock(
        top: Vec3?, bottom: Vec3?, uncovered: Vec3?, column col: Int, row: Int, previous: Cell?,
        background: CellColor
    ) -> Cell {
        let upper: Unicode.Scalar = "\u{2580}"
        let lower: Unicode.Scalar = "\u{2584}"
        let none: Dithered = (-1, -Float.infinity, -1, 0)
        // Last frame's index of each half (a lone lower half was drawn as `▄` in fg).
        var before = (-1, -1)
        if let p = previous, case .indexed(let f) = p.fg {
            if p.glyph == upper {
                before = (Int(f), -1)
                if case .indexed(let g) = p.bg { before.1 = Int(g) }
            }
            if p.glyph == lower { before = (-1, Int(f)) }
        }
        if colors == .ansi256, let top, let bottom,
            let blue = blueCell(top: top, bottom: bottom, column: col, row: row, lavender: false)
        {
            return Cell(glyph: upper, fg: .indexed(UInt8(blue.top)), bg: .indexed(UInt8(blue.bottom)))
        }
        var t = (top ?? uncovered).map { ditheredIndex($0, x: col, y: 2 * row, previous: before.0) } ?? none
        var b = (bottom ?? uncovered).map { ditheredIndex($0, x: col, y: 2 * row + 1, previous: before.1) } ?? none
        if colors == .ansi16, case .indexed(let paper) = background {
            let p = Int(paper)
            let topShowsPaper = top == nil || t.index == p
            let bottomShowsPaper = bottom == nil || b.index == p
            let topCan = top != nil && t.other != p
            let bottomCan = bottom != nil && b.other != p
            if topShowsPaper && bottomShowsPaper && (topCan || bottomCan) {
                if topCan && (!bottomCan || t.margin >= b.margin) { t.index = t.other } else { b.index = b.other }
            }
        }
        if colors == .ansi256, let top, let bottom {
            keepHue(&t, &b, top: top, bottom: bottom)
            if Palette.purple[t.index] || Palette.purple[b.index],
                let blue = blueCell(top: top, bottom: bottom, column: col, row: row, lavender: true)
            {
                t.index = blue.top
                b.index = blue.bottom
            }
        }
        if t.index < 0 { return Cell(glyph: lower, fg: .indexed(UInt8(max(b.index, 0))), bg: .default) }
        if b.index < 0 { return Cell(glyph: upper, fg: .indexed(UInt8(t.index)), bg: .default) }
        return Cell(glyph: upper, fg: .indexed(UInt8(t.index)), bg: .indexed(UInt8(b.index)))
    }

    /// The share of a sub-pixel (0...2 for the two halves) from which a dark half-block cell
    /// shows the entry that carries its hue (`keepHue`).
    static let blockHueDots: Float = 0.3

    /// The hue rule of `ditheredCell` for a covered half-block cell at 256 colours. A cell is
    /// only two sub-pixels, each dithered on its own, so a dark blue mixed from a grey and a
    /// sparse navy shows most cells grey. When neither half shows an entry with more than
    /// twice the chroma of its pair's other entry, although the halves' shares of such an
    /// entry add up to `blockHueDots` or more, and the cell's colour is dark (CIELAB L* below
    /// `Palette.protectedLightness + Palette.protectionFade`) with a hue (chroma 4 or more),
    /// the half with the larger share shows it. The choice depends on the pixels only, so a
    /// paused frame is drawn the same every time.
    @inline(__always)
    func keepHue(_ t: inout Dithered, _ b: inout Dithered, top: Vec3, bottom: Vec3) {
        if carriesHue(t.index, over: t.other) || carriesHue(b.index, over: b.other) { return }
        let tCan = carriesHue(t.other, over: t.index)
        let bCan = carriesHue(b.other, over: b.index)
        guard (tCan ? t.share : 0) + (bCan ? b.share : 0) >= CellEncoder.blockHueDots else { return }
        let lab = CIELAB.lab(linear: ditherTarget((top + bottom) * 0.5))
        guard lab.x < Palette.protectedLightness + Palette.protectionFade, hasHue(lab: lab) else { return }
        if tCan && (!bCan || t.share >= b.share) {
            swap(&t.index, &t.other)
        } else {
            swap(&b.index, &b.other)
        }
    }

    /// The CIELAB lightness from which a dark blue half-block cell is drawn as a cell
    /// (`blueCell`). Below it (the night side and the deepest ocean, sRGB about 2, 6, 21,
    /// L* 2) the palette's least blue cell, black over navy, is some 30 delta E from the
    /// colour; drawing those cells blue too (a floor of 0) brings the Earth's hue score at
    /// 80x24 to 0.94 but its blurred error from 3.95 to 4.70 (docs/PERFORMANCE.md, "Half-block
    /// cells that stay blue").
    static let blockBlueFloor: Float = 4

    /// Whether a Lab colour is blue as `CellGrid.hueScore` counts it: chroma 4 or more and a
    /// CIELAB hue angle of 220 to 320 degrees.
    @inline(__always)
    static func isBlue(lab: Vec3) -> Bool {
        guard lab.y * lab.y + lab.z * lab.z >= 16 else { return false }
        var hue = atan2(lab.z, lab.y) * 180 / .pi
        if hue < 0 { hue += 360 }
        return hue >= 220 && hue <= 320
    }

    /// A half-block cell of two entries whose mean is blue (`isBlue`): the more colourful
    /// entry, the other one, and the mean in CIELAB.
    typealias BlueHalves = (hue: Int, other: Int, lab: Vec3)

    /// Every `BlueHalves` of black, the greys 232 to 255 and the blues from navy to steel blue
    /// (sRGB 0, 0, 95 to 95, 135, 215, with teal 0, 95, 95 and grey-cyan 95, 135, 135; no
    /// lavender or purple), by increasing lightness.
    static let blueHalves: [BlueHalves] = {
        var out: [BlueHalves] = []
        let entries = [16, 17, 18, 19, 23, 24, 25, 59, 66, 67, 68] + Array(232..<256)
        for (n, a) in entries.enumerated() {
            for b in entries[n...] {
                let lab = CIELAB.lab(linear: (Palette.linear[a] + Palette.linear[b]) * 0.5)
                guard isBlue(lab: lab) else { continue }
                let aMore = Palette.chroma(Palette.labs[a]) >= Palette.chroma(Palette.labs[b])
                out.append((aMore ? a : b, aMore ? b : a, lab))
            }
        }
        return out.sorted { $0.lab.x < $1.lab.x }
    }()

    /// The `blueHalves` nearest a Lab colour (CIELAB delta E), searched outward from its
    /// lightness until the lightness difference alone exceeds the best distance.
    static func nearestBlueHalves(_ lab: Vec3) -> BlueHalves? {
        let halves = blueHalves
        var lo = 0
        var hi = halves.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if halves[mid].lab.x < lab.x { lo = mid + 1 } else { hi = mid }
        }
        var best = -1
        var bestD = Float.infinity
        var down = lo - 1
        var up = lo
        while down >= 0 || up < halves.count {
            let dDown = down >= 0 ? lab.x - halves[down].lab.x : .infinity
            let dUp = up < halves.count ? halves[up].lab.x - lab.x : .infinity
            let k = dDown < dUp ? down : up
            let dl = min(dDown, dUp)
            if dl * dl >= bestD { break }
            let e = halves[k].lab - lab
            let d = (e * e).sum()
            if d < bestD {
                bestD = d
                best = k
            }
            if k == down { down -= 1 } else { up += 1 }
        }
        return best >= 0 ? halves[best] : nil
    }

    /// The blue rule of half blocks at 256 colours, per cell: the entries of a covered cell
    /// (`top`, `bottom`: its two pixels) that is drawn as a whole, or nil where its pixels are
    /// dithered on their own. A cell whose colour (the mean of its pixels) is a dark blue
    /// (CIELAB L* from `blockBlueFloor` up to `Palette.protectedLightness +
    /// Palette.protectionFade`, blue as `isBlue`: the Earth's lit ocean and the sun's highlight
    /// on it) is drawn as the `BlueHalves` nearest its colour: every such cell reads blue,
    /// none shows lavender, and the area's mean stays close (a rule applied only to the cells
    /// whose dither came out grey left the others' navy in place and raised the blurred
    /// error). With `lavender` (the cell's dither showed a lavender, `Palette.purple`), any
    /// blue darker than L* 35 is drawn so. Left to the dither: edges (pixels not both blue and
    /// `edgeContrast` or more apart: a blue sphere's rim on grey), and colours whose dither
    /// pair is two blues (a shaded blue sphere), which keep every cell blue as they are. The
    /// more colourful entry goes to the bluer pixel, or where both are alike to the top and
    /// the bottom half in turn along a checkerboard. The choice depends on the pixels and the
    /// cell's place only, so a paused frame is drawn the same every time.
    @inline(__always)
    func blueCell(top: Vec3, bottom: Vec3, column col: Int, row: Int, lavender: Bool) -> (top: Int, bottom: Int)? {
        let mean = ditherTarget((top + bottom) * 0.5)
        // Necessary for a blue darker than L* 35, without the cube roots: luminance below
        // 0.0851 and CIELAB b* below 0 (normalised Z above Y).
        let y = dot(mean, Vec3(0.2126729, 0.7151522, 0.0721750))
        guard y < 0.0851, dot(mean, Vec3(0.0193339, 0.1191920, 0.9503041)) / 1.08883 > y else { return nil }
        let lab = CIELAB.lab(linear: mean)
        guard lab.x < Palette.protectedLightness + Palette.protectionFade else { return nil }
        if !lavender {
            guard lab.x >= CellEncoder.blockBlueFloor, CellEncoder.isBlue(lab: lab) else { return nil }
            let pair = ditherPair(mean)
            if blueEntry[pair.nearest] && blueEntry[pair.partner] { return nil }
        }
        let topLab = CIELAB.lab(linear: ditherTarget(top))
        let bottomLab = CIELAB.lab(linear: ditherTarget(bottom))
        guard
            CellEncoder.isBlue(lab: topLab) && CellEncoder.isBlue(lab: bottomLab)
                || CIELAB.deltaE(topLab, bottomLab) < edgeContrast,
            let chosen = CellEncoder.nearestBlueHalves(lab)
        else { return nil }
        let blueness = (top.z - max(top.x, top.y)) - (bottom.z - max(bottom.x, bottom.y))
        let topHue = abs(blueness) > 0.004 ? blueness > 0 : (col + row) & 1 == 0
        return topHue ? (chosen.hue, chosen.other) : (chosen.other, chosen.hue)
    }
}
