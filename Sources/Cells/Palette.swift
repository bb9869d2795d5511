import SceneGraph

/// The xterm 256-colour palette and nearest-colour choice for the 256- and 16-colour depths.
///
/// 256: the nearest of the cube (levels 0, 95, 135, 175, 215, 255) and the grey ramp (8, 18,
/// ..., 238) in CIELAB, which gives the best perceived error (docs/TERMINAL.md), with the
/// target's chroma (a, b) weighted by `chromaWeight256` (1.5): the cube's darkest colours
/// are far apart (0 then 95), so plain nearest-in-Lab turns every dark saturated colour
/// (the Earth's navy oceans, a forest's dark green) into a grey; weighting chroma keeps the
/// hue at a small cost in lightness. Quantizing is one load from a 32x32x32 table made by
/// brute force at each bin's centre, plus a 256-entry table for exact greys (unaffected: a
/// grey has no chroma); both are baked into the binary (Palette+Baked.swift).
///
/// 16: a saturation and contrast lift first (the standard colours are all vivid or grey, so
/// dull colours would otherwise all fall on black and grey), then the nearest of the 16 in
/// CIELAB with lightness weighted 0.75, through the same kind of table.
public enum Palette {
    /// How much more the target's chroma counts than its lightness when choosing among
    /// the 256 colours (see the type's discussion).
    public static let chromaWeight256: Float = 1.5

    /// The CIELAB distance the 256-colour choice minimizes: target chroma weighted by
    /// `chromaWeight256`.
    public static func distance256(target: SIMD3<Float>, candidate: SIMD3<Float>) -> Float {
        let t = SIMD3(target.x, target.y * chromaWeight256, target.z * chromaWeight256)
        let d = t - candidate
        return (d * d).sum()
    }

    /// The six levels of the colour cube, per channel.
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The 16 standard ANSI colours as xterm draws them by default.
    public static let ansi16: [SIMD3<UInt8>] = [
        SIMD3(0, 0, 0), SIMD3(205, 0, 0), SIMD3(0, 205, 0), SIMD3(205, 205, 0),
        SIMD3(0, 0, 238), SIMD3(205, 0, 205), SIMD3(0, 205, 205), SIMD3(229, 229, 229),
        SIMD3(127, 127, 127), SIMD3(255, 0, 0), SIMD3(0, 255, 0), SIMD3(255, 255, 0),
        SIMD3(92, 92, 255), SIMD3(255, 0, 255), SIMD3(0, 255, 255), SIMD3(255, 255, 255),
    ]

    /// The sRGB colour of palette entry `index` (xterm defaults).
    public static func srgb(of index: UInt8) -> SIMD3<UInt8> { table[Int(index)] }

    /// The perceptually nearest entry of indices 16-255 to an sRGB colour (see the type's
    /// discussion).
    public static func nearest256(_ c: SIMD3<UInt8>) -> UInt8 {
        c.x == c.y && c.y == c.z ? greys256[Int(c.x)] : table256[binIndex(r: Int(c.x), g: Int(c.y), b: Int(c.z))]
    }

    /// The 16-colour choice for an sRGB colour, after the saturation and contrast lift.
    public static func nearest16(_ c: SIMD3<UInt8>) -> UInt8 {
        table16[binIndex(r: Int(c.x), g: Int(c.y), b: Int(c.z))]
    }

    // MARK: - Implementation

    /// The table index of an sRGB colour: 5 bits per channel.
    @inline(__always)
    static func binIndex(r: Int, g: Int, b: Int) -> Int { (r >> 3) << 10 | (g >> 3) << 5 | b >> 3 }

    /// The sRGB centre of table bin `i`.
    static func binCentre(_ i: Int) -> SIMD3<Float> {
        SIMD3<Float>(Float(i >> 10 & 31), Float(i >> 5 & 31), Float(i & 31)) * 8 + 3.5
    }

    /// Lab of an sRGB colour given as 0...255 floats.
    static func lab(srgb255 s: SIMD3<Float>) -> SIMD3<Float> {
        let c = s / 255
        return CIELAB.lab(linear: SIMD3(SRGB.decode(c.x), SRGB.decode(c.y), SRGB.decode(c.z)))
    }

