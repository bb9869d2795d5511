import Dispatch
import Math3D
import Raster
import SceneGraph

/// Turns a framebuffer into a cell grid for one glyph set and colour depth.
///
/// Keeps the previous frame's choices for hysteresis: when last frame's glyph or colour for a
/// cell is still nearly as good as the new best (within `glyphTolerance` / `colorTolerance`),
/// it is kept, so a still image does not flicker and a slowly turning one changes few cells.
/// Create one encoder per view and reuse it; it allocates only when the grid size changes.
///
/// Rules (CLI.md): a cell no pixel covers is a space (default colours, or the framebuffer's
/// background colour when not `transparent`); a covered cell is never a space.
public struct CellEncoder: Sendable {
    /// The glyph set; the framebuffer must be `columns * subpixels.x` x `rows * subpixels.y`.
    public let glyphs: GlyphSet
    /// The colour depth of the produced cells.
    public let colors: ColorDepth
    /// Ordered (4x4 Bayer) dithering before palette quantization, anchored to cell positions.
    public let dither: Bool
    /// When true, uncovered cells and uncovered halves keep the terminal's default background.
    public let transparent: Bool
    /// Hysteresis for colours, in 8-bit sRGB code values per channel (default 8): the previous
    /// colour stays while it is at most this much worse than the new best.
    public var colorTolerance: Int = 8
    /// Hysteresis for glyph shapes, as mean squared linear-light error per sub-pixel (default
    /// 0.002): the previous glyph stays while its fit is at most this much worse.
    public var glyphTolerance: Float = 0.002
    /// Hysteresis for whole cells of `blocks`, `quadrants`, `sextants` and `braille` at 256
    /// and 16 colours, in CIELAB delta E of the cell's mean colour (default 2.5; 0 turns it
    /// off): last frame's glyph and colours stay while their mean is at most this much
    /// farther from the cell's colour than the new choice's (CellEncoder+Keep.swift).
    public var keepTolerance: Float = 2.5
    /// `quadrants`, `sextants`, `braille` at 256 and 16 colours: the least CIELAB delta E
    /// between a cell's two sub-pixel groups for it to be drawn as an edge in two palette
    /// colours (default 10); below it the cell is dithered from its mean colour, which turns
    /// a smooth surface's faint texture into a steady mix instead of arbitrary glyphs.
    /// Braille dithers every cell below it; its dots cover a quarter of their sub-cell, so
    /// an edge above it is drawn from the candidates whose regional colours a viewer sees
    /// closest to the cell's (CellEncoder+Dots.swift).
    public var edgeContrast: Float = 10
    /// `ascii` and `edges`: factor on linear luminance before it picks a ramp glyph (default
    /// 1: luminance 1 inks like `@`). Dark scenes (the Earth's oceans are below 0.05) can
    /// use 2-4 to spread over more of the ramp; colour modes brighten the ink to match.
    public var rampExposure: Float = 1
    /// `ascii` and `edges`: the ramp follows luminance^(1 / `rampGamma`) (default 1: linear
    /// light, as ink coverage mixes). 2.2 follows perceived lightness instead, which keeps
    /// detail in dark textures such as the Earth's oceans.
    public var rampGamma: Float = 1

    /// Last frame's cells (read for hysteresis, then overwritten).
    var last: [Cell] = []
    /// Last frame's shape per cell: the fg sub-pixel mask, or ramp index + 1; 0 for none.
    var lastShape: [UInt8] = []
    var lastColumns = 0
    var lastRows = 0
    /// Linear -> 8-bit sRGB (4096 bins), copied from `SRGB.encodeTable`.
    let encodeTable: [UInt8] = SRGB.encodeTable
    /// Palette tables for this depth (empty otherwise), copied so the hot loops skip the
    /// lazy-global check and only the depth in use pays for building its table.
    let table256: [UInt8]
    let table16: [UInt8]
    let greys256: [UInt8]
    /// Dither pairs for this depth (`Palette+Pairs`; empty otherwise).
    let pairs256: [SIMD2<UInt8>]
    let greyPairs256: [SIMD2<UInt8>]
    let pairs16: [SIMD2<UInt8>]
    /// Linear colour of every palette entry.
    let paletteLinear: [Vec3] = Palette.linear
    /// CIELAB colour of every palette entry.
    let paletteLab: [Vec3] = Palette.labs
    /// CIELAB chroma of every palette entry.
    let paletteChroma: [Float] = Palette.labs.map { ($0.y * $0.y + $0.z * $0.z).squareRoot() }
    /// CIELAB's f(t) table (`Palette.labCurve`).
    let labCurve: [Float] = Palette.labCurve
    /// The 8x8 ordered-dither thresholds (`bayer8`).
    let thresholds8: [Float] = CellEncoder.bayer8
    /// Whether each palette entry is blue (`isBlue`) and not a lavender (`Palette.purple`).
    let blueEntry: [Bool] = zip(Palette.labs, Palette.purple).map { CellEncoder.isBlue(lab: $0) && !$1 }
    /// The glyph set's row of the table, read once.
    let spec: GlyphSetSpec

