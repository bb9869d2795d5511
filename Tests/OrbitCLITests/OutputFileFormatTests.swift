import Foundation
import Testing

/// `-o FILE` means a file in every command and picks the image format from its extension;
/// `--format MODE` is the display mode.
@Suite struct OutputFileFormat {
    static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("orbit-o-\(UUID())-\(name)").path
    }

    @Test(arguments: [
        ("x.png", [0x89, 0x50, 0x4E, 0x47]), ("x.JPG", [0xFF, 0xD8, 0xFF]), ("x.jpeg", [0xFF, 0xD8, 0xFF]),
    ])
    func theExtensionPicksTheImageFormat(name: String, magic: [UInt8]) throws {
        let path = Self.scratch(name)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try NewcomerErrorTests.run(["snapshot", "earth", "--size", "16x8", "-o", path])
        #expect(r.status == 0, "\(r.error)")
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        #expect(Array(bytes.prefix(magic.count)) == magic)
    }

    @Test(arguments: [("kitty", "no image extension"), ("x.gif", "cannot write '.gif' images")])
    func anExtensionItCannotWriteIsRefusedByName(name: String, problem: String) throws {
        let path = Self.scratch(name)
        let r = try NewcomerErrorTests.run(["snapshot", "earth", "--size", "16x8", "-o", path])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: \(path): \(problem)"), "\(r.error)")
        #expect(r.error.contains(".png, .jpg, .jpeg"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theDisplayModeIsFormatAndOutputIsAFileEverywhere() throws {
        let render = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", "kitty"])
        #expect(render.status == 0, "\(render.error)")
        #expect(String(decoding: render.output, as: UTF8.self).contains("\u{1B}_Ga=T"))
        let refused = try NewcomerErrorTests.run(["render", "ball", "--output", "kitty"])
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("orbit: option '--output' does not apply to 'render'"), "\(refused.error)")
    }
}
