import SceneGraph

/// State shared by the readers during one load: where files may be read from, and the
/// textures already decoded (a texture used by several materials is decoded once).
struct LoadContext {
    /// Access to the model's folder.
    let access: FileAccess
    private var textures: [String: Texture] = [:]

    init(access: FileAccess) { self.access = access }

    /// The texture in the image file `reference`, written in a file in `directory`
    /// (relative to the model folder), decoded once per load.
    /// - Parameters:
    ///   - reference: the path as written in the referring file.
    ///   - directory: the referring file's directory relative to the model folder.
    ///   - file: the referring file's name, for messages.
    mutating func texture(reference: String, directory: String, from file: String) throws(AssetError) -> Texture {
        let relative = try access.relativePath(of: reference, in: directory, from: file, what: "texture")
        if let t = textures[relative] { return t }
        let bytes = try access.read(relative: relative, from: file, what: "texture")
        let image = try ImageCodec.decode(data: bytes, name: relative)
        let t = Texture(image: image, name: relative)
        textures[relative] = t
        return t
    }

    /// The texture decoded from `bytes` (an embedded image), cached under `key`.
    mutating func texture(bytes: [UInt8], key: String, name: String) throws(AssetError) -> Texture {
        if let t = textures[key] { return t }
        let image = try ImageCodec.decode(data: bytes, name: name)
        let t = Texture(image: image, name: name)
        textures[key] = t
        return t
    }
}