    /// An encoder for one glyph set and colour depth.
    ///
    /// - Parameters:
    ///   - glyphs: the glyph set.
    ///   - colors: the colour depth (`.none` writes default colours only).
    ///   - dither: an extra ordered offset before palette choice (the 16- and 256-colour
    ///     palettes and the ASCII ramp); off by default. Blocks, quadrants, sextants and
    ///     braille dither palette colours in any case (CellEncoder+Dither.swift).
    ///   - transparent: keep the terminal's background where nothing is drawn; off by default.
    public init(glyphs: GlyphSet, colors: ColorDepth, dither: Bool = false, transparent: Bool = false) {
        self.glyphs = glyphs
        self.colors = colors
        self.dither = dither
        self.transparent = transparent
        table256 = colors == .ansi256 ? Palette.table256 : []
        greys256 = colors == .ansi256 ? Palette.greys256 : []
        table16 = colors == .ansi16 ? Palette.table16 : []
        pairs256 = colors == .ansi256 ? Palette.pairs256 : []
        greyPairs256 = colors == .ansi256 ? Palette.greyPairs256 : []
        pairs16 = colors == .ansi16 ? Palette.pairs16 : []
        spec = glyphs.spec
    }

    /// Forgets the previous frame, so the next one is chosen without hysteresis.
    public mutating func reset() {
        lastColumns = 0
        lastRows = 0
    }

