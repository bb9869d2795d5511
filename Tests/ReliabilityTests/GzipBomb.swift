/// A gzip body that inflates to far more than it weighs: one zero byte, then
/// back-references of 258 bytes at distance 1 in a fixed-Huffman deflate block (13 bits
/// for 258 bytes, about 160 to 1). The trailer's checksum is not computed: a client must
/// stop long before it would check it.
enum GzipBomb {
    /// About `inflated` bytes of zeros once decoded.
    static func make(inflated: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.put(1, 1)  // BFINAL
        bits.put(1, 2)  // BTYPE 01: fixed Huffman codes
        bits.code(0b0011_0000, 8)  // literal 0
        // Length code 285 (258 bytes), then distance code 0 (5 zero bits).
        let reference = BitWriter.reversed(0b1100_0101, 8)
        for _ in 0..<(inflated / 258) { bits.put(reference, 13) }
        bits.code(0, 7)  // end of block
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        return header + bits.finished + [UInt8](repeating: 0, count: 8)
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most
    /// significant bit first.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var count = 0

        /// `width` bits of `value`, least significant first.
        mutating func put(_ value: Int, _ width: Int) {
            pending |= UInt64(value) << UInt64(count)
            count += width
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                count -= 8
            }
        }

        /// A Huffman code of `width` bits, most significant first.
        mutating func code(_ value: Int, _ width: Int) { put(Self.reversed(value, width), width) }

        static func reversed(_ value: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { r, i in r | ((value >> i) & 1) << (width - 1 - i) }
        }

        /// Everything written, the last byte padded with zero bits.
        var finished: [UInt8] { count > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes }
    }
}
