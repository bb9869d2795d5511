import Foundation

/// Decides an XML document's character encoding before anything else looks at its bytes
/// (XML 1.0, appendix F), so that every later check reads the characters the parser
/// will read. Read: UTF-8 (with or without a byte order mark) and UTF-16 with a byte
/// order mark, which is turned into UTF-8. Refused: UTF-16 or UTF-32 without a byte order
/// mark, and any document whose declaration names another encoding (`encoding="UTF-16"`
/// on UTF-8 bytes, `ISO-8859-1`, ...): libxml2 would switch decoders mid-document and the
/// byte-level safety checks would not see what it parses.
enum XMLEncoding {
    /// The document as UTF-8 bytes with no encoding declaration left to act on.
    /// - Parameters:
    ///   - bytes: the file as read.
    ///   - name: the file's name, for messages.
    static func utf8(_ bytes: [UInt8], name: String) throws(AssetError) -> [UInt8] {
        var text: [UInt8]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            if bytes.starts(with: [0xFF, 0xFE, 0, 0]) {
                throw AssetError(file: name, "UTF-32 XML is not read (UTF-8 or UTF-16 only)")
            }
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw AssetError(file: name, "UTF-16 XML with an odd number of bytes") }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var i = 2
            while i + 1 < bytes.count {
                units.append(
                    little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                )
                i += 2
            }
            guard let s = String(validating: units, as: UTF16.self) else {
                throw AssetError(file: name, "not valid UTF-16 (unpaired surrogate)")
            }
            text = Array(s.utf8)
            return try withoutDeclaredEncoding(text, declared: ["utf-16", "utf16"], name: name)
        }
        if bytes.count >= 4, bytes[0] == 0 || bytes[1] == 0 {
            throw AssetError(file: name, "XML in UTF-16 or UTF-32 without a byte order mark is not read")
        }
        text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return try withoutDeclaredEncoding(text, declared: ["utf-8", "utf8"], name: name)
    }

    /// `text` (UTF-8) with its XML declaration's encoding checked against `declared` (the
    /// names that match the bytes) and the declaration removed, so the parser reads UTF-8.
    private static func withoutDeclaredEncoding(_ text: [UInt8], declared allowed: Set<String>, name: String)
        throws(AssetError) -> [UInt8]
    {
        guard text.starts(with: Array("<?xml".utf8)), text.count > 5, [9, 10, 13, 32].contains(text[5]) else {
            return text
        }
        guard
            let end = (5..<(text.count - 1)).first(where: {
                text[$0] == UInt8(ascii: "?") && text[$0 + 1] == UInt8(ascii: ">")
            })
        else {
            throw AssetError(file: name, "malformed XML declaration (no '?>')")
        }
        let declaration = String(decoding: text[5..<end], as: UTF8.self)
        if let range = declaration.range(of: "encoding") {
            let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else {
                throw AssetError(file: name, "malformed XML declaration (encoding without a quoted name)")
            }
            let value = rest.dropFirst().prefix { $0 != quote }
            guard allowed.contains(value.lowercased()) else {
                throw AssetError(
                    file: name,
                    "XML declares the encoding '\(AssetError.oneLine(String(value.prefix(40))))', "
                        + "which does not match its bytes (UTF-8, or UTF-16 with a byte order mark, only)"
                )
            }
        }
        return Array(text[(end + 2)...])
    }
}
