import CZlib
import Dispatch

/// 8-bit RGB or RGBA pictures as PNG files (RFC 2083), for kitty's `f=100`: smaller than
/// zlib over raw pixels because each byte is first predicted from its neighbours.
///
/// Each row takes the PNG filter (Sub: the byte to the left, Up: the byte above, Average:
/// their mean) whose residuals are smallest (sum of magnitudes), the first row of each strip
/// Sub, so strips are encoded on `threads` threads at once. The residuals are deflated with
/// runs only (`RunDeflate`), in `threads` pieces at once (`DeflatePieces`): after prediction
/// long matches are rare and runs of zeros (the background) are what repeats.
///
/// With a `tolerance` above 0 the encoder is near-lossless (as JPEG-LS's NEAR): each colour
/// residual is rounded to a multiple of 2 x tolerance + 1 and prediction goes on from the
/// values a decoder will compute, so no colour channel ends up more than `tolerance` from the
/// input; alpha is always exact. Residuals on a third of the values (tolerance 1) compress
/// to about 60% of the bytes of the exact picture.
public struct PNGEncoder {
    /// Largest difference per colour channel, in 8-bit sRGB levels, between the picture a
    /// decoder shows and the input (0 = exact; clamped to 0...16).
    public let tolerance: Int
    /// The compressor of the filtered rows (its encoders and buffers are kept from frame to
    /// frame).
    private let deflate = DeflatePieces()
    /// Threads that filter strips of rows, and compress pieces of them, at once (1...64).
    public var threads = 1

    /// The rounded residual for each residual -255...255 (index + 255).
    private let rounded: [Int16]
    private var filtered: [UInt8] = []
    private var compressed: [UInt8] = []

    /// An encoder that keeps every channel within `tolerance` (default 0: exact).
    public init(tolerance: Int = 0) {
        let t = min(max(tolerance, 0), 16)
        self.tolerance = t
        let step = 2 * t + 1
        rounded = (-255...255).map { d in Int16((d >= 0 ? (d + t) / step : -((t - d) / step)) * step) }
    }

    /// Replaces `png` with the PNG file of `pixels` (`width` x `height`, row-major from the
    /// top-left, 3 bytes per pixel, or 4 with `alpha`) and `pixels` with what a decoder of
    /// that file shows (the same bytes when `tolerance` is 0). False when the sizes do not
    /// agree (then `png` is empty).
    public mutating func encode(
        _ pixels: inout [UInt8], width: Int, height: Int, alpha: Bool, into png: inout [UInt8]
    ) -> Bool {
        png.removeAll(keepingCapacity: true)
        let bpp = alpha ? 4 : 3
        guard width > 0, height > 0, width < 1 << 30, pixels.count == width * height * bpp else { return false }
        let rowBytes = width * bpp
        let size = height * (rowBytes + 1)
        if filtered.count != size { filtered = [UInt8](repeating: 0, count: size) }
        let strips = max(1, min(threads, 64, height / 16))
        rounded.withUnsafeBufferPointer { table in
            pixels.withUnsafeMutableBufferPointer { px in
                filtered.withUnsafeMutableBufferPointer { out in
                    // Each strip reads and writes its own rows only.
                    nonisolated(unsafe) let p = px.baseAddress!
                    nonisolated(unsafe) let f = out.baseAddress!
                    nonisolated(unsafe) let q = table.baseAddress! + 255
                    let strip: @Sendable (Int) -> Void = { s in
                        let first = s * height / strips
                        for y in first..<((s + 1) * height / strips) {
                            let (row, out) = (p + y * rowBytes, f + y * (rowBytes + 1))
                            let filter = y == first ? Filter.sub : Self.bestFilter(row, width, bpp: bpp)
                            // Constant arguments, so each case compiles to its own loop.
                            switch (alpha, filter) {
                            case (false, .sub): Self.filterRow(row, into: out, width, bpp: 3, .sub, rounded: q)
                            case (false, .up): Self.filterRow(row, into: out, width, bpp: 3, .up, rounded: q)
                            case (false, .average): Self.filterRow(row, into: out, width, bpp: 3, .average, rounded: q)
                            case (true, .sub): Self.filterRow(row, into: out, width, bpp: 4, .sub, rounded: q)
                            case (true, .up): Self.filterRow(row, into: out, width, bpp: 4, .up, rounded: q)
                            case (true, .average): Self.filterRow(row, into: out, width, bpp: 4, .average, rounded: q)
                            }
                        }
                    }
                    if strips == 1 {
                        strip(0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: strips, execute: strip)
                    }
                }
            }
        }
        png += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        Self.appendBigEndian(UInt32(width), to: &header)
        Self.appendBigEndian(UInt32(height), to: &header)
        header += [8, alpha ? 6 : 2, 0, 0, 0]  // depth, colour type, deflate, filters, no interlace
        header.withUnsafeBufferPointer { Self.appendChunk("IHDR", $0, to: &png) }
        deflate.compress(filtered, pieces: threads, into: &compressed)
        compressed.withUnsafeBufferPointer { Self.appendChunk("IDAT", $0, to: &png) }
        Self.appendChunk("IEND", UnsafeBufferPointer(start: nil, count: 0), to: &png)
        return true
    }