    /// Encodes `fb` into `grid`, resizing `grid` when it is not `fb.width / subpixels.x` by
    /// `fb.height / subpixels.y` cells (extra pixels at the right and bottom are ignored; a
    /// framebuffer smaller than one cell, or whose buffers are shorter than `width * height`,
    /// gives a single blank cell).
    ///
    /// - Parameters:
    ///   - fb: the frame's pixels.
    ///   - grid: the cells to fill; reuse the same grid every frame to avoid allocation.
    ///   - threads: bands of rows encoded in parallel (default 1, serial). The result is
    ///     identical for every thread count.
    public mutating func encode(_ fb: Framebuffer, into grid: inout CellGrid, threads: Int = 1) {
        let sub = glyphs.subpixels
        let columns = fb.width / sub.x
        let rows = fb.height / sub.y
        // The buffers are public and could have been replaced: never read past their ends.
        let pixels = fb.width * fb.height
        let buffersWhole =
            fb.color.count >= pixels && fb.coverage.count >= pixels
            && (glyphs != .edges || (fb.depth.count >= pixels && fb.normal.count >= pixels))
        guard columns > 0, rows > 0, buffersWhole else {
            grid = CellGrid(columns: 1, rows: 1)
            reset()
            return
        }
        if grid.columns != columns || grid.rows != rows || grid.cells.count != columns * rows {
            grid = CellGrid(columns: columns, rows: rows)
        }
        let count = columns * rows
        if last.count != count || lastColumns != columns || lastRows != rows {
            last = [Cell](repeating: .blank, count: count)
            lastShape = [UInt8](repeating: 0, count: count)
        }
        let hasHistory = lastColumns == columns && lastRows == rows
        // Move the state out of self so the loops can hold pointers into it (no copy).
        var cells = last
        var shapes = lastShape
        last = []
        lastShape = []
        let background =
            transparent || colors == .none ? CellColor.default : quantize(fb.background, previous: nil, dither: 0)
        let frame = Frame(fb: fb, columns: columns, rows: rows, background: background, hasHistory: hasHistory)
        cells.withUnsafeMutableBufferPointer { out in
            shapes.withUnsafeMutableBufferPointer { shape in
                let bands = min(max(1, threads), rows)
                if bands == 1 {
                    encodeRows(frame, 0..<rows, out: out, shape: shape)
                } else {
                    // Bands of rows write disjoint cells and read only the framebuffer.
                    nonisolated(unsafe) let sharedOut = out
                    nonisolated(unsafe) let sharedShape = shape
                    let encoder = self
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let range = (rows * band / bands)..<(rows * (band + 1) / bands)
                        encoder.encodeRows(frame, range, out: sharedOut, shape: sharedShape)
                    }
                }
            }
        }
        grid.cells.withUnsafeMutableBufferPointer { dst in
            cells.withUnsafeBufferPointer { src in
                if let d = dst.baseAddress, let s = src.baseAddress { d.update(from: s, count: count) }
            }
        }
        last = cells
        lastShape = shapes
        lastColumns = columns
        lastRows = rows
    }

    /// Encodes the cell rows `rows` of the frame (each band independent of the others).
    func encodeRows(
        _ frame: Frame, _ rows: Range<Int>, out: UnsafeMutableBufferPointer<Cell>,
        shape: UnsafeMutableBufferPointer<UInt8>
    ) {
        switch spec.encoder {
        case .ramp(let edges): encodeRamp(frame, rows: rows, edges: edges, out: out, shape: shape)
        case .halfBlocks: encodeBlocks(frame, rows: rows, out: out, shape: shape)
        case .twoColourFit: encodeFitted(frame, rows: rows, out: out, shape: shape)
        }
    }

    /// What every per-set encoder needs about the frame.
    struct Frame {
        let fb: Framebuffer
        let columns: Int
        let rows: Int
        /// The colour of uncovered cells' background.
        let background: CellColor
        /// Whether `out` holds last frame's cells of the same size.
        let hasHistory: Bool
    }

    // MARK: - Colour choice

    /// The 4x4 Bayer matrix, values 0...15.
    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// The Bayer threshold in 0...1 for screen position (`x`, `y`).
    @inline(__always)
    static func threshold(_ x: Int, _ y: Int) -> Float {
        (Float(bayer[(y & 3) << 2 | (x & 3)]) + 0.5) / 16
    }

    /// The dither offset (sRGB code values) for the cell at (`column`, `row`); 0 when off.
    @inline(__always)
    func ditherOffset(column: Int, row: Int) -> Int {
        guard dither else { return 0 }
        let amplitude: Float
        switch colors {
        case .ansi256: amplitude = 40
        case .ansi16: amplitude = 96
        case .none, .truecolor: return 0
        }
        return Int((CellEncoder.threshold(column, row) - 0.5) * amplitude)
    }

    /// 8-bit sRGB code of a linear value (clamped to 0...1), through the 4096-bin table.
    @inline(__always)
    func srgb8(_ v: Float) -> Int {
        Int(encodeTable[Int(min(max(v, 0), 1) * 4095 + 0.5)])
    }

    /// The cell colour for linear colour `c` at this depth, keeping `previous` when it is
    /// within `colorTolerance` of the best choice.
    @inline(__always)
    func quantize(_ c: Vec3, previous: CellColor?, dither d: Int) -> CellColor {
        if colors == .none { return .default }
        let r = srgb8(c.x)
        let g = srgb8(c.y)
        let b = srgb8(c.z)
        switch colors {
        case .none:
            return .default
        case .truecolor:
            if case .rgb(let pr, let pg, let pb)? = previous {
                let t = colorTolerance
                if abs(Int(pr) &- r) <= t && abs(Int(pg) &- g) <= t && abs(Int(pb) &- b) <= t {
                    return .rgb(pr, pg, pb)
                }
            }
            return .rgb(UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: g), UInt8(truncatingIfNeeded: b))
        case .ansi256, .ansi16:
            let q = lookup(r: clamp8(r + d), g: clamp8(g + d), b: clamp8(b + d))
            return keepIndexed(previous, best: q, r: clamp8(r + d), g: clamp8(g + d), b: clamp8(b + d))
        }
    }

    @inline(__always)
    func clamp8(_ v: Int) -> Int { min(max(v, 0), 255) }

    /// `.indexed(best)`, or the previous index when the palette table would also choose it
    /// for a colour within `colorTolerance` of (`r`, `g`, `b`): probes along each channel,
    /// along the grey axis and along the diagonals of two channels (a corner where three
    /// entries' regions meet is reached only there), so the rule is the table's own,
    /// whatever metric built it.
    @inline(__always)
    func keepIndexed(_ previous: CellColor?, best: UInt8, r: Int, g: Int, b: Int) -> CellColor {
        if case .indexed(let p)? = previous, p != best, colorTolerance > 0 {
            let t = colorTolerance
            for probe in CellEncoder.probes {
                let o = probe &* t
                if lookup(r: clamp8(r + o.x), g: clamp8(g + o.y), b: clamp8(b + o.z)) == p { return .indexed(p) }
            }
        }
        return .indexed(best)
    }

    /// Probe directions for `keepIndexed`: each channel up and down and the grey axis (the
    /// first 8, which the dither hysteresis `nudged` uses too), then the 12 diagonals of two
    /// channels.
    static let probes: [SIMD3<Int>] = [
        SIMD3(1, 0, 0), SIMD3(-1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, -1, 0),
        SIMD3(0, 0, 1), SIMD3(0, 0, -1), SIMD3(1, 1, 1), SIMD3(-1, -1, -1),
        SIMD3(1, 1, 0), SIMD3(1, -1, 0), SIMD3(-1, 1, 0), SIMD3(-1, -1, 0),
        SIMD3(1, 0, 1), SIMD3(1, 0, -1), SIMD3(-1, 0, 1), SIMD3(-1, 0, -1),
        SIMD3(0, 1, 1), SIMD3(0, 1, -1), SIMD3(0, -1, 1), SIMD3(0, -1, -1),
    ]

    /// The palette index the tables give for 8-bit sRGB components (16 or 256 colours).
    @inline(__always)
    func lookup(r: Int, g: Int, b: Int) -> UInt8 {
        if colors == .ansi16 { return table16[Palette.binIndex(r: r, g: g, b: b)] }
        return r == g && g == b ? greys256[r] : table256[Palette.binIndex(r: r, g: g, b: b)]
    }
}
