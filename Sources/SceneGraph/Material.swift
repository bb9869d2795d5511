import Math3D

/// How a surface reflects light (Blinn-Phong), optionally textured.
///
/// Held in shared storage (copy on write), so a node that draws a material carries one
/// reference, not the whole material: a scene of millions of sphere nodes with a few
/// materials keeps a few copies.
public struct Material: Hashable, Sendable {
    /// The material's fields.
    struct Values: Hashable {
        var name: String
        var ambient: Color
        var diffuse: Color
        var specular: Color
        var shininess: Float
        var emissive: Color
        var opacity: Float
        var alphaMode: AlphaMode
        var texture: Texture?
        var emissiveTexture: Texture?
        var emissiveUVSet: Int
        var doubleSided: Bool
        var occlusionTexture: Texture? = nil
        var occlusionStrength: Float = 1
        var occlusionUVSet: Int = 0
        var metallicRoughnessTexture: Texture? = nil
        var metallic: Float = 0
        var roughness: Float = 1
        var metallicRoughnessUVSet: Int = 0
        var normalTexture: Texture? = nil
        var normalScale: Float = 1
        var normalUVSet: Int = 0
    }

    /// Shared, immutable once shared: changed only while uniquely referenced.
    final class Storage: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    /// The values, made unique first (copy on write).
    private var mutableValues: Values {
        _read { yield storage.values }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            yield &storage.values
        }
    }

    /// A name for messages and file formats.
    public var name: String {
        get { storage.values.name }
        set { mutableValues.name = newValue }
    }

    /// Reflectance of ambient light (scene ambient + the light's ambient). Default: the diffuse colour.
    public var ambient: Color {
        get { storage.values.ambient }
        set { mutableValues.ambient = newValue }
    }

    /// Reflectance of direct light; multiplied by the texture when there is one. Default white.
    public var diffuse: Color {
        get { storage.values.diffuse }
        set { mutableValues.diffuse = newValue }
    }

    /// Colour of highlights. Default black (no highlight).
    public var specular: Color {
        get { storage.values.specular }
        set { mutableValues.specular = newValue }
    }

    /// Blinn-Phong exponent; larger is a smaller, sharper highlight. Values below 1 are
    /// treated as a fraction of 128, as OpenGL ES engines did (0.7 means 89.6). Default 16.
    public var shininess: Float {
        get { storage.values.shininess }
        set { mutableValues.shininess = newValue }
    }

    /// Light emitted regardless of lighting (times `emissiveTexture` when there is one).
    /// Default black.
    public var emissive: Color {
        get { storage.values.emissive }
        set { mutableValues.emissive = newValue }
    }

    /// Opacity 0...1 (1 is opaque), times the texture's alpha per pixel; what it does is
    /// `alphaMode`'s choice (with the default `.opaque`, nothing). Default 1.
    public var opacity: Float {
        get { storage.values.opacity }
        set { mutableValues.opacity = newValue }
    }

    /// What alpha does: ignored, a cutoff, or see-through. Default `.opaque`.
    public var alphaMode: AlphaMode {
        get { storage.values.alphaMode }
        set { mutableValues.alphaMode = newValue }
    }

    /// Optional diffuse texture.
    public var texture: Texture? {
        get { storage.values.texture }
        set { mutableValues.texture = newValue }
    }

    /// Optional emission texture, sampled per pixel at the same texture coordinates as
    /// `texture` and multiplied by `emissive`. Default none.
    public var emissiveTexture: Texture? {
        get { storage.values.emissiveTexture }
        set { mutableValues.emissiveTexture = newValue }
    }

    /// The mesh's texture coordinates `emissiveTexture` reads: 0 `Mesh.uvs` (those of
    /// `texture`), 1 `Mesh.uvs1` (a second set, as baked light maps use). Default 0.
    public var emissiveUVSet: Int {
        get { storage.values.emissiveUVSet }
        set { mutableValues.emissiveUVSet = newValue }
    }

    /// When true, faces seen from behind are drawn too (not back-face culled), lit with their
    /// normal flipped towards the viewer, as glTF's `doubleSided`. Default false: back faces
    /// are culled.
    public var doubleSided: Bool {
        get { storage.values.doubleSided }
        set { mutableValues.doubleSided = newValue }
    }

    /// Optional ambient occlusion map (glTF's `occlusionTexture`): its red channel, read as
    /// plain numbers 0...1 (not sRGB), scales the ambient term per pixel by
    /// `1 + occlusionStrength * (red - 1)`; direct light, highlights and emission are not
    /// changed. Default none.
    public var occlusionTexture: Texture? {
        get { storage.values.occlusionTexture }
        set { mutableValues.occlusionTexture = newValue }
    }

    /// How much `occlusionTexture` darkens: 0 not at all, 1 fully (glTF `strength`); values
    /// outside 0...1 are clamped when drawing. Default 1.
    public var occlusionStrength: Float {
        get { storage.values.occlusionStrength }
        set { mutableValues.occlusionStrength = newValue }
    }

    /// The mesh's texture coordinates `occlusionTexture` reads: 0 `Mesh.uvs`, 1 `Mesh.uvs1`
    /// (a second set, as baked ambient occlusion uses). Default 0.
    public var occlusionUVSet: Int {
        get { storage.values.occlusionUVSet }
        set { mutableValues.occlusionUVSet = newValue }
    }

    /// Optional metal-roughness map (glTF's `metallicRoughnessTexture`): per pixel, metalness
    /// `metallic` times its blue channel and roughness `roughness` times its green channel
    /// (read as numbers 0...1, not sRGB) replace `specular` and `shininess` and scale the
    /// direct diffuse light, as `MetalRoughness` maps them; `diffuse` is then the base
    /// colour (times `texture`). Default none.
    public var metallicRoughnessTexture: Texture? {
        get { storage.values.metallicRoughnessTexture }
        set { mutableValues.metallicRoughnessTexture = newValue }
    }

    /// Metalness 0...1 that `metallicRoughnessTexture`'s blue channel multiplies (glTF
    /// `metallicFactor`); unused without that texture. Default 0.
    public var metallic: Float {
        get { storage.values.metallic }
        set { mutableValues.metallic = newValue }
    }

    /// Roughness 0...1 that `metallicRoughnessTexture`'s green channel multiplies (glTF
    /// `roughnessFactor`); unused without that texture. Default 1.
    public var roughness: Float {
        get { storage.values.roughness }
        set { mutableValues.roughness = newValue }
    }

    /// The mesh's texture coordinates `metallicRoughnessTexture` reads: 0 `Mesh.uvs`, 1
    /// `Mesh.uvs1`. Default 0.
    public var metallicRoughnessUVSet: Int {
        get { storage.values.metallicRoughnessUVSet }
        set { mutableValues.metallicRoughnessUVSet = newValue }
    }

    /// Optional tangent-space normal map (glTF's `normalTexture`): per pixel, its texel
    /// (read as numbers, `2 * byte / 255 - 1` per channel: red along the mesh's tangent,
    /// green along its bitangent, blue along the normal) tilts the shading normal; drawn
    /// only on meshes with `Mesh.tangents`. Default none.
    public var normalTexture: Texture? {
        get { storage.values.normalTexture }
        set { mutableValues.normalTexture = newValue }
    }

    /// Factor on the normal map's red and green (glTF `scale`): 0 flat, 1 as stored,
    /// larger steeper. Default 1.
    public var normalScale: Float {
        get { storage.values.normalScale }
        set { mutableValues.normalScale = newValue }
    }

    /// The mesh's texture coordinates `normalTexture` reads: 0 `Mesh.uvs`, 1 `Mesh.uvs1`.
    /// Default 0.
    public var normalUVSet: Int {
        get { storage.values.normalUVSet }
        set { mutableValues.normalUVSet = newValue }
    }

    /// True when the material has a map that changes shading per pixel beyond the base
    /// colour and emission textures (occlusion, metal-roughness or normal map). Read at once.
    public var hasSurfaceMaps: Bool {
        let v = storage.values
        return v.occlusionTexture != nil || v.metallicRoughnessTexture != nil || v.normalTexture != nil
    }

    public static func == (a: Material, b: Material) -> Bool {
        a.storage === b.storage || a.storage.values == b.storage.values
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.values) }

    /// Whether `other` is this very material (copies of one value, sharing storage); true
    /// implies `==`, false says nothing. Constant time.
    public func isIdentical(to other: Material) -> Bool { storage === other.storage }

    /// Names this material's storage: equal for identical materials (`isIdentical`), and
    /// unique among the materials alive at one time.
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// No texture, no emission texture, no surface maps (`hasSurfaceMaps`) and `alphaMode`
    /// `.opaque`: drawn in one colour per light direction (what sphere impostors need). Read
    /// at once.
    public var isUntexturedOpaque: Bool {
        let v = storage.values
        return v.texture == nil && v.emissiveTexture == nil && v.alphaMode == .opaque && !hasSurfaceMaps
    }

    /// A material; see each property for its default.
    public init(
        name: String = "", ambient: Color? = nil, diffuse: Color = .white, specular: Color = .black,
        shininess: Float = 16, emissive: Color = .black, opacity: Float = 1, texture: Texture? = nil,
        doubleSided: Bool = false, emissiveTexture: Texture? = nil, alphaMode: AlphaMode = .opaque
    ) {
        storage = Storage(
            Values(
                name: name, ambient: ambient ?? diffuse, diffuse: diffuse, specular: specular, shininess: shininess,
                emissive: emissive, opacity: opacity, alphaMode: alphaMode, texture: texture,
                emissiveTexture: emissiveTexture, emissiveUVSet: 0, doubleSided: doubleSided))
    }

    /// A material from sRGB hex strings such as `"FF0000"`; a string that is not a colour
    /// falls back to the default for that slot.
    public init(
        name: String = "", ambientHex: String? = nil, diffuseHex: String, specularHex: String = "000000",
        shininess: Float = 16
    ) {
        let d = Color(hex: diffuseHex) ?? .white
        self.init(
            name: name, ambient: ambientHex.flatMap { Color(hex: $0) } ?? d, diffuse: d,
            specular: Color(hex: specularHex) ?? .black, shininess: shininess)
    }

    /// The exponent actually used for highlights (see `shininess`).
    public var specularExponent: Float { shininess < 1 ? max(1, shininess * 128) : shininess }

    /// Plain white, a little shiny.
    public static let `default` = Material(
        name: "default", diffuse: Color(linear: Vec3(repeating: 0.8)), specular: Color(linear: Vec3(repeating: 0.2)),
        shininess: 32)
}
