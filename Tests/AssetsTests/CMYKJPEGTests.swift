import CJPEG
import Foundation
import SceneGraph
import Testing

@testable import Assets

/// A valid CMYK JPEG is a picture, not "damaged".
@Suite struct CMYKJPEG {
    /// A JPEG of `width` x `height` CMYK pixels, written by TurboJPEG (which, as libjpeg,
    /// stores YCCK with Adobe's marker: inks inverted, 255 is no ink).
    static func encode(_ cmyk: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let handle = try #require(tjInitCompress())
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = cmyk.withUnsafeBufferPointer { src in
            tjCompress2(
                handle, src.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
                &output, &size, Int32(TJSAMP_444.rawValue), 100, 0)
        }
        defer { if let output { tjFree(output) } }
        try #require(status == 0)
        let out = try #require(output)
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    @Test func cmykJPEGDecodesToItsColours() throws {
        // 8 x 8 of (inverted) cyan-free, magenta+yellow full, no black: red; then white.
        let red: [UInt8] = [255, 0, 0, 255]
        let white: [UInt8] = [255, 255, 255, 255]
        let pixels = (0..<64).flatMap { $0 < 32 ? red : white }
        let jpeg = try Self.encode(pixels, width: 8, height: 8)
        #expect(ImageCodec.hasAdobeMarker(jpeg))
        let image = try ImageCodec.decode(data: jpeg, name: "cmyk.jpg")
        #expect(image.width == 8 && image.height == 8)
        let top = image[2, 1]
        let bottom = image[5, 6]
        #expect(top.x > 240 && top.y < 15 && top.z < 15, "\(top)")
        #expect(bottom.x > 240 && bottom.y > 240 && bottom.z > 240, "\(bottom)")
    }
}
