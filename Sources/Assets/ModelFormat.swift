import SceneGraph

/// The model file formats `ModelLoader` reads: one row per format, and the one list of
/// model file extensions. Everything that names formats (the loader's choice of reader,
/// `orbit --list formats`, help, docs/FORMATS.md's table, the tests) reads these rows.
///
/// A new format is a new reader file, a case here and its row in `row`.
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
    /// Stanford PLY, ASCII or binary (`.ply`): meshes and point clouds.
    case ply
    /// 3D Manufacturing Format (`.3mf`): a zip package of an XML model.
    case threeMF = "3mf"
    /// What assimp reads beyond the native readers: FBX, 3DS, OFF, DirectX, LightWave, AMF, ...
    case assimp

    /// What a format is: its file extensions, what it is, what reads it.
    public struct Row: Sendable {
        /// File name extensions, lower case, without the dot; the first is the format's own.
        public let extensions: [String]
        /// What the format is, in a few words, for tables.
        public let summary: String
        /// The library that reads it: `native` (Orbit's own reader) or a Debian package.
        public let library: String
        /// Reads a whole file, already in memory and within `AssetLimits.maxFileBytes`.
        let read: @Sendable (_ data: [UInt8], _ name: String, _ context: inout LoadContext) throws(AssetError) -> Node
    }

    /// The format's row.
    public var row: Row {
        switch self {
        case .obj:
            Row(extensions: ["obj"], summary: "Wavefront OBJ + MTL", library: "native") {
                (data, name, context) throws(AssetError) -> Node in
                try OBJReader.read(data, name: name, directory: context.access.base, context: &context)
            }
        case .stl:
            Row(extensions: ["stl"], summary: "STL, ASCII or binary", library: "native") {
                (data, name, _) throws(AssetError) -> Node in
                try STLReader.read(data, name: name)
            }
        case .collada:
            Row(extensions: ["dae"], summary: "COLLADA 1.4 / 1.5", library: "native") {
                (data, name, context) throws(AssetError) -> Node in
                try ColladaReader.read(data, name: name, context: &context)
            }
        case .gltf:
            Row(extensions: ["gltf"], summary: "glTF 2.0 JSON", library: "native") {
                (data, name, context) throws(AssetError) -> Node in
                try GLTFReader.read(json: data, binary: nil, name: name, context: &context)
            }
        case .glb:
            Row(extensions: ["glb"], summary: "glTF 2.0 binary", library: "native") {
                (data, name, context) throws(AssetError) -> Node in
                try GLTFReader.read(glb: data, name: name, context: &context)
            }
        case .ply:
            Row(extensions: ["ply"], summary: "Stanford PLY, ASCII or binary", library: "native") {
                (data, name, _) throws(AssetError) -> Node in
                try PLYReader.read(data, name: name)
            }
        case .threeMF:
            Row(extensions: ["3mf"], summary: "3D Manufacturing Format", library: "native (zlib1g)") {
                (data, name, _) throws(AssetError) -> Node in
                try ThreeMFReader.read(data, name: name)
            }
        case .assimp:
            Row(
                extensions: [
                    "fbx", "3ds", "off", "x", "lwo", "amf", "ase", "ac", "b3d", "ms3d", "md2", "md3", "md5mesh",
                    "nff", "smd", "cob", "xgl", "zgl", "iqm", "irrmesh", "ogex", "q3o", "ter", "hmp",
                ],
                summary: "assimp: FBX, 3DS, OFF, DirectX, LightWave, AMF and more",
                library: "libassimp-dev (child process)"
            ) { (data, name, _) throws(AssetError) -> Node in
                try AssimpReader.read(data, name: name, ext: ModelFormat.extension(of: name) ?? "")
            }
        }
    }

    /// The format's own file name extension, lower case, without the dot.
    public var fileExtension: String { row.extensions[0] }

    /// Every file name extension of the format, lower case, without the dot.
    public var extensions: [String] { row.extensions }

    /// The extension of `path`'s file name, lower case, without the dot, or nil.
    static func `extension`(of path: String) -> String? {
        let name = AssetError.displayName(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The format named by a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        guard let ext = ModelFormat.extension(of: path) else { return nil }
        guard let format = ModelFormat.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The file extensions read, with dots, for messages and help: `.obj .stl .dae .gltf .glb ...`.
    public static let extensions = allCases.flatMap(\.extensions).map { "." + $0 }.joined(separator: " ")

    /// The extensions for help lines, short: at most three of each format, with dots, then
    /// `...` when some are left out (`orbit --list formats` prints them all).
    public static let shortExtensions: String = {
        let shown = allCases.flatMap { $0.extensions.prefix(3) }
        let more = allCases.contains { $0.extensions.count > 3 }
        return (shown.map { "." + $0 } + (more ? ["..."] : [])).joined(separator: " ")
    }()

    /// The formats as the Markdown table docs/FORMATS.md holds (a test keeps the two equal).
    public static var markdownTable: String {
        var lines = ["| Format | Extensions | Read by |", "|---|---|---|"]
        for f in allCases {
            let exts = f.extensions.map { "`.\($0)`" }.joined(separator: " ")
            lines.append("| \(f.row.summary) | \(exts) | \(f.row.library) |")
        }
        return lines.joined(separator: "\n")
    }
}
