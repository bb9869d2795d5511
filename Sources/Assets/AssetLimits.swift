/// Caps that keep a hostile or broken file from exhausting memory or time.
///
/// Every reader checks declared sizes and counts against these and against the real
/// size of the data before it allocates.
public enum AssetLimits {
    /// Largest model or image file read, in bytes: 256 MB.
    public static let maxFileBytes = 256 * 1024 * 1024
    /// Most triangles in one model: 10 million.
    public static let maxTriangles = 10_000_000
    /// Most unified vertices in one model: 10 million.
    public static let maxVertices = 10_000_000
    /// Largest decoded image, in pixels (width x height): 4096 x 4096.
    public static let maxImagePixels = 4096 * 4096
    /// Largest image side, in pixels.
    public static let maxImageSide = 16384
    /// Deepest nesting of XML elements, JSON arrays/objects, or scene nodes.
    public static let maxDepth = 128
    /// Most XML elements in one COLLADA document.
    public static let maxXMLElements = 2_000_000
    /// Most warnings kept for one load; the rest are counted in one last warning,
    /// `... and N more warnings`.
    public static let maxWarnings = 20

    /// `warnings` cut to `maxWarnings`, the last one saying how many more there were.
    static func capped(_ warnings: [AssetError], file: String) -> [AssetError] {
        guard warnings.count > maxWarnings else { return warnings }
        let more = warnings.count - (maxWarnings - 1)
        return Array(warnings.prefix(maxWarnings - 1)) + [AssetError(file: file, "and \(more) more warnings")]
    }
}
