/// Standard base64 (RFC 4648, with `=` padding), for the kitty graphics protocol.
public enum Base64 {
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        append(bytes[...], to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the base64 of `bytes` to `out` (4 characters per 3 bytes, padded).
    public static func append(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        alphabet.withUnsafeBufferPointer { a in
            var i = bytes.startIndex
            let end = bytes.endIndex
            while i + 3 <= end {
                let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
                out.append(a[Int(v >> 18 & 63)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(a[Int(v >> 6 & 63)])
                out.append(a[Int(v & 63)])
                i += 3
            }
            let rest = end - i
            if rest == 1 {
                let v = UInt32(bytes[i]) << 16
                out.append(a[Int(v >> 18 & 63)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(0x3D)
                out.append(0x3D)
            } else if rest == 2 {
                let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
                out.append(a[Int(v >> 18 & 63)])
                out.append(a[Int(v >> 12 & 63)])
                out.append(a[Int(v >> 6 & 63)])
                out.append(0x3D)
            }
        }
    }
}
