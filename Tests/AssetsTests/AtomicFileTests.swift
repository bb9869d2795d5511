import Assets
import Foundation
import Testing

/// `AtomicFile`: the destination is untouched until `commit`, whole after it, and nothing
/// is left behind by an abandoned or failed file. (A write that fails half way, on a full
/// file system, is `Reliability.OutputWriteErrors`.)
@Suite struct AtomicFileTests {
    @Test func theDestinationChangesOnlyOnCommit() throws {
        let dir = TestFolder()
        let path = dir.path + "/out.txt"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        let file = try AtomicFile(path: path)
        #expect(file.write(Array("new ".utf8)))
        #expect(file.write(Array("text".utf8)))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 2)
        try file.commit()
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "new text")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
        // A replaced file keeps its mode.
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test func anAbandonedOrReleasedFileLeavesNothing() throws {
        let dir = TestFolder()
        let path = dir.path + "/out.txt"
        let file = try AtomicFile(path: path)
        file.write(Array("partial".utf8))
        file.abandon()
        do {
            let released = try AtomicFile(path: path)
            released.write(Array("partial".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aFolderThatCannotTakeTheFileGivesTheSystemsReason() {
        let error = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write([1, 2, 3], to: "/nonexistent-orbit-folder/out.txt")
        }
        #expect(error?.code == ENOENT)
        #expect(error?.description == "No such file or directory")
    }
}
