import Foundation

/// A broken or hostile file for a reader, with the files around it, and a part of the
/// one-line message it must produce.
struct HostileCase: Sendable, CustomStringConvertible {
    /// The model's file name (its extension chooses the reader).
    var file: String
    /// The model's bytes.
    var bytes: [UInt8]
    /// Other files written beside it (relative path, bytes).
    var extra: [(String, [UInt8])] = []
    /// Symbolic links made beside it (link name, target).
    var links: [(String, String)] = []
    /// Text the error message must contain.
    var expect: String

    init(
        _ file: String, _ text: String, expect: String, extra: [(String, [UInt8])] = [], links: [(String, String)] = []
    ) {
        self.init(file, Array(text.utf8), expect: expect, extra: extra, links: links)
    }

    init(
        _ file: String, _ bytes: [UInt8], expect: String, extra: [(String, [UInt8])] = [],
        links: [(String, String)] = []
    ) {
        self.file = file
        self.bytes = bytes
        self.expect = expect
        self.extra = extra
        self.links = links
    }

    var description: String { "\(file) (\(expect))" }

    /// Deterministic noise bytes (xorshift), `count` long.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var s = seed | 1
        return (0..<count).map { _ in
            s ^= s << 13
            s ^= s >> 7
            s ^= s << 17
            return UInt8(truncatingIfNeeded: s)
        }
    }

    /// A secret file outside every model folder that no reader may reveal.
    static let secretPath: String = {
        let path = NSTemporaryDirectory() + "orbit-assets-secret.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("TOP-SECRET-CONTENT".utf8))
        return path
    }()
}
