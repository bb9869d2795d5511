/// A deflate encoder (RFC 1951) that looks for runs only: a byte repeated three or more
/// times after itself becomes one match at distance 1, everything else a literal, as zlib's
/// `Z_RLE` strategy does. Each block of up to `blockTokens` symbols is written with the
/// smallest of its own Huffman codes, the fixed codes and stored bytes.
///
/// Made for PNG rows after prediction, where runs of equal residuals (the background, flat
/// colour) are what repeats and a search for longer matches finds little: the same symbols
/// as zlib with runs, found eight bytes at a time, and coded without zlib's per-symbol
/// bookkeeping. One encoder is one thread's; it keeps its tables from call to call.
final class RunDeflate {
    /// Symbols per block before its codes are built and it is written (zlib's buffer holds
    /// as many at its largest memory level).
    static let blockTokens = 32_768

    /// The block's symbols: a literal byte (0...255) or 256 + a run's length (3...258).
    private let tokens = UnsafeMutablePointer<UInt16>.allocate(capacity: blockTokens)
    private var tokenCount = 0
    /// Literal/length symbol counts of the block (0...285; 256 is the end of the block).
    private let frequencies = UnsafeMutablePointer<UInt32>.allocate(capacity: 286)
    /// Where the block's bytes start in the input (for a stored block).
    private var blockStart = 0

    /// Output under construction, and the bits not yet written as bytes (lowest first).
    private var out: [UInt8] = []
    private var outCount = 0
    private var bits: UInt64 = 0
    private var bitCount = 0
    /// The end-of-block code of the block being written, and its length.
    private var endCode: (UInt32, Int) = (0, 0)

    /// Per block: each literal's code (bit-reversed, as deflate sends it) and length, and
    /// each run length's code, extra bits and distance code as one bit string.
    private let literalCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
    private let literalLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private let runCodes = UnsafeMutablePointer<UInt32>.allocate(capacity: 259)
    private let runLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 259)

    init() {
        frequencies.initialize(repeating: 0, count: 286)
    }

    deinit {
        tokens.deallocate()
        frequencies.deallocate()
        literalCodes.deallocate()
        literalLengths.deallocate()
        runCodes.deallocate()
        runLengths.deallocate()
    }

    /// The raw deflate blocks of `input`, replacing what `output` held. A `last` piece ends
    /// with the final block; any other with an empty stored block (a sync flush), so the next
    /// piece starts on a byte and may follow it in one stream.
    func compress(_ input: UnsafeBufferPointer<UInt8>, last: Bool, into output: inout [UInt8]) {
        swap(&out, &output)
        outCount = 0
        bits = 0
        bitCount = 0
        tokenCount = 0
        frequencies.update(repeating: 0, count: 286)
        blockStart = 0
        let finalWritten = symbols(of: input, last: last)
        if !finalWritten && (last || tokenCount > 0) {
            // The rest; a last piece always ends with a final block, if need be just its end.
            writeBlock(of: input, end: input.count, final: last)
        }
        if !last {
            // An empty stored block: three bits, then LEN 0 and NLEN 0xFFFF on a byte.
            put(0, 3)
            alignToByte()
            append([0, 0, 0xFF, 0xFF])
        }
        alignToByte()
        out.removeSubrange(outCount...)
        swap(&out, &output)
    }

    /// Gathers the symbols of `input` into blocks and writes each full block; true when that
    /// wrote the final block (the input ended with a full block of a `last` piece).
    private func symbols(of input: UnsafeBufferPointer<UInt8>, last: Bool) -> Bool {
        guard let p = input.baseAddress else { return false }
        let count = input.count
        var i = 0
        while i < count {
            // A run repeats the byte before it (the first byte has none).
            var run = 0
            if i > 0, p[i] == p[i &- 1] {
                run = Self.runLength(p + i, limit: min(count &- i, 258), byte: p[i])
            }
            if run >= 3 {
                tokens[tokenCount] = UInt16(256 &+ run)
                frequencies[Int(Self.lengthSymbols[run])] &+= 1
                i &+= run
            } else {
                tokens[tokenCount] = UInt16(p[i])
                frequencies[Int(p[i])] &+= 1
                i &+= 1
            }
            tokenCount &+= 1
            if tokenCount == Self.blockTokens {
                let final = last && i == count
                writeBlock(of: input, end: i, final: final)
                if final { return true }
            }
        }
        return false
    }

    /// How many bytes from `p` (up to `limit`) equal `byte`; eight compared at a time.
    @inline(__always)
    private static func runLength(_ p: UnsafePointer<UInt8>, limit: Int, byte: UInt8) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var n = 0
        while n &+ 8 <= limit {
            let word = UnsafeRawPointer(p + n).loadUnaligned(as: UInt64.self)
            let differ = UInt64(littleEndian: word) ^ pattern
            if differ != 0 { return n &+ differ.trailingZeroBitCount / 8 }
            n &+= 8
        }
        while n < limit, p[n] == byte { n &+= 1 }
        return n
    }
}

