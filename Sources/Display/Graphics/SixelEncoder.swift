import Escapes

/// Encodes a paletted image as a DEC sixel string: `ESC P 0;1;0 q`, raster attributes
/// `"1;1;W;H` (square pixels), the palette (`#n;2;r;g;b`, percent), then bands of six
/// rows: per colour present in the band `#n` and its sixels run-length coded (`!count c`),
/// `$` back to the band's start, `-` to the next band; `ESC \` at the end. Pixels whose
/// index is `transparentIndex` are left out (background select 1 keeps them unchanged).
///
/// A band's colours are painted most frequent first, and a later colour paints over an
/// earlier one, so each colour may also set the pixels of the colours painted after it
/// where that makes its runs longer: the band's commonest colour is mostly one long run,
/// and the others' runs bridge the gaps the later colours fill (about a sixth fewer bytes
/// on the Earth).
public struct SixelEncoder: Sendable {
    /// Per colour and column: the colour's pixels in the band (bit 0 the top row).
    private var masks: [UInt8] = []
    /// Per column: the band's pixels of any colour (each pixel is in exactly one colour's mask).
    private var occupied: [UInt8] = []
    /// Per column: the pixels of the colours already painted in the band. A colour may set
    /// its own pixels and those of the colours painted after it: `occupied & ~painted`.
    private var painted: [UInt8] = []
    private var firstColumn: [Int] = []
    private var lastColumn: [Int] = []
    private var population: [Int] = []

    /// An encoder with no storage yet.
    public init() {}

    /// Appends the sixel image of `indices` (`width` x `height`, row-major, each below
    /// `palette.count`) to `bytes`.
    public mutating func encode(
        indices: [UInt8], width: Int, height: Int, palette: [SIMD3<UInt8>],
        transparentIndex: Int? = nil, into bytes: inout [UInt8]
    ) {
        let colors = palette.count
        guard width > 0, height > 0, colors > 0, indices.count >= width * height else { return }
        bytes += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (n, c) in palette.enumerated() {
            bytes.append(0x23)  // #
            ANSI.appendDecimal(n, to: &bytes)
            bytes += [0x3B, 0x32]  // ;2
            Self.appendPercent(c.x, to: &bytes)
            Self.appendPercent(c.y, to: &bytes)
            Self.appendPercent(c.z, to: &bytes)
        }
        if masks.count < colors * width { masks = [UInt8](repeating: 0, count: colors * width) }
        if occupied.count < width {
            occupied = [UInt8](repeating: 0, count: width)
            painted = occupied
        }
        if firstColumn.count < colors {
            firstColumn = [Int](repeating: Int.max, count: colors)
            lastColumn = [Int](repeating: -1, count: colors)
            population = [Int](repeating: 0, count: colors)
        }
        var used: [Int] = []
        used.reserveCapacity(colors)
        var band = 0
        while band < height {
            let rowsInBand = min(6, height - band)
            indices.withUnsafeBufferPointer { idx in
                masks.withUnsafeMutableBufferPointer { m in
                    occupied.withUnsafeMutableBufferPointer { o in
                        for r in 0..<rowsInBand {
                            let bit = UInt8(1) << UInt8(r)
                            let row = (band + r) * width
                            for x in 0..<width {
                                let c = Int(idx[row + x])
                                if c == transparentIndex || c >= colors { continue }
                                if firstColumn[c] == Int.max { used.append(c) }
                                if x < firstColumn[c] { firstColumn[c] = x }
                                if x > lastColumn[c] { lastColumn[c] = x }
                                population[c] += 1
                                m[c * width + x] |= bit
                                o[x] |= bit
                            }
                        }
                    }
                }
            }
            // Commonest first.
            used.sort { population[$0] != population[$1] ? population[$0] > population[$1] : $0 < $1 }
            for (i, c) in used.enumerated() {
                bytes.append(0x23)
                ANSI.appendDecimal(c, to: &bytes)
                let first = firstColumn[c]
                let last = lastColumn[c]
                if first > 0 { Self.appendRun(0, count: first, to: &bytes) }
                masks.withUnsafeMutableBufferPointer { m in
                    occupied.withUnsafeBufferPointer { o in
                        painted.withUnsafeMutableBufferPointer { p in
                            Self.appendRuns(
                                must: m.baseAddress! + c * width, occupied: o.baseAddress!, painted: p.baseAddress!,
                                first...last, to: &bytes)
                            for k in first...last {
                                p[k] |= m[c * width + k]
                                m[c * width + k] = 0
                            }
                        }
                    }
                }
                firstColumn[c] = Int.max
                lastColumn[c] = -1
                population[c] = 0
                if i + 1 < used.count { bytes.append(0x24) }  // $
            }
            for k in 0..<width {
                occupied[k] = 0
                painted[k] = 0
            }
            used.removeAll(keepingCapacity: true)
            band += 6
            if band < height { bytes.append(0x2D) }  // -
        }
        bytes += [0x1B, 0x5C]
    }

    /// A colour channel (0...255) in the percent (0...100, rounded) the palette is sent in.
    @inline(__always)
    public static func percent(_ v: UInt8) -> Int { (Int(v) * 100 + 127) / 255 }

    /// Appends `;` and `v` in percent.
    @inline(__always)
    static func appendPercent(_ v: UInt8, to bytes: inout [UInt8]) {
        bytes.append(0x3B)
        ANSI.appendDecimal(percent(v), to: &bytes)
    }

    /// Appends the fewest runs over `columns` whose sixels each set every bit of `must` and
    /// none outside `occupied & ~painted` (greedy: each run as long as one value fits every
    /// column in it).
    @inline(__always)
    static func appendRuns(
        must: UnsafePointer<UInt8>, occupied: UnsafePointer<UInt8>, painted: UnsafePointer<UInt8>,
        _ columns: ClosedRange<Int>, to bytes: inout [UInt8]
    ) {
        var x = columns.lowerBound
        let last = columns.upperBound
        while x <= last {
            var low = must[x]
            var high = occupied[x] & ~painted[x]
            var run = 1
            while x + run <= last {
                let l = low | must[x + run]
                let h = high & occupied[x + run] & ~painted[x + run]
                if l & ~h != 0 { break }
                low = l
                high = h
                run += 1
            }
            appendRun(low, count: run, to: &bytes)
            x += run
        }
    }

    /// Appends `count` sixels of `mask` (bit 0 the top row): `!count c` from four on.
    @inline(__always)
    static func appendRun(_ mask: UInt8, count: Int, to bytes: inout [UInt8]) {
        let c = 63 + mask
        if count >= 4 {
            bytes.append(0x21)  // !
            ANSI.appendDecimal(count, to: &bytes)
            bytes.append(c)
        } else {
            for _ in 0..<count { bytes.append(c) }
        }
    }
}
