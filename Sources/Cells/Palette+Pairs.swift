import Dispatch
import Foundation
import SceneGraph

/// Dither pairs: for the 256- and 16-colour depths a colour is drawn as a mix of two palette
/// entries, the nearest one (`nearest256` / `nearest16`) and a partner chosen so that the
/// straight line between them in linear light passes as close to the colour as possible.
/// The share of the partner (`mix`) then follows from the colour itself, so smooth shading
/// and dark saturated colours (the Earth's navy ocean: black and sRGB 0, 0, 95 mixed about
/// 9 to 1) keep both their lightness and their hue when the two are dithered.
extension Palette {
    /// Linear-light colour of every palette entry (xterm defaults).
    public static let linear: [SIMD3<Float>] = table.map {
        SIMD3(SRGB.toLinear[Int($0.x)], SRGB.toLinear[Int($0.y)], SRGB.toLinear[Int($0.z)])
    }

    /// The share (0...1) of `partner` in the mix of `nearest` and `partner` that comes
    /// closest to the linear colour `c`.
    @inline(__always)
    public static func mix(_ c: SIMD3<Float>, nearest: SIMD3<Float>, partner: SIMD3<Float>) -> Float {
        let axis = partner - nearest
        let length = (axis * axis).sum()
        guard length > 0 else { return 0 }
        return min(max(((c - nearest) * axis).sum() / length, 0), 1)
    }

    /// Bin (5 bits per channel, `pairBin256`) -> the dither pair (nearest, partner) for that
    /// bin's centre (see the extension's discussion): baked (Palette+Baked.swift) from
    /// `computePairs256`. The share of the partner is computed per pixel; the pair is the
    /// bin's. 4 bits per channel were too coarse for dark colours, where one bin spans
    /// colours that want different pairs: sRGB 6, 18, 43 (the Earth's ocean) was drawn from
    /// its bin centre's grey and a sparse teal instead of its own navy and grey.
    static let pairs256: [SIMD2<UInt8>] =
        Baked.pairs(Baked.pairs256, count: 32 * 32 * 32) ?? computePairs256()

    /// Exact greys -> their dither pair: baked from `computeGreyPairs256`.
    static let greyPairs256: [SIMD2<UInt8>] = Baked.pairs(Baked.greyPairs256, count: 256) ?? computeGreyPairs256()

    /// Coarse bin -> the dither pair among the 16 colours for the lifted colour (`lift16`);
    /// always two different entries where any mix moves toward the colour, so that a dark
    /// surface drawn in black on black still has a colour for its outline. Baked from
    /// `computePairs16`.
    static let pairs16: [SIMD2<UInt8>] = Baked.pairs(Baked.pairs16, count: 16 * 16 * 16) ?? computePairs16()

    /// `pairs256` by a full search on every core (32,768 bins: about 0.4 s on two cores in a
    /// release build).
    static func computePairs256() -> [SIMD2<UInt8>] {
        pairs(bins: 32 * 32 * 32, candidates: 16..<256, protectsHue: true) { pairBin256CentreLinear($0) }
    }

    /// `greyPairs256` by a full search.
    static func computeGreyPairs256() -> [SIMD2<UInt8>] {
        pairs(bins: 256, candidates: 16..<256) { SIMD3(repeating: SRGB.toLinear[$0]) }
    }

    /// `pairs16` by a full search.
    static func computePairs16() -> [SIMD2<UInt8>] {
        pairs(bins: 16 * 16 * 16, candidates: 0..<16, alwaysPartner: true) { lifted16Linear(pairBinCentre($0)) }
    }

    /// The coarse table index of an sRGB colour (`pairs16`): 4 bits per channel.
    @inline(__always)
    public static func pairBin(r: Int, g: Int, b: Int) -> Int { (r >> 4) << 8 | (g >> 4) << 4 | b >> 4 }

    /// The table index of an sRGB colour in `pairs256`: 5 bits per channel.
    @inline(__always)
    public static func pairBin256(r: Int, g: Int, b: Int) -> Int { (r >> 3) << 10 | (g >> 3) << 5 | b >> 3 }