// MARK: - Blocks

extension RunDeflate {
    /// Writes the block of the symbols gathered since `blockStart` (whose bytes end at
    /// input offset `end`) in its cheapest form, and starts the next block there.
    private func writeBlock(of input: UnsafeBufferPointer<UInt8>, end: Int, final: Bool) {
        frequencies[256] = 1
        let byteCount = end - blockStart
        // Huffman codes of this block: literals/lengths up to 15 bits (`distanceLengths` for
        // the distances).
        var litLengths = [UInt8](repeating: 0, count: 286)
        Self.codeLengths(frequencies, count: 286, limit: 15, into: &litLengths)
        let header = DynamicHeader(literalLengths: litLengths, distanceLengths: Self.distanceLengths)

        var dynamicBits = 3 + header.bits
        var fixedBits = 3
        var runCount = 0
        for s in 0..<286 {
            let f = Int(frequencies[s])
            guard f > 0 else { continue }
            let extra = s >= 257 ? Int(Self.lengthExtra[s - 257]) : 0
            dynamicBits += f * (Int(litLengths[s]) + extra)
            fixedBits += f * (Int(Self.fixedLength(s)) + extra)
            if s >= 257 { runCount += f }
        }
        dynamicBits += runCount * 1
        fixedBits += runCount * 5
        // Stored: each chunk of up to 65,535 bytes has three header bits, padding to a byte
        // and LEN, NLEN; the first chunk's padding depends on the bits before it.
        let storedChunks = max(1, (byteCount + 65_534) / 65_535)
        let firstPadding = (8 - (bitCount + 3) % 8) % 8
        let storedBits = 3 + firstPadding + 32 + (storedChunks - 1) * (8 + 32) + byteCount * 8

        let finalBit: UInt64 = final ? 1 : 0
        if storedBits < dynamicBits && storedBits < fixedBits {
            writeStored(input[blockStart..<end], final: final)
        } else if fixedBits <= dynamicBits {
            reserve(fixedBits / 8 + 16)
            put(finalBit | 1 << 1, 3)
            setCodes(litLengths: Self.fixedLiteralLengths, distanceLength: 5)
            writeSymbols()
        } else {
            reserve(dynamicBits / 8 + 16)
            put(finalBit | 2 << 1, 3)
            header.write(to: self)
            setCodes(litLengths: litLengths, distanceLength: 1)
            writeSymbols()
        }
        tokenCount = 0
        frequencies.update(repeating: 0, count: 286)
        blockStart = end
    }

