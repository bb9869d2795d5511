/// The model file formats `ModelLoader` reads: the one list of model file extensions.
public enum ModelFormat: String, CaseIterable, Sendable {
    /// Wavefront OBJ with MTL material libraries.
    case obj
    /// STL, ASCII or binary (told apart by content).
    case stl
    /// COLLADA 1.4/1.5 (`.dae`).
    case collada
    /// glTF 2.0 JSON (`.gltf`).
    case gltf
    /// glTF 2.0 binary container (`.glb`).
    case glb

    /// The file name extension of the format, lower case, without the dot.
    public var fileExtension: String {
        switch self {
        case .collada: "dae"
        default: rawValue
        }
    }

    /// The format named by a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        let name = AssetError.displayName(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard let format = ModelFormat.allCases.first(where: { $0.fileExtension == ext }) else { return nil }
        self = format
    }

    /// The file extensions read, with dots, for messages and help: `.obj .stl .dae .gltf .glb`.
    public static let extensions = allCases.map { "." + $0.fileExtension }.joined(separator: " ")
}
