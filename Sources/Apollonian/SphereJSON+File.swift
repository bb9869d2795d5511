import Foundation

extension SphereJSON {
    /// Largest input `read` accepts: 1 GiB.
    public static let maxInputBytes = 1 << 30

    /// Reads sphere records from a JSON file, or from standard input when `path` is `-`.
    /// - Parameters:
    ///   - path: a file path, or `-` for standard input.
    ///   - maxRecords: refuse more records than this. Default 10 million.
    /// - Throws: `PackingError.badRecords` naming the file (or `stdin`) when it cannot be
    ///   read, is larger than `maxInputBytes`, or is not sphere records.
    public static func read(path: String, maxRecords: Int = defaultMaxRecords) throws -> [SphereRecord] {
        if path == "-" {
            var bytes: [UInt8] = []
            while let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
                if bytes.count > maxInputBytes { throw PackingError.badRecords(source: "stdin", problem: "more than \(maxInputBytes) bytes") }
            }
            return try decode(bytes, source: "stdin", maxRecords: maxRecords)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PackingError.badRecords(source: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else { throw PackingError.badRecords(source: path, problem: "is a directory, not a JSON file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxInputBytes else { throw PackingError.badRecords(source: path, problem: "larger than \(maxInputBytes) bytes") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PackingError.badRecords(source: path, problem: "cannot be read (permissions?)")
        }
        return try decode([UInt8](data), source: path, maxRecords: maxRecords)
    }
}
