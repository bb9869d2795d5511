import Dispatch
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
    /// Threads that encode strips of bands at once (1...64; the bytes do not depend on it).
    public var threads = 1
    /// One scratch and one byte buffer per strip of bands.
    private var scratches: [BandScratch] = []
    private var stripBytes: [[UInt8]] = []

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
        let bands = (height + 5) / 6
        // Strips of whole bands, each encoded on its own with its own scratch.
        let strips = max(1, min(threads, 64, bands / 8))
        while scratches.count < strips { scratches.append(BandScratch()) }
        while stripBytes.count < strips { stripBytes.append([]) }
        for s in 0..<strips { scratches[s].prepare(colors: colors, width: width) }
        if strips == 1 {
            scratches[0].encode(
                indices: indices, width: width, height: height, bands: 0..<height, colors: colors,
                transparentIndex: transparentIndex, into: &bytes)
        } else {
            // Each strip touches its own scratch and buffer only.
            scratches.withUnsafeMutableBufferPointer { sc in
                stripBytes.withUnsafeMutableBufferPointer { out in
                    nonisolated(unsafe) let scratch = sc.baseAddress!
                    nonisolated(unsafe) let buffers = out.baseAddress!
                    DispatchQueue.concurrentPerform(iterations: strips) { s in
                        buffers[s].removeAll(keepingCapacity: true)
                        scratch[s].encode(
                            indices: indices, width: width, height: height,
                            bands: (s * bands / strips * 6)..<((s + 1) * bands / strips * 6),
                            colors: colors, transparentIndex: transparentIndex, into: &buffers[s])
                    }
                }
            }
            for s in 0..<strips { bytes += stripBytes[s] }
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
