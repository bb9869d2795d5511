import CWebP
import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// WebP images (libwebp) and glTF's `EXT_texture_webp`.
@Suite struct WebPTextures {
    /// A lossless WebP of the 2 x 2 checker (red, green / blue, white), its last pixel
    /// half transparent.
    static var checkerWebP: [UInt8] {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]
        var out: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { orbit_webp_encode_lossless($0.baseAddress, 2, 2, &out) }
        guard let out, size > 0 else { return [] }
        defer { orbit_webp_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    @Test func losslessWebPDecodesToItsPixelsAndAlpha() throws {
        let bytes = Self.checkerWebP
        #expect(ImageCodec.format(of: bytes) == .webp)
        let image = try ImageCodec.decode(data: bytes, name: "checker.webp")
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixels == [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
        #expect(image.alpha == [255, 255, 255, 128])
    }

    @Test func damagedWebPIsACleanError() {
        var bytes = Self.checkerWebP
        bytes.removeLast(bytes.count / 2)
        #expect {
            try ImageCodec.decode(data: bytes, name: "cut.webp")
        } throws: { ($0 as? AssetError)?.description.hasPrefix("cut.webp: ") ?? false }
    }

    @Test func gltfTextureTakesTheWebPSource() throws {
        let b = GLTFBuilder()
        // The texture's plain source is a 1 x 1 black PNG; the WebP one is the checker.
        let black = try ImageCodec.encodePNG(try #require(Image(width: 1, height: 1, pixels: [0, 0, 0])))
        let m = b.addMaterial(name: "m", baseColor: [1, 1, 1, 1], png: black)
        let webp = b.addTexture(png: Self.checkerWebP)
        b.images[1]["mimeType"] = "image/webp"
        b.textures[0]["extensions"] = ["EXT_texture_webp": ["source": b.textures[webp]["source"] as? Int ?? 1]]
        b.addNode(["mesh": b.addMesh(GLTFReading.unitCube, material: m)], root: true)
        var json = b.json(buffer: .dataURI)
        // Requires the extension, as exporters that drop the fallback do.
        json = [UInt8](
            String(decoding: json, as: UTF8.self).replacingOccurrences(
                of: "\"asset\"", with: "\"extensionsRequired\":[\"EXT_texture_webp\"],\"asset\""
            ).utf8)
        let node = try ModelLoader.load(data: json, name: "webp.gltf")
        let texture = try #require(node.firstMaterial?.texture)
        #expect(texture.width == 2 && texture.image.pixels == [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    }
}