    /// Linear colour of `pairs256` bin `i`'s centre.
    static func pairBin256CentreLinear(_ i: Int) -> SIMD3<Float> {
        let s = (SIMD3<Float>(Float(i >> 10 & 31), Float(i >> 5 & 31), Float(i & 31)) * 8 + 3.5) / 255
        return SIMD3(SRGB.decode(s.x), SRGB.decode(s.y), SRGB.decode(s.z))
    }

    /// The sRGB centre (0...255) of coarse bin `i`.
    static func pairBinCentre(_ i: Int) -> SIMD3<Float> {
        SIMD3<Float>(Float(i >> 8 & 15), Float(i >> 4 & 15), Float(i & 15)) * 16 + 7.5
    }

    /// The linear colour of an sRGB colour (0...255 floats) after the 16-colour lift.
    static func lifted16Linear(_ srgb255: SIMD3<Float>) -> SIMD3<Float> {
        let l = lift16(srgb255 / 255)
        return SIMD3(SRGB.decode(l.x), SRGB.decode(l.y), SRGB.decode(l.z))
    }

    /// The pair of every bin, `target` giving each bin's linear colour; bins are split over
    /// the cores (each writes its own entries).
    private static func pairs(
        bins: Int, candidates: Range<Int>, alwaysPartner: Bool = false, protectsHue: Bool = false,
        target: (Int) -> SIMD3<Float>
    ) -> [SIMD2<UInt8>] {
        var out = [SIMD2<UInt8>](repeating: .zero, count: bins)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let shared = buffer
            let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
            withoutActuallyEscaping(target) { target in
                nonisolated(unsafe) let target = target
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for i in (bins * chunk / chunks)..<(bins * (chunk + 1) / chunks) {
                        shared[i] = pair(
                            for: target(i), candidates: candidates, alwaysPartner: alwaysPartner,
                            protectsHue: protectsHue)
                    }
                }
            }
        }
        return out
    }

    /// How many of the entries nearest to a colour are tried as the first of its pair.
    static let pairFirsts = 4

    /// How much the visibility of a dither counts against its accuracy when choosing a
    /// partner (see `partner(of:for:candidates:)`).
    static let ditherVisibility: Float = 0.15
    /// How much more an error in hue and chroma (a*, b*) counts than one in lightness when
    /// choosing a partner: hue is protected, a dark navy stays blue rather than grey.
    static let hueWeight: Float = 2

    /// Lab colour of every palette entry.
    static let labs: [SIMD3<Float>] = table.map { CIELAB.lab(srgb: $0) }
    /// `labs` turned to OKLab's hue (`okHued`), for the hue-protected search.
    static let okHuedLabs: [SIMD3<Float>] = zip(labs, linear).map { okHued($0, linear: $1) }

    /// CIELAB's f(t) at t = i / 16383 (`fastLab`).
    static let labCurve: [Float] = (0..<16384).map { i in
        let t = Float(i) / 16383
        return t > 216.0 / 24389.0 ? Float(cbrt(Double(t))) : (24389.0 / 27.0 * t + 16) / 116
    }

    /// L*, a*, b* of a linear colour in 0...1 through `labCurve` (for table building: within
    /// about 0.3 of `CIELAB.lab`).
    @inline(__always)
    static func fastLab(_ c: SIMD3<Float>, curve: UnsafeBufferPointer<Float>) -> SIMD3<Float> {
        let x = (0.4124564 * c.x + 0.3575761 * c.y + 0.1804375 * c.z) / 0.95047
        let y = 0.2126729 * c.x + 0.7151522 * c.y + 0.0721750 * c.z
        let z = (0.0193339 * c.x + 0.1191920 * c.y + 0.9503041 * c.z) / 1.08883
        @inline(__always) func f(_ t: Float) -> Float { curve[Int(min(max(t, 0), 1) * 16383 + 0.5)] }
        let fx = f(x)
        let fy = f(y)
        let fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The dither pair for linear colour `c`: of the `pairFirsts` entries nearest to it
    /// (CIELAB with a* and b* weighted by `hueWeight`) and every partner, the two whose mix
    /// shows `c` best.
    ///
    /// "Best" adds two costs in units of squared CIELAB distance: how far the mix's mean is
    /// from `c` (a* and b* weighted by `hueWeight`), and how visible the dither is,
    /// `ditherVisibility` * sqrt(a (1 - a)) * deltaE(first, partner)^2 (with `protectsHue`,
    /// `seenContrast` in place of deltaE^2: dark chroma differences count less) for a share `a` of the
    /// partner (the square root makes sparse bright dots count: a colour a hundredth of the
    /// way to a far entry is not worth dotting). Among exact mixes (every pair of greys is
    /// exact for the greys between them) the closest partner wins. A single entry is a pair
    /// of two equal ones, unless `alwaysPartner`: then the mix of least error, however
    /// visible, gives the partner. With `protectsHue` (256 colours) dark colours keep their
    /// hue at the scale of a cell, and hue angles are OKLab's (`okHued`; Palette+Hue.swift).
    static func pair(
        for c: SIMD3<Float>, candidates: Range<Int>, alwaysPartner: Bool = false,
        protectsHue: Bool = false
    ) -> SIMD2<UInt8> {
        let weight = SIMD3<Float>(1, hueWeight, hueWeight)
        // Without hue protection: squared distance with a* and b* weighted.
        @inline(__always) func plain(_ want: SIMD3<Float>, _ got: SIMD3<Float>) -> Float {
            let e = want - got
            return (e * e * weight).sum()
        }
        @inline(__always) func error(_ want: SIMD3<Float>, _ got: SIMD3<Float>) -> Float {
            protectsHue ? huedError(want, got) : plain(want, got)
        }
        @inline(__always) func loss(_ want: SIMD3<Float>, _ got: SIMD3<Float>) -> Float {
            protectsHue ? hueLoss(want, got) : 0
        }
        @inline(__always) func seen(_ p: SIMD3<Float>, _ q: SIMD3<Float>) -> Float {
            protectsHue ? seenContrast(p, q) : ((p - q) * (p - q)).sum()
        }
        return labCurve.withUnsafeBufferPointer { curve in
            (protectsHue ? okHuedLabs : labs).withUnsafeBufferPointer { labs in
                linear.withUnsafeBufferPointer { lin in
                    @inline(__always) func toLab(_ c: SIMD3<Float>) -> SIMD3<Float> {
                        let lab = fastLab(c, curve: curve)
                        return protectsHue ? okHued(lab, linear: c) : lab
                    }
                    let want = toLab(c)
                    // The nearest few, by insertion into a short sorted list.
                    var firsts = [(d: Float, k: Int)](repeating: (.infinity, candidates.lowerBound), count: pairFirsts)
                    for k in candidates {
                        let d = error(want, labs[k]) + loss(want, labs[k])
                        guard d < firsts[pairFirsts - 1].d else { continue }
                        var j = pairFirsts - 1
                        while j > 0 && firsts[j - 1].d > d {
                            firsts[j] = firsts[j - 1]
                            j -= 1
                        }
                        firsts[j] = (d, k)
                    }
                    var best = SIMD2(UInt8(firsts[0].k), UInt8(firsts[0].k))
                    var bestD = firsts[0].d
                    for (_, first) in firsts where first < lin.count {
                        let p = lin[first]
                        let e = c - p
                        let lab = labs[first]
                        for k in candidates where k != first {
                            let axis = lin[k] - p
                            let length = (axis * axis).sum()
                            let t = (e * axis).sum()
                            guard t > 0, length > 0 else { continue }
                            let a = min(t / length, 1)
                            let visibility = ditherVisibility * (a * (1 - a)).squareRoot() * seen(lab, labs[k])
                            guard visibility < bestD else { continue }
                            let majority = a > 0.5 ? labs[k] : lab
                            let d = error(want, toLab(p + axis * a)) + visibility + loss(want, majority)
                            if d < bestD {
                                bestD = d
                                best = SIMD2(UInt8(first), UInt8(k))
                            }
                        }
                    }
                    if alwaysPartner && best.x == best.y {
                        let first = Int(best.x)
                        let p = lin[first]
                        var leastD = Float.infinity
                        for k in candidates where k != first {
                            let axis = lin[k] - p
                            let length = (axis * axis).sum()
                            let t = ((c - p) * axis).sum()
                            guard t > 0, length > 0 else { continue }
                            let d = error(want, toLab(p + axis * min(t / length, 1)))
                            if d < leastD {
                                leastD = d
                                best.y = UInt8(k)
                            }
                        }
                    }
                    return best
                }
            }
        }
    }
}
