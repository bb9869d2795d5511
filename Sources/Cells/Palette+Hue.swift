import Foundation

/// Hue protection for the 256-colour dither pairs (`Palette.pair(for:candidates:protectsHue:)`).
///
/// The palette has few dark colours with a hue: between black and navy (sRGB 0, 0, 95) there
/// is nothing blue, so a plain CIELAB search draws the Earth's deep ocean (sRGB about 0, 16,
/// 48) as a near-black grey dotted with a sparse bright blue. The mean is right, but the eye
/// sees grey cells and a lattice of dots. For dark colours (`protection`) two terms keep the
/// hue at the scale of a cell:
/// - a mix that is more saturated than the colour costs less than one that is greyer
///   (`chromaGainWeight`): navy for a dark blue is a smaller fault than grey;
/// - the entry that covers most of the mix (what most cells show) pays for the hue it
///   lacks (`hueLoss`, weighted by `hueProtection`).
/// Lighter colours, where the palette's cube is dense, are chosen as without protection.
/// Throughout, a colour's hue angle is OKLab's (`okHued`): CIELAB sees the palette's only dark
/// blue, navy, as a purple next to the ocean's blue, and drew the ocean from greys instead.
extension Palette {
    /// How much a chroma excess (the mix more saturated than the colour) counts against a
    /// chroma deficit of the same size (which counts `hueWeight`), for fully protected
    /// colours of chroma `chromaForGain` or more; greyer colours get less of the discount (a
    /// grey gets none, so greys stay grey).
    static let chromaGainWeight: Float = 0.25
    /// The CIELAB chroma from which a colour gets the whole `chromaGainWeight` discount.
    static let chromaForGain: Float = 16
    /// Weight of the majority entry's `hueLoss` in a pair's cost, for fully protected colours.
    static let hueProtection: Float = 2
    /// CIELAB lightness up to which a colour is fully protected; protection fades to none at
    /// `protectedLightness + protectionFade`.
    static let protectedLightness: Float = 20
    static let protectionFade: Float = 15

    /// How much of the hue protection a colour (Lab) gets: 1 when dark, fading to 0.
    @inline(__always)
    static func protection(_ want: SIMD3<Float>) -> Float {
        min(max((protectedLightness + protectionFade - want.x) / protectionFade, 0), 1)
    }

    /// CIELAB chroma of a Lab colour.
    @inline(__always)
    static func chroma(_ lab: SIMD3<Float>) -> Float { (lab.y * lab.y + lab.z * lab.z).squareRoot() }

    /// Squared error of `got` for `want` (both Lab) with hue and chroma weighted by
    /// `hueWeight`, where a chroma excess of a protected colour counts less
    /// (`chromaGainWeight`).
    @inline(__always)
    static func huedError(_ want: SIMD3<Float>, _ got: SIMD3<Float>) -> Float {
        let e = want - got
        let ab = e.y * e.y + e.z * e.z
        let cw = chroma(want)
        let dc = chroma(got) - cw
        let dh2 = max(0, ab - dc * dc)
        let discount = protection(want) * min(cw / chromaForGain, 1) * (1 - chromaGainWeight)
        return e.x * e.x + hueWeight * (dh2 + (dc > 0 ? 1 - discount : 1) * dc * dc)
    }

    /// What `got` lacks of `want`'s hue (both Lab), times the colour's `protection` and
    /// `hueProtection`: the squared CIELAB hue difference plus the squared chroma deficit (a
    /// greyer entry loses hue; a more saturated one does not).
    @inline(__always)
    static func hueLoss(_ want: SIMD3<Float>, _ got: SIMD3<Float>) -> Float {
        let e = want - got
        let cw = chroma(want)
        let cg = chroma(got)
        let dc = cw - cg
        let lost = max(0, e.y * e.y + e.z * e.z - dc * dc) + max(0, dc) * max(0, dc)
        return hueProtection * protection(want) * lost
    }

    /// The lightness from which a chroma difference between two dithered entries is seen in
    /// full; below it, it is seen in proportion to the lighter entry's lightness.
    static let chromaSeenLightness: Float = 50

    /// How visible a dither of two entries (Lab) is, as a squared distance: the lightness and
    /// hue differences in full, the chroma difference scaled by the lighter entry's lightness
    /// over `chromaSeenLightness` (squared). CIELAB overstates how much more colourful one
    /// dark colour is than another: navy dots on black are far less visible than lavender
    /// ones, although their CIELAB distance is larger. A difference in hue (magenta dots on
    /// olive) is not discounted.
    @inline(__always)
    static func seenContrast(_ p: SIMD3<Float>, _ q: SIMD3<Float>) -> Float {
        let d = p - q
        let dc = chroma(p) - chroma(q)
        let dh2 = max(0, d.y * d.y + d.z * d.z - dc * dc)
        let s = min(max(p.x, q.x) / chromaSeenLightness, 1)
        return d.x * d.x + dc * dc * s * s + dh2
    }
}

extension Palette {
    /// OKLab's hue angle (radians) of a linear colour, and whether it has one (OKLab chroma
    /// above 1e-4).
    @inline(__always)
    static func okHue(_ c: SIMD3<Float>) -> Float? {
        let (a, b) = okAB(c)
        return a * a + b * b > 1e-8 ? Float(atan2(Double(b), Double(a))) : nil
    }

    /// OKLab's a and b (green-red and blue-yellow axes) of a linear colour.
    @inline(__always)
    static func okAB(_ c: SIMD3<Float>) -> (a: Float, b: Float) {
        let lms = SIMD3<Float>(
            0.4122214708 * c.x + 0.5363325363 * c.y + 0.0514459929 * c.z,
            0.2119034982 * c.x + 0.6806995451 * c.y + 0.1073969566 * c.z,
            0.0883024619 * c.x + 0.2817188376 * c.y + 0.6299787005 * c.z)
        let l = Float(cbrt(Double(max(lms.x, 0))))
        let m = Float(cbrt(Double(max(lms.y, 0))))
        let s = Float(cbrt(Double(max(lms.z, 0))))
        return (
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// A CIELAB colour turned to OKLab's hue: the same L* and chroma, the hue angle of the
    /// linear colour `c` in OKLab. CIELAB bends dark blues toward purple (sRGB 0, 0, 95 has
    /// hue 306 degrees against 284 for the Earth's ocean, although both are seen as the same
    /// blue); OKLab keeps a hue along the blue primary (264 degrees for both). Distances
    /// between such colours weigh lightness and chroma as CIELAB does and hue as it is seen.
    @inline(__always)
    static func okHued(_ lab: SIMD3<Float>, linear c: SIMD3<Float>) -> SIMD3<Float> {
        guard let h = okHue(c) else { return lab }
        let chroma = chroma(lab)
        return SIMD3(lab.x, chroma * Float(cos(Double(h))), chroma * Float(sin(Double(h))))
    }
}

extension Palette {
    /// Whether each entry is a purple or lavender (OKLab hue 276 to 345 degrees, OKLab chroma
    /// above 0.03): sRGB 95, 95, 135 and its kin, which read as violet next to the ocean's blue.
    static let purple: [Bool] = linear.map { c in
        guard let h = okHue(c) else { return false }
        let (a, b) = okAB(c)
        var degrees = h * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return (a * a + b * b).squareRoot() > 0.03 && degrees > 276 && degrees < 345
    }
}
