import Foundation
import SceneGraph
import Testing

@testable import Assets

/// Truevision TGA: the texture format of many COLLADA exports (the classic duck).
@Suite struct TGAReading {
    /// A TGA header: `type` 1/2/3/9/10/11, size, bits per pixel, descriptor.
    static func header(
        type: UInt8, width: Int, height: Int, depth: UInt8, descriptor: UInt8 = 0,
        map: (first: Int, length: Int, bits: UInt8)? = nil
    ) -> [UInt8] {
        var h = [UInt8](repeating: 0, count: 18)
        h[1] = map == nil ? 0 : 1
        h[2] = type
        if let map {
            h[3] = UInt8(map.first & 255)
            h[4] = UInt8(map.first >> 8)
            h[5] = UInt8(map.length & 255)
            h[6] = UInt8(map.length >> 8)
            h[7] = map.bits
        }
        h[12] = UInt8(width & 255)
        h[13] = UInt8(width >> 8)
        h[14] = UInt8(height & 255)
        h[15] = UInt8(height >> 8)
        h[16] = depth
        h[17] = descriptor
        return h
    }

    /// The 2 x 2 checker red, green / blue, white (top row first).
    static let expected = Fixture.checker()

    @Test func uncompressedBottomUpBGRIsRead() throws {
        // Rows bottom first: blue, white; then red, green. Pixels are B G R.
        let data =
            Self.header(type: 2, width: 2, height: 2, depth: 24) + [255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0]
        #expect(try ImageCodec.decode(data: data, name: "c.tga") == Self.expected)
    }

    @Test func runLengthTopDownBGRAIsRead() throws {
        // Top row first (descriptor bit 5); a raw packet of 2, then a run of 1 and a raw of 1.
        let data =
            Self.header(type: 10, width: 2, height: 2, depth: 32, descriptor: 0x28)
            + [0x01, 0, 0, 255, 255, 0, 255, 0, 255] + [0x80, 255, 0, 0, 255] + [0x00, 255, 255, 255, 0]
        #expect(try ImageCodec.decode(data: data, name: "c.tga") == Self.expected)
    }

    @Test func colourMappedAndGreyAndSixteenBitAreRead() throws {
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255]  // red, green, blue, white (BGR)
        let mapped =
            Self.header(type: 1, width: 2, height: 2, depth: 8, descriptor: 0x20, map: (first: 0, length: 4, bits: 24))
            + palette + [0, 1, 2, 3]
        #expect(try ImageCodec.decode(data: mapped, name: "m.tga") == Self.expected)
        let grey = Self.header(type: 11, width: 2, height: 1, depth: 8) + [0x81, 128]
        #expect(
            try ImageCodec.decode(data: grey, name: "g.tga")
                == Image(width: 2, height: 1, pixels: [128, 128, 128, 128, 128, 128]))
        // A1R5G5B5: pure red is 0x7C00.
        let short = Self.header(type: 2, width: 1, height: 1, depth: 16) + [0x00, 0x7C]
        #expect(try ImageCodec.decode(data: short, name: "s.tga") == Image(width: 1, height: 1, pixels: [255, 0, 0]))
    }

    static let damaged: [([UInt8], String)] = [
        (header(type: 2, width: 2, height: 2, depth: 24) + [1, 2, 3], "truncated TGA"),
        (header(type: 10, width: 2, height: 1, depth: 24) + [0x85, 1, 2, 3], "passes the image's end"),
        (header(type: 10, width: 2, height: 2, depth: 24) + [0x00, 1, 2, 3], "run-length data ends"),
        (
            header(type: 1, width: 1, height: 1, depth: 8, map: (first: 0, length: 1, bits: 24)) + [1, 2, 3, 9],
            "outside the colour map"
        ),
        (header(type: 2, width: 0, height: 5, depth: 24), "has no pixels"),
        (header(type: 2, width: 5000, height: 5000, depth: 24), "larger than the limit"),
        (header(type: 2, width: 1, height: 1, depth: 8) + [1], "8 bits per pixel"),
    ]

    @Test(arguments: damaged)
    func damagedFilesAreCleanErrors(data: [UInt8], expected: String) {
        #expect {
            try ImageCodec.decode(data: data, name: "bad.tga")
        } throws: { error in
            let text = (error as? AssetError)?.description ?? ""
            return text.hasPrefix("bad.tga: ") && text.contains(expected)
        }
    }

    @Test func modelWithTGATextureLoadsIt() throws {
        let folder = TestFolder()
        folder.write(
            "c.tga",
            Self.header(type: 2, width: 2, height: 2, depth: 24) + [255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0])
        folder.write("c.mtl", "newmtl m\nmap_Kd c.tga\n")
        let path = folder.write(
            "c.obj", "mtllib c.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl m\nf 1/1 2/2 3/3\n")
        let model = try ModelLoader.load(path: path)
        let texture = try #require(Fixture.onlyMesh(model)?.groups.first?.material?.texture)
        #expect(texture.image == Self.expected)
    }
}
