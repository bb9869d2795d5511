import Display
import Foundation
import Testing

/// Kitty's temporary files (`t=t`): a private folder, exclusive random names, a bounded
/// count, all removed at the end.
@Suite(.serialized) struct GraphicsTemporaryFilesTests {
    @Test func framesGoToAPrivateFolderUnderExclusiveRandomNames() throws {
        defer { GraphicsTemporaryFiles.removeAll() }
        let a = try #require(GraphicsTemporaryFiles.write([1, 2, 3]))
        let b = try #require(GraphicsTemporaryFiles.write([4, 5, 6]))
        #expect(a != b)
        let folder = try #require(GraphicsTemporaryFiles.folderPath)
        #expect(a.hasPrefix(folder + "/") && b.hasPrefix(folder + "/"))
        #expect(a.contains("tty-graphics-protocol"), "kitty deletes only files so marked")
        var info = stat()
        #expect(lstat(folder, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700, "folder mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(info.st_uid == getuid())
        #expect(lstat(a, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFREG)
        #expect(info.st_mode & 0o077 == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == Data([4, 5, 6]))
    }

    @Test func filesTheTerminalLeavesAreBoundedInCount() throws {
        defer { GraphicsTemporaryFiles.removeAll() }
        let frame = [UInt8](repeating: 7, count: 4096)
        var paths: [String] = []
        for _ in 0..<50 { paths.append(try #require(GraphicsTemporaryFiles.write(frame))) }
        let folder = try #require(GraphicsTemporaryFiles.folderPath)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left.count == GraphicsTemporaryFiles.maximumFiles)
        // The newest are kept: the terminal may still be about to read them.
        #expect(Set(left.map { folder + "/" + $0 }) == Set(paths.suffix(GraphicsTemporaryFiles.maximumFiles)))
    }

    @Test func removeAllTakesTheFolderAndEverythingInIt() throws {
        _ = try #require(GraphicsTemporaryFiles.write([0, 0, 0]))
        let folder = try #require(GraphicsTemporaryFiles.folderPath)
        GraphicsTemporaryFiles.removeAll()
        #expect(access(folder, F_OK) != 0)
        #expect(GraphicsTemporaryFiles.livePaths.isEmpty)
    }

    @Test func aSymlinkPlantedInTheTemporaryFolderIsNeverWrittenThrough() throws {
        defer { GraphicsTemporaryFiles.removeAll() }
        // The old predictable name, planted as a link to a file the user owns.
        let victim = NSTemporaryDirectory() + "orbit-victim-\(getpid())"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        defer { unlink(victim) }
        for n in 0..<8 {
            symlink(victim, NSTemporaryDirectory() + "orbit-tty-graphics-protocol-\(getpid())-\(n).rgb")
        }
        defer {
            for n in 0..<8 { unlink(NSTemporaryDirectory() + "orbit-tty-graphics-protocol-\(getpid())-\(n).rgb") }
        }
        for _ in 0..<8 { _ = GraphicsTemporaryFiles.write([9, 9, 9]) }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }
}
