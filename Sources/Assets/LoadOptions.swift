/// How `ModelLoader` post-processes a model after reading it.
public struct LoadOptions: Hashable, Sendable {
    /// Move the model so that the centre of its bounding box (all meshes, with their node
    /// transforms) is at the origin: the original engine's "centralize". Default false.
    public var center: Bool
    /// Scale the model so that the largest edge of its bounding box is this many units
    /// (and centre it): the original engine's "normalize". `nil` keeps the file's size.
    /// Must be finite and positive. Default nil.
    public var normalizeSize: Float?
    /// The folder companion files (textures, material libraries, buffers) may be read
    /// from, and that `model://NAME/...` and `package://NAME/...` resolve under; it must
    /// hold the model. `nil` (the default) is the model's own folder. Nothing outside it
    /// is read, and symbolic links leaving it are refused.
    public var assetRoot: String?

    /// Options; see each property for its default. Meshes without normals in the file
    /// always get smooth (area-weighted) normals.
    public init(center: Bool = false, normalizeSize: Float? = nil, assetRoot: String? = nil) {
        self.center = center
        self.normalizeSize = normalizeSize
        self.assetRoot = assetRoot
    }
}
