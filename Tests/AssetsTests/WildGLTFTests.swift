import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// glTF as Blender 4 and the Khronos samples write it: required extensions, sparse
/// accessors, texture transforms, emissive strength.
@Suite struct WildGLTF {
    /// Little-endian bytes of floats.
    static func bytes(_ values: [Float]) -> [UInt8] {
        values.flatMap { f in withUnsafeBytes(of: f.bitPattern.littleEndian) { Array($0) } }
    }
    static func bytes16(_ values: [UInt16]) -> [UInt8] { values.flatMap { [UInt8($0 & 255), UInt8($0 >> 8)] } }

    /// One triangle (0,0,0) (1,0,0) (0,1,0) with UVs (0,0) (1,0) (0,1) in glTF space;
    /// `more` JSON members are added at the top level, `material` to the material,
    /// `sparse` to the POSITION accessor. The buffer: 36 bytes positions, 24 bytes UVs,
    /// then `tail`.
    static func triangle(more: String = "", material: String = "", sparse: String = "", tail: [UInt8] = []) -> [UInt8] {
        let bin = bytes([0, 0, 0, 1, 0, 0, 0, 1, 0]) + bytes([0, 0, 1, 0, 0, 1]) + tail
        let uri = "data:application/octet-stream;base64," + Data(bin).base64EncodedString()
        return Array(
            """
            {"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
             "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1}, "material": 0}]}],
             "materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0 }}\(material)}],
             "textures": [{"source": 0}],
             "images": [{"uri": "data:image/png;base64,\(Data(pngBytes).base64EncodedString())"}],
             "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"\(sparse)},
                           {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC2"}],
             "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36},
                             {"buffer": 0, "byteOffset": 36, "byteLength": 24},
                             {"buffer": 0, "byteOffset": 60, "byteLength": \(tail.count)}],
             "buffers": [{"byteLength": \(bin.count), "uri": "\(uri)"}]\(more)}
            """.utf8)
    }

    /// A 2 x 2 PNG of the checker.
    static var pngBytes: [UInt8] { (try? ImageCodec.encodePNG(Fixture.checker()!)) ?? [] }

    static func mesh(_ json: [UInt8]) throws -> Mesh {
        let model = try ModelLoader.load(data: json, name: "t.gltf")
        return try #require(Fixture.onlyMesh(model))
    }

    @Test(arguments: ["KHR_texture_transform", "KHR_lights_punctual", "KHR_materials_emissive_strength"])
    func requiredExtensionsBlenderWritesAreRead(ext: String) throws {
        let json = Self.triangle(more: ", \"extensionsUsed\": [\"\(ext)\"], \"extensionsRequired\": [\"\(ext)\"]")
        #expect(try Self.mesh(json).triangleCount == 1)
    }

