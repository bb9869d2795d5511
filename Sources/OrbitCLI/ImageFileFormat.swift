import Assets
import SceneGraph

/// The image files `-o FILE` can write, one row each: the format is picked from the
/// file's extension (case-insensitive), and an extension without a row is refused.
enum ImageFileFormat: String, CaseIterable {
    case png
    case jpeg

    /// The extensions that pick the format, without the dot, the first one preferred.
    var extensions: [String] {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg"]
        }
    }

    /// The image encoded in this format (JPEG at quality 90, through TurboJPEG).
    func encode(_ image: Image) throws(AssetError) -> [UInt8] {
        switch self {
        case .png: try ImageCodec.encodePNG(image)
        case .jpeg: try ImageCodec.encodeJPEG(image)
        }
    }

    /// Every extension `-o` writes, e.g. `.png, .jpg, .jpeg`.
    static var extensionList: String {
        allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: ", ")
    }

    /// The format of `path` by its extension; throws a usage error naming the path and the
    /// extension (or its absence) when no row writes it.
    static func of(_ path: String) throws(CLIError) -> ImageFileFormat {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw .usage("\(path): no image extension; give a file name ending in \(extensionList)")
        }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = allCases.first(where: { $0.extensions.contains(ext) }) else {
            throw .usage("\(path): cannot write '.\(ext)' images; give a file name ending in \(extensionList)")
        }
        return format
    }
}
