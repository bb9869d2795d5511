extension SphereJSON {
    /// Largest number of records `decode` accepts by default (10 million).
    public static let defaultMaxRecords = 10_000_000

    /// Reads sphere records from JSON: an array of objects with numeric `X`, `Y`, `Z`, and
    /// `R` (or the early service's `Radius`) and `L` (or `Level`). Other keys are ignored.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON.
    ///   - source: names the input in error messages (a file name, `stdin`, a URL).
    ///   - maxRecords: refuse more records than this. Default 10 million.
    /// - Throws: `PackingError.badRecords` with a one-line message naming `source`, the
    ///   record (1-based) or byte offset, and the problem: not an array, a missing key, a
    ///   value that is not a finite number, a negative radius, a level that is not a whole
    ///   number in 1...1000, too many records, or malformed JSON.
    public static func decode(_ bytes: [UInt8], source: String, maxRecords: Int = defaultMaxRecords) throws
        -> [SphereRecord]
    {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = RecordParser(bytes: buffer, source: source, maxRecords: maxRecords)
            return try parser.parseDocument()
        }
    }

    /// Reads sphere records from a JSON string; see `decode(_:source:maxRecords:)`.
    public static func decode(_ text: String, source: String, maxRecords: Int = defaultMaxRecords) throws
        -> [SphereRecord]
    {
        try decode(Array(text.utf8), source: source, maxRecords: maxRecords)
    }
}
