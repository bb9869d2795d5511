import SceneGraph

/// What one model load may consume in all, whatever the number of files, images and
/// instances: bytes read from companion files, pixels decoded, triangles drawn. Each file
/// and image also has its own limit (`AssetLimits`); this budget stops many of them
/// adding up (eight images over one buffer, eight buffers naming one large file).
struct LoadBudget {
    /// Most bytes read from files a model refers to, in all: 512 MB.
    static let maxBytes = 512 * 1024 * 1024
    /// Most image pixels decoded in one load, in all: 32 Mpixels (two 4096 x 4096 textures).
    static let maxPixels = 2 * AssetLimits.maxImagePixels
    /// The prefix of every budget message, so callers can tell budget errors apart.
    static let prefix = "load budget exceeded: "

    private(set) var bytes = 0
    private(set) var pixels = 0

    /// Counts `count` bytes read from `file`.
    mutating func read(_ count: Int, file: String) throws(AssetError) {
        bytes += count
        guard bytes <= LoadBudget.maxBytes else {
            throw AssetError(
                file: file,
                LoadBudget.prefix
                    + "more than \(LoadBudget.maxBytes / 1_048_576) MB read from the files the model refers to")
        }
    }

    /// Counts the pixels of `image`, decoded from `file`.
    mutating func decoded(_ image: Image, file: String) throws(AssetError) {
        pixels += image.width * image.height
        guard pixels <= LoadBudget.maxPixels else {
            throw AssetError(
                file: file, LoadBudget.prefix + "more than \(LoadBudget.maxPixels) image pixels decoded for one model")
        }
    }
}

extension AssetError {
    /// True for an error from `LoadBudget` (possibly reported from inside another file).
    var isBudget: Bool { message.contains(LoadBudget.prefix) }
}
