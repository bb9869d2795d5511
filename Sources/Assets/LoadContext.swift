import SceneGraph

/// State shared by the readers during one load: where files may be read from, the
/// textures and material libraries already read (each is read once per load), the load's
/// budget, and warnings about companion files that could not be used.
struct LoadContext {
    /// Access to the model's folder.
    let access: FileAccess
    /// What the whole load may read, decode and build.
    var budget = LoadBudget()
    /// Companion files (material libraries, textures) that were missing or refused; the
    /// model is drawn without them.
    var warnings: [AssetError] = []
    private var textures: [String: Texture] = [:]
    /// Material libraries by path below the folder; nil for one that failed (warned once).
    private var libraries: [String: [String: Material]?] = [:]

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
        try budget.read(bytes.count, file: relative)
        let image = try ImageCodec.decode(data: bytes, name: relative)
        try budget.decoded(image, file: relative)
        let t = Texture(image: image, name: relative)
        textures[relative] = t
        return t
    }

    /// The texture decoded from `bytes` (an embedded image), cached under `key`.
    mutating func texture(bytes: [UInt8], key: String, name: String) throws(AssetError) -> Texture {
        if let t = textures[key] { return t }
        let image = try ImageCodec.decode(data: bytes, name: name)
        try budget.decoded(image, file: name)
        let t = Texture(image: image, name: name)
        textures[key] = t
        return t
    }

    /// `body`'s texture, or nil after recording its error as a warning (`within` names
    /// the referring file and line): a missing or broken texture leaves the surface
    /// untextured. Budget overruns stay errors: the whole load is refused.
    mutating func optional(
        _ within: (AssetError) -> AssetError,
        _ body: (inout LoadContext) throws(AssetError) -> Texture
    ) throws(AssetError) -> Texture? {
        do {
            return try body(&self)
        } catch {
            if error.isBudget { throw within(error) }
            warnings.append(within(error))
            return nil
        }
    }

    /// The materials of the library `relative` (below the folder), read and parsed once per
    /// load however many `mtllib` statements name it; nil when it failed (one warning).
    /// - Parameters:
    ///   - relative: the library's path below the folder.
    ///   - file: the referring file's name, for messages.
    ///   - within: places a message inside the referring file (its name and line).
    mutating func library(_ relative: String, from file: String, within: (AssetError) -> AssetError) throws(AssetError)
        -> [String: Material]?
    {
        if let known = libraries[relative] { return known }
        do throws(AssetError) {
            let bytes = try access.read(relative: relative, from: file, what: "mtllib")
            try budget.read(bytes.count, file: relative)
            let before = warnings.count
            let found = try MTLReader.read(
                bytes, name: relative, directory: FileAccess.directory(of: relative), context: &self)
            // The library's own warnings (its textures) are told from the model's line.
            for k in before..<warnings.count { warnings[k] = within(warnings[k]) }
            libraries[relative] = .some(found)
            return found
        } catch {
            if error.isBudget { throw within(error) }
            warnings.append(within(error))
            libraries[relative] = .some(nil)
            return nil
        }
    }
}
