import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// Issue 14, point 8: `s` saves the frame as a PNG and says where; `v` resets the view.
@Suite struct ScreenshotKey {
    @Test func sAndVHaveTheirCommands() {
        #expect(KeyCommands.command("s") == .screenshot)
        #expect(KeyCommands.command("v") == .gesture(.character("v")))
        #expect(GestureRecognizer.gesture(for: .character("v")) == .resetView)
    }

    @Test func aScreenshotIsAPNGNamedByTheTimeAndNeverOverwritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-gestures-shot-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = try #require(Image(width: 4, height: 2, pixels: [UInt8](repeating: 200, count: 24)))
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let first = Screenshot.save(image, in: folder, at: date)
        let second = Screenshot.save(image, in: folder, at: date)
        // The note is the full path, so the file is found from any folder.
        #expect(first.hasPrefix("saved /") && first.contains("/orbit-") && first.hasSuffix(".png"), "\(first)")
        #expect(second.hasSuffix("-2.png"), "\(second)")
        let path = String(first.dropFirst("saved ".count))
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // The note names the file and the system's reason, not a generic Foundation error.
        let failed = Screenshot.save(image, in: "/nonexistent-orbit-folder", at: date)
        #expect(failed.hasPrefix("screenshot failed: /nonexistent-orbit-folder/orbit-"), "\(failed)")
        #expect(failed.hasSuffix("cannot be written (No such file or directory)"), "\(failed)")
        #expect(Screenshot.save(nil, in: folder, at: date) == "screenshot: no frame yet")
    }

    @Test func theNameIsTheLocalTimeAndTheNoteAPathFromTheRoot() {
        let date = Date(timeIntervalSince1970: 1_800_000_123)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        #expect(Screenshot.stamp(date) == formatter.string(from: date))
        #expect(Screenshot.absolute("/a/./b//../c.png") == "/a/c.png")
        #expect(Screenshot.absolute("/../a.png") == "/a.png")
        #expect(Screenshot.absolute("x.png") == FileManager.default.currentDirectoryPath + "/x.png")
    }
}
