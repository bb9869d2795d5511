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
        let start = out.count
        let groups = bytes.count / 3
        // The room first, then the characters through pointers: no capacity or uniqueness
        // check per character.
        out.append(contentsOf: repeatElement(0, count: (bytes.count + 2) / 3 * 4))
        alphabet.withUnsafeBufferPointer { a in
            bytes.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { o in
                    guard let a = a.baseAddress, let o = o.baseAddress.map({ $0 + start }) else { return }
                    guard let b = b.baseAddress else { return }
                    for g in 0..<groups {
                        let p = b + 3 &* g
                        let q = o + 4 &* g
                        let v = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                        q[0] = a[Int(v >> 18 & 63)]
                        q[1] = a[Int(v >> 12 & 63)]
                        q[2] = a[Int(v >> 6 & 63)]
                        q[3] = a[Int(v & 63)]
                    }
                    let rest = bytes.count - 3 * groups
                    guard rest > 0 else { return }
                    let p = b + 3 &* groups
                    let q = o + 4 &* groups
                    let v = UInt32(p[0]) << 16 | (rest == 2 ? UInt32(p[1]) << 8 : 0)
                    q[0] = a[Int(v >> 18 & 63)]
                    q[1] = a[Int(v >> 12 & 63)]
                    q[2] = rest == 2 ? a[Int(v >> 6 & 63)] : 0x3D
                    q[3] = 0x3D
                }
            }
        }
    }
}
