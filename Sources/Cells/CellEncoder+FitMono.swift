import Math3D

extension CellEncoder {
    /// Luminance band around a dither threshold in which a monochrome sub-pixel keeps its
    /// previous state.
    static let monoBand: Float = 0.04

    /// Without colour: a covered sub-pixel is inked when its linear luminance passes a 4x4
    /// Bayer threshold anchored to the screen; a covered cell with no inked sub-pixel inks
    /// its brightest one. Hysteresis: a sub-pixel within `monoBand` of its threshold keeps
    /// last frame's state (`previousMask`, 0 for none); an all-dark cell keeps last frame's
    /// single dot.
    @inline(__always)
    func monoMask(
        _ px: UnsafeMutablePointer<Vec3>, _ s: CellSample, column col: Int, row: Int, previousMask pm: Int,
        _ l: FitLayout
    ) -> Int {
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        var mask = 0
        var brightest = -1
        var brightestL = -Float.infinity
        for b in 0..<l.n where s.covered & (1 << b) != 0 {
            let lum = dot(px[b], luma)
            let t = CellEncoder.threshold(col * l.sx + b % l.sx, row * l.sy + b / l.sx)
            let on = pm != 0 && abs(lum - t) < CellEncoder.monoBand ? pm & (1 << b) != 0 : lum > t
            if on { mask |= 1 << b }
            if lum > brightestL {
                brightestL = lum
                brightest = b
            }
        }
        if mask == 0 {
            mask = pm != 0 && pm.nonzeroBitCount == 1 && pm & s.covered != 0 ? pm : 1 << brightest
        }
        return mask
    }

    /// Without colour, a cell whose sub-pixels are all covered: the shade glyph (`░ ▒ ▓ █`)
    /// of its mean perceived lightness (the linear luminance gamma-encoded, gamma 2), as
    /// half blocks draw it, so dark oceans and lit land differ. Hysteresis: within
    /// `monoBand` of its interval, the `previous` glyph (last frame's) stays.
    @inline(__always)
    func shade(_ px: UnsafeMutablePointer<Vec3>, _ l: FitLayout, previous: Unicode.Scalar?) -> Unicode.Scalar {
        let luma = Vec3(0.2126, 0.7152, 0.0722)
        var sum: Float = 0
        for b in 0..<l.n { sum += dot(px[b], luma) }
        let perceived = max(0, sum / Float(l.n)).squareRoot()
        if let p = previous, let k = CellEncoder.shades.firstIndex(of: p),
            perceived >= Float(k) / 4 - CellEncoder.monoBand, perceived < Float(k + 1) / 4 + CellEncoder.monoBand
        {
            return p
        }
        return CellEncoder.shades[min(3, Int(perceived * 4))]
    }
}
