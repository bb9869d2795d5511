/// The records after a PLY header, read one scalar at a time in the file's encoding:
/// ASCII numbers separated by any whitespace, or binary in either byte order.
struct PLYValues {
    let bytes: [UInt8]
    let encoding: PLYHeader.Encoding
    let name: String
    /// The offset of the next unread byte.
    var offset: Int

    init(_ bytes: [UInt8], header: PLYHeader, name: String) {
        self.bytes = bytes
        encoding = header.encoding
        offset = header.bodyStart
        self.name = name
    }

    /// The next scalar of type `type`, as a finite `Double`.
    /// - Throws: `AssetError` at the end of the file, for a non-finite value, or for a
    ///   word that is not a number (ASCII).
    mutating func next(_ type: PLYHeader.Scalar) throws(AssetError) -> Double {
        switch encoding {
        case .ascii: return try nextWord()
        case .binary(let bigEndian): return try nextBinary(type, bigEndian: bigEndian)
        }
    }

    /// The next list length, a whole number from 0 to `limit`.
    mutating func count(_ type: PLYHeader.Scalar, limit: Int, what: String) throws(AssetError) -> Int {
        let v = try next(type)
        guard v >= 0, v <= Double(limit), v == v.rounded() else {
            throw AssetError(file: name, "\(what) list of \(v) entries (expected a whole number from 0 to \(limit))")
        }
        return Int(v)
    }

    private mutating func nextWord() throws(AssetError) -> Double {
        while offset < bytes.count, isWhitespace(bytes[offset]) { offset += 1 }
        let start = offset
        while offset < bytes.count, !isWhitespace(bytes[offset]) { offset += 1 }
        guard start < offset else { throw AssetError(file: name, "file ends inside the PLY data (truncated)") }
        let word = bytes[start..<offset]
        guard let v = TextScanner.double(word) else {
            throw AssetError(file: name, "'\(TextScanner.text(word))' in the PLY data is not a finite number")
        }
        return v
    }

    private func isWhitespace(_ b: UInt8) -> Bool { b == 32 || b == 10 || b == 13 || b == 9 || b == 11 || b == 12 }

    private mutating func nextBinary(_ type: PLYHeader.Scalar, bigEndian: Bool) throws(AssetError) -> Double {
        let size = type.size
        guard offset + size <= bytes.count else {
            throw AssetError(file: name, "file ends inside the PLY data (truncated)")
        }
        var raw: UInt64 = 0
        for k in 0..<size {
            let b = UInt64(bytes[offset + (bigEndian ? k : size - 1 - k)])
            raw = raw << 8 | b
        }
        offset += size
        let v: Double
        switch type {
        case .int8: v = Double(Int8(truncatingIfNeeded: raw))
        case .uint8: v = Double(UInt8(truncatingIfNeeded: raw))
        case .int16: v = Double(Int16(truncatingIfNeeded: raw))
        case .uint16: v = Double(UInt16(truncatingIfNeeded: raw))
        case .int32: v = Double(Int32(truncatingIfNeeded: raw))
        case .uint32: v = Double(UInt32(truncatingIfNeeded: raw))
        case .float32: v = Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
        case .float64: v = Double(bitPattern: raw)
        }
        guard v.isFinite else { throw AssetError(file: name, "a value in the PLY data is not finite") }
        return v
    }
}
