import Foundation
import Math3D
import SceneGraph
import Testing

@testable import Assets

/// Binary STL facet colours in the attribute bytes: VisCAM/SolidView and Materialise Magics.
@Suite struct STLColors {
    /// A binary STL of two triangles whose attribute bytes are `attributes` and whose header
    /// starts with `header`.
    static func file(header: [UInt8], attributes: [UInt16]) throws -> [UInt8] {
        let mesh = try Mesh(
            positions: [.zero, Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)],
            indices: [0, 1, 2, 3, 4, 5])
        var bytes = STLFixture.binary(mesh)
        bytes.replaceSubrange(0..<header.count, with: header)
        for (t, a) in attributes.enumerated() {
            bytes[84 + 50 * t + 48] = UInt8(a & 255)
            bytes[84 + 50 * t + 49] = UInt8(a >> 8)
        }
        return bytes
    }

    static func colors(_ bytes: [UInt8]) throws -> [Vec3] {
        try #require(Fixture.onlyMesh(try ModelLoader.load(data: bytes, name: "c.stl"))).colors
    }

    @Test func visCAMColoursAreRedInTheHighBitsAndNeedBit15() throws {
        // Pure red (31 in bits 10-14, bit 15 set), then a facet without a colour.
        let colors = try Self.colors(Self.file(header: Array("binary".utf8), attributes: [0x8000 | 31 << 10, 0]))
        #expect(colors == [Vec3](repeating: Vec3(1, 0, 0), count: 3) + [Vec3](repeating: .one, count: 3))
    }

    @Test func magicsColoursAreRedInTheLowBitsWithTheHeaderDefault() throws {
        // Header default blue; a red facet (bit 15 clear), then one using the default.
        let header = Array("COLOR=".utf8) + [0, 0, 255, 255]
        let colors = try Self.colors(Self.file(header: header, attributes: [31, 0x8000]))
        #expect(colors == [Vec3](repeating: Vec3(1, 0, 0), count: 3) + [Vec3](repeating: Vec3(0, 0, 1), count: 3))
    }

    @Test func attributeBytesOfZeroGiveNoColours() throws {
        #expect(try Self.colors(Self.file(header: Array("solid".utf8), attributes: [0, 0])).isEmpty)
    }
}