    /// `bytes` as stored blocks of up to 65,535 bytes each, the last one final if `final`.
    private func writeStored(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, final: Bool) {
        let count = bytes.count
        var offset = 0
        repeat {
            let n = min(65_535, count - offset)
            let lastChunk = offset + n == count
            put(final && lastChunk ? 1 : 0, 3)
            alignToByte()
            reserve(4 + n)
            append([UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)])
            if let source = bytes.base.baseAddress {
                out.withUnsafeMutableBufferPointer { o in
                    (o.baseAddress! + outCount).update(from: source + bytes.startIndex + offset, count: n)
                }
            }
            outCount += n
            offset += n
        } while offset < count
    }

    /// Fills the literal and run tables from the literal/length code lengths (distance 1's
    /// code is all zero bits, `distanceLength` of them).
    private func setCodes(litLengths: [UInt8], distanceLength: Int) {
        var codes = [UInt32](repeating: 0, count: 286)
        Self.canonicalCodes(litLengths, into: &codes)
        for s in 0..<256 {
            literalCodes[s] = codes[s]
            literalLengths[s] = litLengths[s]
        }
        for length in 3...258 {
            let symbol = Int(Self.lengthSymbols[length])
            let extraBits = Int(Self.lengthExtra[symbol - 257])
            let extra = UInt32(length - Int(Self.lengthBase[symbol - 257]))
            let n = Int(litLengths[symbol])
            runCodes[length] = codes[symbol] | extra << n
            runLengths[length] = UInt8(n + extraBits + distanceLength)
        }
        endCode = (codes[256], Int(litLengths[256]))
    }

    /// The block's symbols and its end, with the codes `setCodes` made.
    private func writeSymbols() {
        out.withUnsafeMutableBufferPointer { o in
            let base = o.baseAddress!
            var pos = outCount
            var b = bits
            var n = bitCount
            for k in 0..<tokenCount {
                let t = Int(tokens[k])
                let code: UInt32
                let length: UInt8
                if t < 256 {
                    code = literalCodes[t]
                    length = literalLengths[t]
                } else {
                    code = runCodes[t &- 256]
                    length = runLengths[t &- 256]
                }
                b |= UInt64(code) << UInt64(n)
                n &+= Int(length)
                if n >= 32 {
                    UnsafeMutableRawPointer(base + pos).storeBytes(
                        of: UInt32(truncatingIfNeeded: b).littleEndian, as: UInt32.self)
                    pos &+= 4
                    b >>= 32
                    n &-= 32
                }
            }
            outCount = pos
            bits = b
            bitCount = n
        }
        put(UInt64(endCode.0), endCode.1)
    }
}

// MARK: - Bits

extension RunDeflate {
    /// Appends `count` (0...32) bits of `value`, lowest first.
    fileprivate func put(_ value: UInt64, _ count: Int) {
        bits |= value << UInt64(bitCount)
        bitCount += count
        while bitCount >= 8 {
            reserve(1)
            out[outCount] = UInt8(truncatingIfNeeded: bits)
            outCount += 1
            bits >>= 8
            bitCount -= 8
        }
    }

    private func alignToByte() {
        if bitCount > 0 { put(0, 8 - bitCount) }
    }

    private func append(_ bytes: [UInt8]) {
        reserve(bytes.count)
        for b in bytes {
            out[outCount] = b
            outCount += 1
        }
    }

    /// Room for `n` more bytes (and the 4 a symbol store may write past them).
    private func reserve(_ n: Int) {
        let need = outCount + n + 8
        if out.count < need { out.append(contentsOf: repeatElement(0, count: max(need - out.count, out.count / 2))) }
    }
}

// MARK: - Huffman codes

