/// The model file formats `ModelLoader` reads.
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

    /// The format named by a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        let name = AssetError.displayName(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "obj": self = .obj
        case "stl": self = .stl
        case "dae": self = .collada
        case "gltf": self = .gltf
        case "glb": self = .glb
        default: return nil
        }
    }

    /// The file extensions read, with dots, for messages and help: `.obj .stl .dae .gltf .glb`.
    public static let extensions = ".obj .stl .dae .gltf .glb"
}
