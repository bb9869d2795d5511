/// Guards for JSON input: a nesting-depth check that runs before the decoder (so a
/// deeply nested file cannot exhaust the stack), and one-line descriptions of decoding errors.
enum JSONDepth {
    /// Throws when arrays and objects nest deeper than `AssetLimits.maxDepth`.
    static func check(_ bytes: [UInt8], name: String) throws(AssetError) {
        var depth = 0
        var inString = false
        var escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 92 { escaped = true } else if b == 34 { inString = false }
                continue
            }
            switch b {
            case 34: inString = true
            case 91, 123:
                depth += 1
                if depth > AssetLimits.maxDepth {
                    throw AssetError(file: name, "JSON nested deeper than \(AssetLimits.maxDepth) levels")
                }
            case 93, 125: depth -= 1
            default: break
            }
        }
    }

    /// A one-line description of a decoding error with the path to the bad value.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var s = ""
            for k in keys {
                if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
            }
            return s.isEmpty ? "document" : s
        }
        switch error {
        case .typeMismatch(let type, let c): return "\(path(c.codingPath)): expected \(type)"
        case .valueNotFound(let type, let c): return "\(path(c.codingPath)): missing \(type)"
        case .keyNotFound(let key, let c): return "\(path(c.codingPath + [key])): required but missing"
        case .dataCorrupted(let c):
            return c.codingPath.isEmpty ? "invalid JSON" : "\(path(c.codingPath)): invalid value"
        @unknown default: return "invalid JSON"
        }
    }
}