extension RunDeflate {
    /// Code lengths of at most `limit` bits for the `count` symbols with `frequencies`
    /// (0 for a symbol not used), the shortest for the commonest: Huffman's lengths by
    /// Moffat and Katajainen's in-place method, then any longer than `limit` shortened and
    /// the code kept complete by lengthening the least common shorter codes. At least two
    /// symbols get a code (deflate's decoders expect a complete code).
    static func codeLengths(
        _ frequencies: UnsafePointer<UInt32>, count: Int, limit: Int, into lengths: inout [UInt8]
    ) {
        for s in 0..<count { lengths[s] = 0 }
        // The used symbols by frequency, least first (then by symbol).
        var used: [(frequency: UInt32, symbol: Int)] = []
        for s in 0..<count where frequencies[s] > 0 { used.append((frequencies[s], s)) }
        var s = 0
        while used.count < 2 {
            // Too few symbols for a complete code: add unused ones as if seen once.
            if frequencies[s] == 0 { used.append((1, s)) }
            s += 1
        }
        used.sort { $0.frequency != $1.frequency ? $0.frequency < $1.frequency : $0.symbol < $1.symbol }
        let n = used.count
        var a = used.map { Int($0.frequency) }
        // First pass, left to right: sums of pairs, leaving parent indices behind.
        a[0] += a[1]
        var root = 0
        var leaf = 2
        for next in 1..<(n - 1) {
            if leaf >= n || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root += 1
            } else {
                a[next] = a[leaf]
                leaf += 1
            }
            if leaf >= n || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]
                a[root] = next
                root += 1
            } else {
                a[next] += a[leaf]
                leaf += 1
            }
        }
        // Second pass, right to left: the depths of the internal nodes.
        a[n - 2] = 0
        if n >= 3 {
            for next in stride(from: n - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 }
        }
        // Third pass: the leaves' depths, deepest for the least frequent.
        var available = 1
        var usedNodes = 0
        var depth = 0
        root = n - 2
        var next = n - 1
        while available > 0 {
            while root >= 0 && a[root] == depth {
                usedNodes += 1
                root -= 1
            }
            while available > usedNodes {
                a[next] = depth
                next -= 1
                available -= 1
            }
            available = 2 * usedNodes
            depth += 1
            usedNodes = 0
        }
        // How many codes of each length, those over the limit at the limit, then codes moved
        // one longer until the Kraft sum is exactly one again.
        var perLength = [Int](repeating: 0, count: max(limit, a.max() ?? 0) + 1)
        for d in a { perLength[min(d, limit)] += 1 }
        var kraft = 0
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
            perLength[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            kraft -= 1
        }
        // Shortest codes to the commonest symbols (the end of `used`).
        var k = n
        for length in 1...limit {
            for _ in 0..<perLength[length] {
                k -= 1
                lengths[used[k].symbol] = UInt8(length)
            }
        }
    }

    /// Deflate's canonical codes for `lengths` (RFC 1951 3.2.2), each bit-reversed so that
    /// it can be sent lowest bit first.
    static func canonicalCodes(_ lengths: [UInt8], into codes: inout [UInt32]) {
        var perLength = [UInt32](repeating: 0, count: 16)
        for l in lengths where l > 0 { perLength[Int(l)] += 1 }
        var nextCode = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1...15 {
            code = (code + perLength[bits - 1]) << 1
            nextCode[bits] = code
        }
        for (s, l) in lengths.enumerated() {
            guard l > 0 else {
                codes[s] = 0
                continue
            }
            let c = nextCode[Int(l)]
            nextCode[Int(l)] += 1
            codes[s] = c.reversedBits(Int(l))
        }
    }

    /// The dynamic block's header after its three bits: HLIT, HDIST, HCLEN, the code
    /// length code, and both codes' lengths coded by it (runs of a length as 16, of zeros as
    /// 17 and 18).
    struct DynamicHeader {
        /// The code length symbols (0...18), each with its extra bits' value.
        private var symbols: [(symbol: UInt8, extra: UInt8)] = []
        private var literalCount: Int
        private var distanceCount: Int
        private var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        private var codeLengthCount = 4
        /// Bits the header takes.
        private(set) var bits = 0

        /// The order in which the code length code's lengths are sent.
        static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            literalCount = 257
            for s in 257..<286 where literalLengths[s] > 0 { literalCount = s + 1 }
            distanceCount = 1
            for s in 1..<30 where distanceLengths[s] > 0 { distanceCount = s + 1 }
            let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
            var i = 0
            while i < all.count {
                let l = all[i]
                var run = 1
                while i + run < all.count && all[i + run] == l { run += 1 }
                if l == 0 && run >= 3 {
                    let n = min(run, 138)
                    symbols.append(n >= 11 ? (18, UInt8(n - 11)) : (17, UInt8(n - 3)))
                    i += n
                } else if l != 0 && run >= 4 {
                    // The length once, then repeats of it 3 to 6 at a time.
                    symbols.append((l, 0))
                    let n = min(run - 1, 6)
                    symbols.append((16, UInt8(n - 3)))
                    i += 1 + n
                } else {
                    symbols.append((l, 0))
                    i += 1
                }
            }
            var frequencies = [UInt32](repeating: 0, count: 19)
            for s in symbols { frequencies[Int(s.symbol)] += 1 }
            frequencies.withUnsafeBufferPointer {
                RunDeflate.codeLengths($0.baseAddress!, count: 19, limit: 7, into: &codeLengthLengths)
            }
            for (k, s) in Self.order.enumerated() where codeLengthLengths[s] > 0 {
                codeLengthCount = max(codeLengthCount, k + 1)
            }
            bits = 5 + 5 + 4 + 3 * codeLengthCount
            for s in symbols {
                bits += Int(codeLengthLengths[Int(s.symbol)]) + Self.extraBits(s.symbol)
            }
        }

        static func extraBits(_ symbol: UInt8) -> Int {
            switch symbol {
            case 16: return 2
            case 17: return 3
            case 18: return 7
            default: return 0
            }
        }

        func write(to encoder: RunDeflate) {
            encoder.put(UInt64(literalCount - 257), 5)
            encoder.put(UInt64(distanceCount - 1), 5)
            encoder.put(UInt64(codeLengthCount - 4), 4)
            for k in 0..<codeLengthCount { encoder.put(UInt64(codeLengthLengths[Self.order[k]]), 3) }
            var codes = [UInt32](repeating: 0, count: 19)
            RunDeflate.canonicalCodes(codeLengthLengths, into: &codes)
            for s in symbols {
                let symbol = Int(s.symbol)
                encoder.put(UInt64(codes[symbol]), Int(codeLengthLengths[symbol]))
                let extra = Self.extraBits(s.symbol)
                if extra > 0 { encoder.put(UInt64(s.extra), extra) }
            }
        }
    }
}

