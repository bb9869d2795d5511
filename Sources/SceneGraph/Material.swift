import Math3D

/// How a surface reflects light (Blinn-Phong), optionally textured.
public struct Material: Hashable, Sendable {
    /// A name for messages and file formats.
    public var name: String
    /// Reflectance of ambient light (scene ambient + the light's ambient). Default: the diffuse colour.
    public var ambient: Color
    /// Reflectance of direct light; multiplied by the texture when there is one. Default white.
    public var diffuse: Color
    /// Colour of highlights. Default black (no highlight).
    public var specular: Color
    /// Blinn-Phong exponent; larger is a smaller, sharper highlight. Values below 1 are
    /// treated as a fraction of 128, as OpenGL ES engines did (0.7 means 89.6). Default 16.
    public var shininess: Float
    /// Light emitted regardless of lighting (times `emissiveTexture` when there is one).
    /// Default black.
    public var emissive: Color
    /// Opacity 0...1 (1 is opaque), times the texture's alpha per pixel; what it does is
    /// `alphaMode`'s choice (with the default `.opaque`, nothing). Default 1.
    public var opacity: Float
    /// What alpha does: ignored, a cutoff, or see-through. Default `.opaque`.
    public var alphaMode: AlphaMode
    /// Optional diffuse texture.
    public var texture: Texture?
    /// Optional emission texture, sampled per pixel at the same texture coordinates as
    /// `texture` and multiplied by `emissive`. Default none.
    public var emissiveTexture: Texture?
    /// The mesh's texture coordinates `emissiveTexture` reads: 0 `Mesh.uvs` (those of
    /// `texture`), 1 `Mesh.uvs1` (a second set, as baked light maps use). Default 0.
    public var emissiveUVSet: Int = 0
    /// When true, faces seen from behind are drawn too (not back-face culled), lit with their
    /// normal flipped towards the viewer, as glTF's `doubleSided`. Default false: back faces
    /// are culled.
    public var doubleSided: Bool

    /// A material; see each property for its default.
    public init(
        name: String = "", ambient: Color? = nil, diffuse: Color = .white, specular: Color = .black,
        shininess: Float = 16, emissive: Color = .black, opacity: Float = 1, texture: Texture? = nil,
        doubleSided: Bool = false, emissiveTexture: Texture? = nil, alphaMode: AlphaMode = .opaque
    ) {
        self.alphaMode = alphaMode
        self.name = name
        self.ambient = ambient ?? diffuse
        self.diffuse = diffuse
        self.specular = specular
        self.shininess = shininess
        self.emissive = emissive
        self.opacity = opacity
        self.texture = texture
        self.doubleSided = doubleSided
        self.emissiveTexture = emissiveTexture
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
