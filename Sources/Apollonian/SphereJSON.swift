/// Sphere records as JSON, exactly as the Apollonian web service wrote them:
/// `[{"X":0.3178,"Y":0.3178,"Z":0.3178,"R":0.4495,"L":1},...]` (one line, no spaces,
/// values rounded to a number of decimals, trailing zeros dropped). Records of an integral
/// packing (`--packing soddy`) also carry their exact integer curvature as `"K"`, last.
///
/// Decoding also accepts the service's earliest key style (`Radius`, `Level` instead of
/// `R`, `L`); see `SphereJSON.decode`.
public enum SphereJSON {
    /// Largest `decimals` accepted by `encode`.
    public static let maxDecimals = 12

    /// The records as service-style JSON bytes (UTF-8, no trailing newline).
    /// - Parameters:
    ///   - records: the spheres, written in order.
    ///   - decimals: digits after the decimal point, 0...12. Default 4, as the service.
    /// - Throws: `PackingError.invalidOption` when `decimals` is out of range,
    ///   `PackingError.badRecords` when a value is not finite.
    public static func encode(_ records: [SphereRecord], decimals: Int = 4) throws -> [UInt8] {
        guard (0...maxDecimals).contains(decimals) else {
            throw PackingError.invalidOption("decimals", "\(decimals) is outside 0...\(maxDecimals)")
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 48 + 2)
        out.append(UInt8(ascii: "["))
        for (i, r) in records.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            guard r.x.isFinite, r.y.isFinite, r.z.isFinite, r.r.isFinite else {
                throw PackingError.badRecords(
                    source: "sphere records", problem: "record \(i + 1) has a value that is not finite")
            }
            append("{\"X\":", to: &out)
            appendNumber(r.x, decimals: decimals, scale: scale, to: &out)
            append(",\"Y\":", to: &out)
            appendNumber(r.y, decimals: decimals, scale: scale, to: &out)
            append(",\"Z\":", to: &out)
            appendNumber(r.z, decimals: decimals, scale: scale, to: &out)
            append(",\"R\":", to: &out)
            appendNumber(r.r, decimals: decimals, scale: scale, to: &out)
            append(",\"L\":", to: &out)
            append(String(r.level), to: &out)
            if let k = r.curvature?.integer {
                append(",\"K\":", to: &out)
                append(String(k), to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// The records as a service-style JSON string (see `encode(_:decimals:)`).
    public static func encodeString(_ records: [SphereRecord], decimals: Int = 4) throws -> String {
        String(decoding: try encode(records, decimals: decimals), as: UTF8.self)
    }

    /// `value` rounded to `decimals` places (half away from zero), written without
    /// exponent or trailing zeros: 0.5 -> "0.5", 2 -> "2", -0.00001 -> "0".
    public static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<min(max(decimals, 0), maxDecimals) { scale *= 10 }
        var out: [UInt8] = []
        appendNumber(value, decimals: min(max(decimals, 0), maxDecimals), scale: scale, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ s: String, to out: inout [UInt8]) { out.append(contentsOf: s.utf8) }

    private static func appendNumber(_ v: Double, decimals: Int, scale: Double, to out: inout [UInt8]) {
        let m = (v * scale).rounded()
        guard v.isFinite, abs(m) < 1e15 else {
            // Out of the exact-integer range (or not finite): Swift's shortest form.
            append(v.isFinite ? "\(v)" : "null", to: &out)
            return
        }
        var n = Int64(m)
        if n == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if n < 0 {
            out.append(UInt8(ascii: "-"))
            n = -n
        }
        var digits = Array(String(n).utf8)
        if digits.count <= decimals {
            digits.insert(contentsOf: Array(repeating: UInt8(ascii: "0"), count: decimals - digits.count + 1), at: 0)
        }
        let point = digits.count - decimals
        var frac = digits[point...]
        while let last = frac.last, last == UInt8(ascii: "0") { frac = frac.dropLast() }
        out.append(contentsOf: digits[..<point])
        if !frac.isEmpty {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: frac)
        }
    }
}