    /// PNG's filter types used here (the byte predicted from the byte to the left, above,
    /// or their mean).
    enum Filter: UInt8 {
        case sub = 1
        case up = 2
        case average = 3
    }

    /// The filter with the smallest residuals (sum of their magnitudes as signed bytes, over
    /// every third pixel: an estimate is enough) for `row`, whose row above is already what
    /// the decoder will see; Average on a tie.
    ///
    /// The sums run 16 bytes at a time: every byte's three residuals are formed and a mask
    /// repeating every three pixels keeps those of the sampled pixels (x = 1, 4, 7, ...), so
    /// the sums are those of `bestFilterSampled`, byte for byte.
    static func bestFilter(_ row: UnsafePointer<UInt8>, _ width: Int, bpp: Int) -> Filter {
        let above = row - width * bpp
        // Bytes from `bpp` on; byte bpp + r is sampled when r % (3 * bpp) < bpp.
        let period = 3 &* bpp
        let count = width &* bpp &- bpp
        let masks = bpp == 3 ? sampleMasks3 : sampleMasks4
        var sub = 0
        var up = 0
        var average = 0
        var r = 0
        masks.withUnsafeBufferPointer { masks in
            var k = 0
            while r &+ 16 <= count {
                // The bytes pairwise in 16-bit lanes: each lane adds at most 510 a chunk, so
                // the lanes are summed out every 128 chunks.
                var sums = (SIMD8<UInt16>.zero, SIMD8<UInt16>.zero, SIMD8<UInt16>.zero)
                var chunks = 0
                while r &+ 16 <= count, chunks < 128 {
                    let i = bpp &+ r
                    let v = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    let left = UnsafeRawPointer(row + (i &- bpp)).loadUnaligned(as: SIMD16<UInt8>.self)
                    let b = UnsafeRawPointer(above + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    let mask = masks[k]
                    let mean = (left & b) &+ ((left ^ b) &>> 1)
                    sums.0 &+= pairs(magnitude(v &- left) & mask)
                    sums.1 &+= pairs(magnitude(v &- b) & mask)
                    sums.2 &+= pairs(magnitude(v &- mean) & mask)
                    r &+= 16
                    chunks &+= 1
                    k &+= 1
                    if k == masks.count { k = 0 }
                }
                for lane in 0..<8 {
                    sub &+= Int(sums.0[lane])
                    up &+= Int(sums.1[lane])
                    average &+= Int(sums.2[lane])
                }
            }
        }
        while r < count {
            if r % period < bpp {
                let i = bpp &+ r
                addCosts(row[i], left: row[i &- bpp], above: above[i], &sub, &up, &average)
            }
            r &+= 1
        }
        if average <= sub && average <= up { return .average }
        return up <= sub ? .up : .sub
    }

    /// Adds one byte's cost under Sub, Up and Average: the magnitude of its residual read as
    /// a signed byte.
    @inline(__always)
    private static func addCosts(
        _ byte: UInt8, left: UInt8, above: UInt8, _ sub: inout Int, _ up: inout Int, _ average: inout Int
    ) {
        let v = Int32(byte)
        let l = Int32(left)
        let b = Int32(above)
        sub &+= Int(Int8(truncatingIfNeeded: v &- l).magnitude)
        up &+= Int(Int8(truncatingIfNeeded: v &- b).magnitude)
        average &+= Int(Int8(truncatingIfNeeded: v &- (l &+ b) >> 1).magnitude)
    }

    /// The magnitude of each byte read as a signed byte (128 for -128).
    @inline(__always)
    private static func magnitude(_ d: SIMD16<UInt8>) -> SIMD16<UInt8> {
        // min(d, -d), written out: `pointwiseMin` was not inlined.
        let negated = 0 &- d
        return d.replacing(with: negated, where: negated .< d)
    }

    /// The sums of neighbouring bytes, as eight 16-bit lanes.
    @inline(__always)
    private static func pairs(_ bytes: SIMD16<UInt8>) -> SIMD8<UInt16> {
        let words = unsafeBitCast(bytes, to: SIMD8<UInt16>.self)
        return (words & 0x00FF) &+ (words &>> 8)
    }

    /// For 3 and 4 bytes a pixel: 16-byte masks, in turn, of the bytes `bestFilter` samples
    /// (byte bpp + r where r % (3 * bpp) < bpp), until the pattern repeats.
    private static let sampleMasks3 = sampleMasks(bpp: 3)
    private static let sampleMasks4 = sampleMasks(bpp: 4)

    private static func sampleMasks(bpp: Int) -> [SIMD16<UInt8>] {
        let period = 3 * bpp
        var masks: [SIMD16<UInt8>] = []
        var r = 0
        repeat {
            var m = SIMD16<UInt8>.zero
            for j in 0..<16 where (r + j) % period < bpp { m[j] = 0xFF }
            masks.append(m)
            r += 16
        } while r % period != 0
        return masks
    }

    /// `bestFilter` one sampled pixel at a time: what its masked sums must equal (tests).
    static func bestFilterSampled(_ row: UnsafePointer<UInt8>, _ width: Int, bpp: Int) -> Filter {
        let above = row - width * bpp
        var sub = 0
        var up = 0
        var average = 0
        var x = 1
        while x < width {
            let start = x &* bpp
            for i in start..<(start &+ bpp) {
                addCosts(row[i], left: row[i &- bpp], above: above[i], &sub, &up, &average)
            }
            x &+= 3
        }
        if average <= sub && average <= up { return .average }
        return up <= sub ? .up : .sub
    }

    /// Filters one row in place: `row` becomes what the decoder reconstructs, `out` the filter
    /// type and the residuals. Up and Average read the row above (already reconstructed); the
    /// fourth channel of 4 (alpha) is kept exact.
    @inline(__always)
    private static func filterRow(
        _ row: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, _ width: Int, bpp: Int,
        _ filter: Filter, rounded: UnsafePointer<Int16>
    ) {
        out[0] = filter.rawValue
        let residuals = out + 1
        let above = row - width * bpp
        // Filters byte `i` predicted from `left` (the reconstructed byte to its left) and
        // returns the reconstructed byte, so that the next pixel's prediction comes from a
        // register rather than from the store just made.
        @inline(__always) func put(_ i: Int, left: Int, exact: Bool) -> Int {
            let predicted: Int
            switch filter {
            case .sub: predicted = left
            case .up: predicted = Int(above[i])
            case .average: predicted = (left &+ Int(above[i])) >> 1
            }
            let d = Int(row[i]) &- predicted
            var r = exact ? d : Int(rounded[d])
            // Rounded past 0 or 255: the exact residual.
            if UInt(bitPattern: predicted &+ r) > 255 { r = d }
            let value = predicted &+ r
            residuals[i] = UInt8(truncatingIfNeeded: r)
            row[i] = UInt8(truncatingIfNeeded: value)
            return value
        }
        // The first pixel has nothing to its left (0); the others their reconstructed left.
        var (c0, c1, c2, c3) = (0, 0, 0, 0)
        var i = 0
        let end = width &* bpp
        while i < end {
            c0 = put(i, left: c0, exact: false)
            c1 = put(i &+ 1, left: c1, exact: false)
            c2 = put(i &+ 2, left: c2, exact: false)
            if bpp == 4 { c3 = put(i &+ 3, left: c3, exact: true) }
            i &+= bpp
        }
    }

    private static func appendBigEndian(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// Appends a PNG chunk: length, type (4 ASCII letters), data, CRC-32 of type and data.
    private static func appendChunk(
        _ type: StaticString, _ data: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) {
        appendBigEndian(UInt32(data.count), to: &bytes)
        var crc = type.withUTF8Buffer { t in
            bytes.append(contentsOf: t)
            return crc32(0, t.baseAddress, uInt(t.count))
        }
        // zlib's crc32 of no buffer is its initial value, not the running one.
        if let d = data.baseAddress, !data.isEmpty {
            bytes.append(contentsOf: data)
            crc = crc32(crc, d, uInt(data.count))
        }
        appendBigEndian(UInt32(crc), to: &bytes)
    }
}
