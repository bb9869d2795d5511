/// The header of a Stanford PLY file: its encoding and its elements, each a count of
/// records of typed properties (scalars, or lists of scalars with a typed length).
///
/// The header is text lines from `ply` to `end_header`; `comment` and `obj_info` lines
/// are skipped, and so are lines of unknown keywords (Blender 2.4 wrote a comment
/// without its keyword). See Paul Bourke's description, https://paulbourke.net/dataformats/ply/.
struct PLYHeader {
    /// How the records after the header are written.
    enum Encoding {
        case ascii
        case binary(bigEndian: Bool)
    }

    /// A scalar type of the format, by any of its two names (`uchar` or `uint8`).
    enum Scalar {
        case int8, uint8, int16, uint16, int32, uint32, float32, float64

        /// The scalar type named `word`, or nil.
        init?(_ word: String) {
            switch word {
            case "char", "int8": self = .int8
            case "uchar", "uint8": self = .uint8
            case "short", "int16": self = .int16
            case "ushort", "uint16": self = .uint16
            case "int", "int32": self = .int32
            case "uint", "uint32": self = .uint32
            case "float", "float32": self = .float32
            case "double", "float64": self = .float64
            default: return nil
            }
        }

        /// Bytes in the binary encodings.
        var size: Int {
            switch self {
            case .int8, .uint8: 1
            case .int16, .uint16: 2
            case .int32, .uint32, .float32: 4
            case .float64: 8
            }
        }

        /// True for the floating-point types.
        var isFloat: Bool { self == .float32 || self == .float64 }
    }

    /// One property of an element: a scalar, or a list (`count` the type of its length).
    struct Property {
        let name: String
        let type: Scalar
        let count: Scalar?
    }

    /// One element: `count` records of `properties`.
    struct Element {
        let name: String
        let count: Int
        var properties: [Property] = []

        /// The least bytes one record takes: binary sizes (a list's length alone), or in
        /// ASCII one character and a separator per scalar.
        func minimumBytes(_ encoding: Encoding) -> Int {
            switch encoding {
            case .ascii: return max(1, properties.count * 2)
            case .binary: return max(1, properties.reduce(0) { $0 + ($1.count?.size ?? $1.type.size) })
            }
        }
    }

    var encoding: Encoding = .ascii
    var elements: [Element] = []
    /// The offset of the first byte after `end_header` and its line end.
    var bodyStart = 0

    /// Most header bytes read before `end_header`: 64 KB.
    static let maxHeaderBytes = 65536
    /// Most elements and properties in a header.
    static let maxDeclarations = 1024

    /// Reads the header at the start of `bytes`.
    /// - Throws: `AssetError` naming the line for anything but a well-formed PLY header, and
    ///   when an element declares more records than the rest of the file can hold.
    init(_ bytes: [UInt8], name: String) throws(AssetError) {
        var start = 0
        var line = 0
        var declarations = 0
        var sawFormat = false
        while true {
            line += 1
            guard start < bytes.count, start < PLYHeader.maxHeaderBytes else {
                throw AssetError(file: name, "PLY header has no end_header line in its first 64 KB")
            }
            var end = start
            while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
            let words = TextScanner.tokens(bytes[start..<end], comments: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            // The line end: LF, CRLF or CR.
            start = end
            if start < bytes.count, bytes[start] == 13 { start += 1 }
            if start < bytes.count, bytes[start] == 10 { start += 1 }
            if line == 1 {
                guard words == ["ply"] else { throw AssetError(file: name, "not a PLY file (no 'ply' line)") }
                continue
            }
            guard let keyword = words.first else { continue }
            switch keyword {
            case "comment", "obj_info":
                continue
            case "format":
                guard words.count == 3, words[2] == "1.0" || words[2] == "1" else {
                    throw AssetError(file: name, line: line, "format needs an encoding and version 1.0")
                }
                switch words[1] {
                case "ascii": encoding = .ascii
                case "binary_little_endian": encoding = .binary(bigEndian: false)
                case "binary_big_endian": encoding = .binary(bigEndian: true)
                default:
                    throw AssetError(file: name, line: line, "unknown PLY encoding '\(String(words[1].prefix(40)))'")
                }
                sawFormat = true
            case "element":
                guard words.count == 3, let count = Int(words[2]), count >= 0 else {
                    throw AssetError(file: name, line: line, "element needs a name and a count of 0 or more")
                }
                declarations += 1
                elements.append(Element(name: words[1], count: count))
            case "property":
                guard !elements.isEmpty else {
                    throw AssetError(file: name, line: line, "property before any element")
                }
                declarations += 1
                let property: Property
                if words.count == 5, words[1] == "list", let count = Scalar(words[2]), let type = Scalar(words[3]) {
                    guard !count.isFloat else {
                        throw AssetError(file: name, line: line, "list length of a floating-point type")
                    }
                    property = Property(name: words[4], type: type, count: count)
                } else if words.count == 3, let type = Scalar(words[1]) {
                    property = Property(name: words[2], type: type, count: nil)
                } else {
                    throw AssetError(
                        file: name, line: line,
                        "property needs a type and a name ('property float x' or "
                            + "'property list uchar int vertex_indices')")
                }
                elements[elements.count - 1].properties.append(property)
            case "end_header":
                guard sawFormat else { throw AssetError(file: name, line: line, "end_header before format") }
                bodyStart = start
                try checkCounts(bytes.count - start, name: name)
                return
            default:
                // Other lines are skipped, as other readers do: Blender 2.4 wrote its
                // comment without the `comment` keyword.
                continue
            }
            guard declarations <= PLYHeader.maxDeclarations else {
                throw AssetError(
                    file: name, line: line, "more than \(PLYHeader.maxDeclarations) elements and properties")
            }
        }
    }

    /// Refuses counts the body cannot hold, before anything is allocated for them.
    private func checkCounts(_ available: Int, name: String) throws(AssetError) {
        var needed = 0
        for e in elements {
            let (bytes, overflow) = e.count.multipliedReportingOverflow(by: e.minimumBytes(encoding))
            needed += bytes
            guard !overflow, needed <= available else {
                throw AssetError(
                    file: name,
                    "element '\(String(e.name.prefix(40)))' declares \(e.count) records, more than the "
                        + "\(available) bytes after the header can hold")
            }
        }
    }
}