// MARK: - Tables

extension RunDeflate {
    /// The length symbol (257...285) of each run length 3...258 (0...2 unused).
    static let lengthSymbols: [UInt16] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        var symbol = 0
        while symbol + 1 < 29 && Int(lengthBase[symbol + 1]) <= length { symbol += 1 }
        return UInt16(257 + symbol)
    }
    /// The first length of each length symbol 257...285, and its extra bits.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    /// The fixed code's length of literal/length symbol `s` (RFC 1951 3.2.6).
    static func fixedLength(_ s: Int) -> UInt8 {
        switch s {
        case 0...143: return 8
        case 144...255: return 9
        case 256...279: return 7
        default: return 8
        }
    }

    static let fixedLiteralLengths: [UInt8] = (0..<286).map { fixedLength($0) }

    /// The distance code lengths of every dynamic block: only distance 1 (code 0) is used;
    /// deflate wants at least one code, and two of one bit make the code complete for every
    /// decoder.
    static let distanceLengths: [UInt8] = [1, 1] + [UInt8](repeating: 0, count: 28)
}

extension UInt32 {
    /// The lowest `count` bits in reverse order.
    fileprivate func reversedBits(_ count: Int) -> UInt32 {
        var v = self
        var r: UInt32 = 0
        for _ in 0..<count {
            r = r << 1 | v & 1
            v >>= 1
        }
        return r
    }
}
