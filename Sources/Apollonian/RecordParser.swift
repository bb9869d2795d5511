import TerminalText

/// A strict, small JSON reader for arrays of flat sphere objects (no recursion on the
/// known keys; unknown values are skipped with a nesting limit).
struct RecordParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: String
    let maxRecords: Int
    var i = 0

    static let maxDepth = 64

    init(bytes: UnsafeBufferPointer<UInt8>, source: String, maxRecords: Int) {
        self.bytes = bytes
        self.source = source
        self.maxRecords = maxRecords
    }

    /// The error for `problem`, kept to one line: text quoted from the input (a key may
    /// hold `\n` or ESC once its escapes are decoded) has its control characters written
    /// as `\u{XX}` (`TerminalText`), and the problem is cut at `maxProblemLength` characters.
    func fail(_ problem: String) -> PackingError {
        let line = TerminalText.line(problem, limit: Self.maxProblemLength)
        return .badRecords(source: source, problem: line)
    }

    /// Longest problem text in an error, in characters.
    static let maxProblemLength = 200

    mutating func parseDocument() throws -> [SphereRecord] {
        // A UTF-8 byte-order mark is allowed before the document.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < bytes.count else { throw fail("empty input, expected a JSON array of sphere records") }
        guard bytes[i] == UInt8(ascii: "[") else {
            throw fail("expected a JSON array of sphere records, found \(describe(bytes[i]))")
        }
        i += 1
        var records: [SphereRecord] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                guard records.count < maxRecords else { throw fail("more than \(maxRecords) records") }
                records.append(try parseRecord(index: records.count + 1))
                skipSpace()
                guard let c = peek() else {
                    throw fail("unexpected end of input after record \(records.count), expected ',' or ']'")
                }
                i += 1
                if c == UInt8(ascii: "]") { break }
                guard c == UInt8(ascii: ",") else {
                    throw fail("byte \(i - 1): expected ',' or ']' after record \(records.count), found \(describe(c))")
                }
                skipSpace()
            }
        }
        skipSpace()
        if i < bytes.count { throw fail("byte \(i): unexpected \(describe(bytes[i])) after the array") }
        return records
    }

    mutating func parseRecord(index: Int) throws -> SphereRecord {
        guard let c = peek() else { throw fail("unexpected end of input, expected record \(index)") }
        guard c == UInt8(ascii: "{") else { throw fail("record \(index) is \(describe(c)), expected an object") }
        i += 1
        var x: Double?
        var y: Double?
        var z: Double?
        var r: Double?
        var radius: Double?
        var l: Double?
        var level: Double?
        var k: Double?
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                let key = try plainKey() ?? parseString(context: "record \(index)")
                skipSpace()
                guard peek() == UInt8(ascii: ":") else { throw fail("record \(index): expected ':' after \"\(key)\"") }
                i += 1
                skipSpace()
                switch key {
                case "X": x = try parseNumber(key, index)
                case "Y": y = try parseNumber(key, index)
                case "Z": z = try parseNumber(key, index)
                case "R": r = try parseNumber(key, index)
                case "Radius": radius = try parseNumber(key, index)
                case "L": l = try parseNumber(key, index)
                case "Level": level = try parseNumber(key, index)
                case "K": k = try parseNumber(key, index)
                default: try skipValue(depth: 0, context: "record \(index)")
                }
                skipSpace()
                guard let c = peek() else { throw fail("unexpected end of input in record \(index)") }
                i += 1
                if c == UInt8(ascii: "}") { break }
                guard c == UInt8(ascii: ",") else {
                    throw fail("record \(index): expected ',' or '}', found \(describe(c))")
                }
            }
        }
        guard let cx = x else { throw fail("record \(index): missing key \"X\"") }
        guard let cy = y else { throw fail("record \(index): missing key \"Y\"") }
        guard let cz = z else { throw fail("record \(index): missing key \"Z\"") }
        guard let rad = r ?? radius else { throw fail("record \(index): missing key \"R\" (or \"Radius\")") }
        guard let lev = l ?? level else { throw fail("record \(index): missing key \"L\" (or \"Level\")") }
        guard rad >= 0 else { throw fail("record \(index): negative radius \(rad)") }
        guard lev == lev.rounded(), lev >= 1, lev <= 1000 else {
            throw fail("record \(index): level \(lev) is not a whole number in 1...1000")
        }
        var curvature: SphereCurvature?
        if let k {
            guard k == k.rounded(), abs(k) < 1e15 else {
                throw fail("record \(index): curvature \"K\" \(k) is not a whole number")
            }
            curvature = SphereCurvature(a: Int64(k), b: 0, isIntegral: true)
        }
        return SphereRecord(x: cx, y: cy, z: cz, r: rad, level: Int(lev), curvature: curvature)
    }

    mutating func parseNumber(_ key: String, _ index: Int) throws -> Double {
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        guard i > start else {
            let found = i < bytes.count ? describe(bytes[i]) : "the end of input"
            throw fail("record \(index): \"\(key)\" is \(found), expected a number")
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard Self.isJSONNumber(text), let v = Double(text) else {
            throw fail("record \(index): \"\(key)\" is not a number: \(text.prefix(40))")
        }
        guard v.isFinite else { throw fail("record \(index): \"\(key)\" is not finite: \(text.prefix(40))") }
        return v
    }

    static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    }

    /// JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    static func isJSONNumber(_ s: String) -> Bool {
        var u = Substring(s).utf8[...]
        func digits() -> Int {
            var n = 0
            while let c = u.first, c >= 48, c <= 57 {
                u = u.dropFirst()
                n += 1
            }
            return n
        }
        if u.first == UInt8(ascii: "-") { u = u.dropFirst() }
        if u.first == UInt8(ascii: "0") { u = u.dropFirst() } else if digits() == 0 { return false }
        if u.first == UInt8(ascii: ".") {
            u = u.dropFirst()
            if digits() == 0 { return false }
        }
        if let e = u.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            u = u.dropFirst()
            if let sg = u.first, sg == UInt8(ascii: "+") || sg == UInt8(ascii: "-") { u = u.dropFirst() }
            if digits() == 0 { return false }
        }
        return u.isEmpty
    }

    /// A key without escapes or control characters (the common case), read straight from
    /// the bytes: the same string `parseString` gives, without its copy and its context text
    /// (millions of keys in a large file). Nil, with nothing read, for any other input.
    mutating func plainKey() -> String? {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        var j = i + 1
        while j < bytes.count {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") {
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j]), as: UTF8.self)
                i = j + 1
                return key
            }
            if c < 0x20 || c == UInt8(ascii: "\\") { return nil }
            j += 1
        }
        return nil
    }

    mutating func parseString(context: String) throws -> String {
        guard peek() == UInt8(ascii: "\"") else {
            throw fail(
                "\(context): expected a key in quotes, found "
                    + "\(i < bytes.count ? describe(bytes[i]) : "the end of input")"
            )
        }
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw fail("\(context): control character in a string at byte \(i - 1)") }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                continue
            }
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                guard i + 4 <= bytes.count,
                    let v = UInt32(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + 4)]), as: UTF8.self), radix: 16)
                else { throw fail("\(context): bad \\u escape at byte \(i - 2)") }
                i += 4
                out.append(contentsOf: Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8))
            default: throw fail("\(context): bad escape \\\(describe(e)) at byte \(i - 2)")
            }
        }
        throw fail("\(context): unterminated string")
    }

    /// Skips any JSON value (for keys the records do not use), nesting at most `maxDepth`.
    mutating func skipValue(depth: Int, context: String) throws {
        guard depth < Self.maxDepth else { throw fail("\(context): nested deeper than \(Self.maxDepth) levels") }
        guard let c = peek() else { throw fail("\(context): unexpected end of input") }
        switch c {
        case UInt8(ascii: "\""): _ = try parseString(context: context)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            i += 1
            skipSpace()
            if peek() == close {
                i += 1
                return
            }
            while true {
                skipSpace()
                if c == UInt8(ascii: "{") {
                    _ = try parseString(context: context)
                    skipSpace()
                    guard peek() == UInt8(ascii: ":") else { throw fail("\(context): expected ':' at byte \(i)") }
                    i += 1
                    skipSpace()
                }
                try skipValue(depth: depth + 1, context: context)
                skipSpace()
                guard let d = peek() else { throw fail("\(context): unexpected end of input") }
                i += 1
                if d == close { return }
                guard d == UInt8(ascii: ",") else {
                    throw fail("\(context): expected ',' at byte \(i - 1), found \(describe(d))")
                }
            }
        case UInt8(ascii: "t"): try literal("true", context)
        case UInt8(ascii: "f"): try literal("false", context)
        case UInt8(ascii: "n"): try literal("null", context)
        default:
            let start = i
            while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard i > start, Self.isJSONNumber(text) else {
                throw fail("\(context): unexpected \(describe(c)) at byte \(start)")
            }
        }
    }

    mutating func literal(_ word: String, _ context: String) throws {
        for b in word.utf8 {
            guard peek() == b else { throw fail("\(context): bad literal at byte \(i), expected \(word)") }
            i += 1
        }
    }

    func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// A short human name for the value starting with byte `c`.
    func describe(_ c: UInt8) -> String {
        switch c {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "<"): return "'<' (HTML or XML, not JSON)"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        default: return "byte 0x" + String(c, radix: 16, uppercase: true)
        }
    }
}