    @Test func otherRequiredExtensionsAreStillRefused() {
        #expect {
            try Self.mesh(
                Self.triangle(
                    more: ", \"extensionsRequired\": [\"KHR_texture_transform\", \"KHR_technique_webgl\"]"))
        } throws: {
            ($0 as? AssetError)?.message == "requires the extension KHR_technique_webgl, which is not supported"
        }
    }

    @Test func textureTransformMovesScalesAndRotatesTheUVs() throws {
        // Offset 0.5, 0.25 and scale 2: (1, 0) -> (2.5, 0.25); glTF v down, the scene graph's up.
        let json = Self.triangle().replacing(
            "\"baseColorTexture\": {\"index\": 0 }",
            with:
                "\"baseColorTexture\": {\"index\": 0, \"extensions\": {\"KHR_texture_transform\": "
                + "{\"offset\": [0.5, 0.25], \"scale\": [2, 2]}}}"
        )
        let uvs = try Self.mesh(json).uvs
        #expect(uvs[0] == Vec2(0.5, 0.75) && uvs[1] == Vec2(2.5, 0.75) && uvs[2] == Vec2(0.5, -1.25))
        // A quarter turn: the extension's matrix [cos sin; -sin cos] takes (1, 0) to (0, -1),
        // v = 2 with v up.
        let turned = Self.triangle().replacing(
            "\"baseColorTexture\": {\"index\": 0 }",
            with:
                "\"baseColorTexture\": {\"index\": 0, \"extensions\": {\"KHR_texture_transform\": "
                + "{\"rotation\": \(Float.pi / 2)}}}"
        )
        let r = try Self.mesh(turned).uvs[1]
        #expect(abs(r.x) < 1e-6 && abs(r.y - 2) < 1e-6)
    }

    @Test func emissiveIsFactorTimesStrengthTimesTexture() throws {
        let plain = try #require(
            try Self.mesh(Self.triangle(material: ", \"emissiveFactor\": [1, 0.5, 0.25]")).groups.first?.material)
        #expect(plain.emissive == Color(linear: Vec3(1, 0.5, 0.25)))
        let strong = try #require(
            try Self.mesh(
                Self.triangle(
                    material:
                        ", \"emissiveFactor\": [0.25, 0.1, 0], \"extensions\": "
                        + "{\"KHR_materials_emissive_strength\": {\"emissiveStrength\": 2}}"
                )
            )
            .groups.first?.material)
        #expect(strong.emissive.rgb.x == 0.5 && abs(strong.emissive.rgb.y - 0.2) < 1e-6)
        // A white factor over the checker texture, read at the mesh's coordinates: sampled
        // per pixel, the factor kept as the emission.
        let textured = try #require(
            try Self.mesh(
                Self.triangle(material: ", \"emissiveFactor\": [1, 1, 1], \"emissiveTexture\": {\"index\": 0}")
            )
            .groups.first?.material)
        #expect(textured.emissive == .white)
        #expect(textured.emissiveTexture?.image == Fixture.checker())
    }

    @Test func emissiveTextureOnOtherCoordinatesCountsWithItsMean() throws {
        // TEXCOORD_1 is not what the mesh keeps (the base colour reads TEXCOORD_0): the mean.
        let other = try #require(
            try Self.mesh(
                Self.triangle(
                    material: ", \"emissiveFactor\": [1, 1, 1], \"emissiveTexture\": {\"index\": 0, \"texCoord\": 1}")
            ).groups.first?.material)
        #expect(other.emissiveTexture == nil)
        #expect(other.emissive.rgb == Vec3(repeating: 0.5))
    }

    @Test func emissiveTextureAloneSetsTheMeshCoordinates() throws {
        // No base colour texture: the mesh keeps the emissive texture's coordinates, here
        // moved by its texture transform.
        let json = String(
            decoding: Self.triangle(
                material: ", \"emissiveFactor\": [1, 1, 1], \"emissiveTexture\": {\"index\": 0, "
                    + "\"extensions\": {\"KHR_texture_transform\": {\"offset\": [0.5, 0]}}}"), as: UTF8.self
        )
        .replacing("\"baseColorTexture\": {\"index\": 0 }", with: "\"baseColorFactor\": [1, 1, 1, 1]")
        let mesh = try Self.mesh(Array(json.utf8))
        let material = try #require(mesh.groups.first?.material)
        #expect(material.texture == nil && material.emissiveTexture != nil)
        #expect(mesh.uvs == [Vec2(0.5, 1), Vec2(1.5, 1), Vec2(0.5, 0)])
    }

    @Test func sparseAccessorReplacesTheNamedElements() throws {
        // Element 2 of the positions becomes (0, 3, 0).
        let tail = Self.bytes16([2, 0]) + Self.bytes([0, 3, 0])
        let json = Self.triangle(
            sparse:
                ", \"sparse\": {\"count\": 1, \"indices\": {\"bufferView\": 2, \"componentType\": "
                + "5123}, \"values\": {\"bufferView\": 2, \"byteOffset\": 4}}",
            tail: tail)
        let mesh = try Self.mesh(json)
        #expect(mesh.positions == [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 3, 0)])
    }

    @Test func sparseAccessorWithoutBufferViewStartsFromZeros() throws {
        let tail = Self.bytes16([1, 2]) + Self.bytes([1, 0, 0, 0, 1, 0])
        var json = String(
            decoding: Self.triangle(
                sparse:
                    ", \"sparse\": {\"count\": 2, \"indices\": {\"bufferView\": 2, "
                    + "\"componentType\": 5123}, \"values\": {\"bufferView\": 2, \"byteOffset\": 4}}",
                tail: tail), as: UTF8.self)
        json = json.replacing(
            "{\"bufferView\": 0, \"componentType\": 5126, \"count\": 3", with: "{\"componentType\": 5126, \"count\": 3")
        #expect(try Self.mesh(Array(json.utf8)).positions == [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)])
    }

    @Test func sparseIndicesOutOfOrderAreACleanError() {
        let tail = Self.bytes16([2, 1]) + Self.bytes([0, 3, 0, 0, 3, 0])
        let json = Self.triangle(
            sparse:
                ", \"sparse\": {\"count\": 2, \"indices\": {\"bufferView\": 2, \"componentType\": "
                + "5123}, \"values\": {\"bufferView\": 2, \"byteOffset\": 4}}",
            tail: tail)
        #expect { try Self.mesh(json) } throws: { ($0 as? AssetError)?.message.contains("out of order") == true }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as UTF-8 text with `old` replaced by `new`.
    func replacing(_ old: String, with new: String) -> [UInt8] {
        Array(String(decoding: self, as: UTF8.self).replacing(old, with: new).utf8)
    }
}
