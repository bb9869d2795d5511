import Foundation

extension SphereJSON {
    /// Largest input `read` accepts: 1 GiB.
    public static let maxInputBytes = 1 << 30

    /// Reads sphere records from a JSON file, or from standard input when `path` is `-`.
    ///
    /// The input is read in 1 MiB pieces and refused as soon as it passes `maxBytes`, so a
    /// pipe or device that never ends (`orbit render - < /dev/zero`, a link to
    /// `/dev/zero`) costs at most that much memory.
    /// - Parameters:
    ///   - path: a file path, or `-` for standard input.
    ///   - maxRecords: refuse more records than this. Default 10 million.
    ///   - maxBytes: refuse more bytes than this. Default `maxInputBytes` (1 GiB).
    /// - Throws: `PackingError.badRecords` naming the file (or `stdin`) when it cannot be
    ///   read, is larger than `maxBytes`, or is not sphere records.
    public static func read(
        path: String, maxRecords: Int = defaultMaxRecords,
        maxBytes: Int = maxInputBytes
    ) throws -> [SphereRecord] {
        if path == "-" {
            let bytes = try readBounded(FileHandle.standardInput, source: "stdin", maxBytes: maxBytes)
            return try decode(bytes, source: "stdin", maxRecords: maxRecords)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PackingError.badRecords(source: path, problem: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw PackingError.badRecords(source: path, problem: "is a directory, not a JSON file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maxBytes else {
            throw PackingError.badRecords(source: path, problem: "larger than \(maxBytes) bytes")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PackingError.badRecords(source: path, problem: "cannot be read (permissions?)")
        }
        defer { try? handle.close() }
        return try decode(
            try readBounded(handle, source: path, maxBytes: maxBytes, expected: size), source: path,
            maxRecords: maxRecords)
    }

    /// Everything `handle` gives until its end, refused past `maxBytes`; room for `expected`
    /// bytes (a file's size, at most `maxBytes`) is made at once, so a large file is not
    /// copied as the buffer grows.
    static func readBounded(_ handle: FileHandle, source: String, maxBytes: Int, expected: Int = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, min(expected, maxBytes)) + 1)
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw PackingError.badRecords(source: source, problem: "cannot be read (\(error.localizedDescription))")
            }
            guard let chunk, !chunk.isEmpty else { return bytes }
            if bytes.count + chunk.count > maxBytes {
                throw PackingError.badRecords(source: source, problem: "more than \(maxBytes) bytes")
            }
            bytes += chunk
        }
    }
}
