/// The parts of a glTF 2.0 JSON document the reader uses; everything else (cameras,
/// samplers, extensions, extras) is skipped by the decoder.
struct GLTFDocument: Decodable {
    struct Asset: Decodable {
        var version: String
    }

    struct Scene: Decodable {
        var nodes: [Int]?
        var name: String?
    }

    struct Node: Decodable {
        var name: String?
        var children: [Int]?
        var mesh: Int?
        var matrix: [Float]?
        var translation: [Float]?
        var rotation: [Float]?
        var scale: [Float]?
        var skin: Int?
        var weights: [Float]?
    }

    struct Mesh: Decodable {
        var name: String?
        var primitives: [Primitive]
        var weights: [Float]?
    }

    struct Primitive: Decodable {
        var attributes: [String: Int]
        var indices: Int?
        var material: Int?
        var mode: Int?
        var targets: [[String: Int]]?
        var extensions: PrimitiveExtensions?
    }

    struct PrimitiveExtensions: Decodable {
        var draco: Draco?

        enum CodingKeys: String, CodingKey {
            case draco = "KHR_draco_mesh_compression"
        }
    }

    /// `KHR_draco_mesh_compression`: the Draco bitstream's buffer view and the Draco
    /// attribute id of each glTF attribute.
    struct Draco: Decodable {
        var bufferView: Int
        var attributes: [String: Int]
    }

    struct Accessor: Decodable {
        var bufferView: Int?
        var byteOffset: Int?
        var componentType: Int
        var normalized: Bool?
        var count: Int
        var type: String
        var sparse: Sparse?
    }

    /// Elements of an accessor replaced by other values.
    struct Sparse: Decodable {
        struct Indices: Decodable {
            var bufferView: Int
            var byteOffset: Int?
            var componentType: Int
        }

        struct Values: Decodable {
            var bufferView: Int
            var byteOffset: Int?
        }

        var count: Int
        var indices: Indices
        var values: Values
    }

    struct BufferView: Decodable {
        var buffer: Int
        var byteOffset: Int?
        var byteLength: Int
        var byteStride: Int?
        var extensions: BufferViewExtensions?
    }

    struct BufferViewExtensions: Decodable {
        var meshopt: Meshopt?

        enum CodingKeys: String, CodingKey {
            case meshopt = "EXT_meshopt_compression"
        }
    }

    /// `EXT_meshopt_compression`: where the compressed bytes are, and what they decode to
    /// (`count` elements of `byteStride` bytes).
    struct Meshopt: Decodable {
        var buffer: Int
        var byteOffset: Int?
        var byteLength: Int
        var byteStride: Int
        var count: Int
        var mode: String
        var filter: String?
    }

    struct Buffer: Decodable {
        var uri: String?
        var byteLength: Int
    }

    /// A texture reference; `strength` is read on `occlusionTexture` only, `scale` on
    /// `normalTexture` only.
    struct TextureInfo: Decodable {
        var index: Int
        var texCoord: Int?
        var extensions: TextureInfoExtensions?
        var strength: Float?
        var scale: Float?
    }

    struct TextureInfoExtensions: Decodable {
        var textureTransform: TextureTransform?

        enum CodingKeys: String, CodingKey {
            case textureTransform = "KHR_texture_transform"
        }
    }

    /// `KHR_texture_transform`: uv' = offset + [cos r, sin r; -sin r, cos r] * (scale * uv),
    /// in glTF's texture space (v down).
    struct TextureTransform: Decodable, Equatable {
        var offset: [Float]?
        var rotation: Float?
        var scale: [Float]?
        var texCoord: Int?
    }

    struct MaterialExtensions: Decodable {
        var emissiveStrength: EmissiveStrength?
        var unlit: Unlit?

        enum CodingKeys: String, CodingKey {
            case emissiveStrength = "KHR_materials_emissive_strength"
            case unlit = "KHR_materials_unlit"
        }
    }

    /// `KHR_materials_unlit`: an empty object; the material shows its base colour unlit.
    struct Unlit: Decodable {}

    struct EmissiveStrength: Decodable {
        var emissiveStrength: Float?
    }

    struct PBR: Decodable {
        var baseColorFactor: [Float]?
        var baseColorTexture: TextureInfo?
        var metallicFactor: Float?
        var roughnessFactor: Float?
        var metallicRoughnessTexture: TextureInfo?
    }

    struct Material: Decodable {
        var name: String?
        var pbrMetallicRoughness: PBR?
        var emissiveFactor: [Float]?
        var emissiveTexture: TextureInfo?
        var occlusionTexture: TextureInfo?
        var normalTexture: TextureInfo?
        var doubleSided: Bool?
        var alphaMode: String?
        var alphaCutoff: Float?
        var extensions: MaterialExtensions?
    }

    struct Texture: Decodable {
        var source: Int?
        var sampler: Int?
        var extensions: TextureExtensions?
    }

    struct TextureExtensions: Decodable {
        var webp: WebPSource?

        enum CodingKeys: String, CodingKey {
            case webp = "EXT_texture_webp"
        }
    }

    /// `EXT_texture_webp`: the image holding the WebP version of the texture.
    struct WebPSource: Decodable {
        var source: Int?
    }

    /// Filters (9728 NEAREST, 9729 LINEAR, 9984...9987 the mipmap ones) and wraps (33071
    /// CLAMP_TO_EDGE, 33648 MIRRORED_REPEAT, 10497 REPEAT).
    struct Sampler: Decodable {
        var magFilter: Int?
        var minFilter: Int?
        var wrapS: Int?
        var wrapT: Int?
    }

    struct Image: Decodable {
        var uri: String?
        var bufferView: Int?
        var mimeType: String?
    }

    var asset: Asset
    var scene: Int?
    var scenes: [Scene]?
    var nodes: [Node]?
    var meshes: [Mesh]?
    var accessors: [Accessor]?
    var bufferViews: [BufferView]?
    var buffers: [Buffer]?
    var materials: [Material]?
    var textures: [Texture]?
    var samplers: [Sampler]?
    var images: [Image]?
    var extensionsRequired: [String]?
    var animations: [Animation]?
    var skins: [Skin]?
}
