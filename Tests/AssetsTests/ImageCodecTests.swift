import Foundation
import SceneGraph
import Testing

@testable import Assets

@Suite struct ImageCoding {
    @Test(arguments: [(1, 1), (3, 2), (17, 9), (64, 64)])
    func pngRoundTripKeepsEveryPixel(size: (Int, Int)) throws {
        let image = try #require(Fixture.gradient(width: size.0, height: size.1))
        let png = try ImageCodec.encodePNG(image)
        #expect(ImageCodec.format(of: png) == .png)
        #expect(try ImageCodec.decode(data: png, name: "g.png") == image)
        #expect(try ImageCodec.decode(data: Data(png), name: "g.png") == image)
    }

    @Test func jpegEncodedByTurboJPEGDecodesCloseToTheOriginal() throws {
        let image = try #require(Fixture.gradient(width: 32, height: 16))
        let jpeg = try ImageCodec.encodeJPEG(image, quality: 95)
        #expect(ImageCodec.format(of: jpeg) == .jpeg)
        let back = try ImageCodec.decode(data: jpeg, name: "g.jpg")
        #expect(back.width == 32 && back.height == 16)
        let worst = zip(back.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 8)
    }

    @Test func formatIsChosenByContentNotName() throws {
        let image = try #require(Fixture.checker())
        let png = try ImageCodec.encodePNG(image)
        #expect(try ImageCodec.decode(data: png, name: "actually-a-png.jpg") == image)
    }

    @Test func writePNGWritesAFileThatDecodes() throws {
        let dir = TestFolder()
        let image = try #require(Fixture.gradient(width: 5, height: 4))
        let path = dir.path + "/out.png"
        try ImageCodec.writePNG(image, to: path)
        #expect(try ImageCodec.decode(path: path) == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
    }

    @Test func writePNGIntoAMissingFolderGivesTheSystemsReason() throws {
        let image = try #require(Fixture.gradient(width: 5, height: 4))
        let error = #expect(throws: AssetError.self) {
            try ImageCodec.writePNG(image, to: "/nonexistent-orbit-folder/out.png")
        }
        #expect(
            error?.description == "/nonexistent-orbit-folder/out.png: cannot be written (No such file or directory)",
            "\(String(describing: error))")
    }

    @Test func truncatedJPEGIsRejectedWithItsName() throws {
        let image = try #require(Fixture.gradient(width: 64, height: 64))
        let jpeg = try ImageCodec.encodeJPEG(image)
        let error = #expect(throws: AssetError.self) {
            try ImageCodec.decode(data: Array(jpeg.prefix(jpeg.count / 2)), name: "half.jpg")
        }
        #expect(error?.description.hasPrefix("half.jpg: ") == true)
    }

    @Test func truncatedPNGIsRejectedWithItsName() throws {
        let image = try #require(Fixture.gradient(width: 64, height: 64))
        let png = try ImageCodec.encodePNG(image)
        let error = #expect(throws: AssetError.self) {
            try ImageCodec.decode(data: Array(png.prefix(png.count - 20)), name: "cut.png")
        }
        #expect(error?.description.hasPrefix("cut.png: ") == true)
    }

    @Test func unknownBytesAreNotAnImage() {
        let error = #expect(throws: AssetError.self) {
            try ImageCodec.decode(data: Array("GIF89a...".utf8), name: "x.gif")
        }
        #expect(error?.description == "x.gif: not a JPEG, PNG or TGA image")
    }

    @Test func pngDeclaringHugeDimensionsIsRefusedBeforeDecoding() throws {
        let image = try #require(Fixture.checker())
        var png = try ImageCodec.encodePNG(image)
        // IHDR width at bytes 16...19 (big-endian): make it 100,000.
        png.replaceSubrange(16..<20, with: [0x00, 0x01, 0x86, 0xA0])
        let error = #expect(throws: AssetError.self) { try ImageCodec.decode(data: png, name: "wide.png") }
        #expect(error?.file == "wide.png")
    }
}
