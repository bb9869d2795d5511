import Escapes

/// Encodes a paletted image as a DEC sixel string: `ESC P 0;1;0 q`, raster attributes
/// `"1;1;W;H` (square pixels), the palette (`#n;2;r;g;b`, percent), then bands of six
/// rows: per colour present in the band `#n` and its sixels run-length coded (`!count c`),
/// `$` back to the band's start, `-` to the next band; `ESC \` at the end. Pixels whose
/// index is `transparentIndex` are left out (background select 1 keeps them unchanged).
public struct SixelEncoder: Sendable {
    private var masks: [UInt8] = []
    private var firstColumn: [Int] = []
    private var lastColumn: [Int] = []

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
            for v in [c.x, c.y, c.z] {
                bytes.append(0x3B)
                ANSI.appendDecimal((Int(v) * 100 + 127) / 255, to: &bytes)
            }
        }
        if masks.count < colors * width { masks = [UInt8](repeating: 0, count: colors * width) }
        if firstColumn.count < colors {
            firstColumn = [Int](repeating: Int.max, count: colors)
            lastColumn = [Int](repeating: -1, count: colors)
        }
        var used: [Int] = []
        used.reserveCapacity(colors)
        var band = 0
        while band < height {
            let rowsInBand = min(6, height - band)
            indices.withUnsafeBufferPointer { idx in
                masks.withUnsafeMutableBufferPointer { m in
                    for r in 0..<rowsInBand {
                        let bit = UInt8(1) << UInt8(r)
                        let row = (band + r) * width
                        for x in 0..<width {
                            let c = Int(idx[row + x])
                            if c == transparentIndex || c >= colors { continue }
                            if firstColumn[c] == Int.max { used.append(c) }
                            if x < firstColumn[c] { firstColumn[c] = x }
                            if x > lastColumn[c] { lastColumn[c] = x }
                            m[c * width + x] |= bit
                        }
                    }
                }
            }
            for (i, c) in used.enumerated() {
                bytes.append(0x23)
                ANSI.appendDecimal(c, to: &bytes)
                let first = firstColumn[c]
                let last = lastColumn[c]
                if first > 0 { Self.appendRun(0, count: first, to: &bytes) }
                masks.withUnsafeMutableBufferPointer { m in
                    var x = first
                    let base = c * width
                    while x <= last {
                        let v = m[base + x]
                        var run = 1
                        while x + run <= last && m[base + x + run] == v { run += 1 }
                        Self.appendRun(v, count: run, to: &bytes)
                        for k in x..<(x + run) { m[base + k] = 0 }
                        x += run
                    }
                }
                firstColumn[c] = Int.max
                lastColumn[c] = -1
                if i + 1 < used.count { bytes.append(0x24) }  // $
            }
            used.removeAll(keepingCapacity: true)
            band += 6
            if band < height { bytes.append(0x2D) }  // -
        }
        bytes += [0x1B, 0x5C]
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