    /// Bin -> the entry of 16-255 nearest (`distance256`) to the bin's centre: baked
    /// (Palette+Baked.swift) from `computeTable256`.
    static let table256: [UInt8] = Baked.bytes(Baked.table256, count: 32 * 32 * 32) ?? computeTable256()

    /// `table256` by a full search (32,768 bins x 240 entries; about 20 ms in a release build).
    static func computeTable256() -> [UInt8] {
        let labs = (16..<256).map { CIELAB.lab(srgb: table[$0]) }
        var out = [UInt8](repeating: 16, count: 32 * 32 * 32)
        labs.withUnsafeBufferPointer { candidates in
            for i in 0..<(32 * 32 * 32) {
                let lab = lab(srgb255: binCentre(i))
                let t = SIMD3(lab.x, lab.y * chromaWeight256, lab.z * chromaWeight256)
                var best = 0
                var bestD = Float.infinity
                for k in 0..<candidates.count {
                    let d = t - candidates[k]
                    let dd = (d * d).sum()
                    if dd < bestD {
                        bestD = dd
                        best = k
                    }
                }
                out[i] = UInt8(16 + best)
            }
        }
        return out
    }

    /// Exact greys (r = g = b) -> the nearest entry of 16-255 in CIELAB, so that greys, the
    /// commonest colours of a lit untextured scene, do not suffer the table's 8-code bins.
    /// Baked from `computeGreys256`.
    static let greys256: [UInt8] = Baked.bytes(Baked.greys256, count: 256) ?? computeGreys256()

    /// `greys256` by a full search.
    static func computeGreys256() -> [UInt8] {
        let labs = (16..<256).map { CIELAB.lab(srgb: table[$0]) }
        return (0..<256).map { v in UInt8(16 + nearest(lab(srgb255: SIMD3(repeating: Float(v))), in: labs)) }
    }

    /// Index of the Lab colour in `labs` nearest to `lab`.
    static func nearest(_ lab: SIMD3<Float>, in labs: [SIMD3<Float>]) -> Int {
        var best = 0
        var bestD = Float.infinity
        for (k, p) in labs.enumerated() {
            let d = lab - p
            let dd = (d * d).sum()
            if dd < bestD {
                bestD = dd
                best = k
            }
        }
        return best
    }

    static let table: [SIMD3<UInt8>] = (0..<256).map { i in
        if i < 16 { return ansi16[i] }
        if i >= 232 {
            let v = UInt8(8 + 10 * (i - 232))
            return SIMD3(v, v, v)
        }
        let n = i - 16
        return SIMD3(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
    }

    /// The lift applied before the 16-colour choice: saturation x1.6 about the luma, then
    /// contrast x1.15 about mid-grey, in sRGB-encoded 0...1.
    static func lift16(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let y = (c * SIMD3(0.2126, 0.7152, 0.0722)).sum()
        var s = SIMD3(repeating: y) + (c - SIMD3(repeating: y)) * 1.6
        s = (s - 0.5) * 1.15 + 0.5
        return s.clamped(lowerBound: .zero, upperBound: .one)
    }

    /// Bin -> the 16-colour entry for the bin's centre after `lift16`: baked from
    /// `computeTable16`.
    static let table16: [UInt8] = Baked.bytes(Baked.table16, count: 32 * 32 * 32) ?? computeTable16()

    /// `table16` by a full search (32,768 bins x 16 entries).
    static func computeTable16() -> [UInt8] {
        let labs = ansi16.map { CIELAB.lab(srgb: $0) }
        var out = [UInt8](repeating: 0, count: 32 * 32 * 32)
        let w = SIMD3<Float>(0.75, 1, 1)
        for i in 0..<(32 * 32 * 32) {
            let lifted = lift16(binCentre(i) / 255)
            let lab = CIELAB.lab(
                linear: SIMD3(
                    SRGB.decode(lifted.x), SRGB.decode(lifted.y), SRGB.decode(lifted.z)))
            var best = 0
            var bestD = Float.infinity
            for (k, p) in labs.enumerated() {
                let d = (lab - p) * w
                let dd = (d * d).sum()
                if dd < bestD {
                    bestD = dd
                    best = k
                }
            }
            out[i] = UInt8(best)
        }
        return out
    }
}
