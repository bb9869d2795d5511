import Foundation
import Testing

/// Issue 14, point 7: the errors a newcomer meets name the input and the real problem.
@Suite struct NewcomerErrorTests {
    /// The built binary: `ORBIT_BIN`, else the debug build next to the sources.
    static var binary: String {
        ProcessInfo.processInfo.environment["ORBIT_BIN"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/orbit").path
    }

    /// Runs `orbit` with standard output sent to a file (not a terminal); returns the
    /// status, what reached standard output and the error text.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: [UInt8], error: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-gestures-errors-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let err = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let output = [UInt8](FileManager.default.contents(atPath: out.path) ?? Data())
        let error = String(decoding: FileManager.default.contents(atPath: err.path) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, output, error)
    }

    @Test func aMistypedCommandIntoAFileNamesTheUnknownSceneNotTheTerminal() throws {
        let r = try Self.run(["renderr"])
        #expect(r.status == 2)
        #expect(r.error.hasPrefix("orbit: unknown scene 'renderr'"), "\(r.error)")
        #expect(r.error.contains("did you mean 'render'?"))
        #expect(!r.error.contains("terminal"))
    }

    @Test(arguments: ["earth", "ball", "apollonian", "sphere:100", "-"])
    func everyBuiltInSceneGetsPastTheNameCheck(scene: String) throws {
        // Into a file the viewer stops at the terminal check: the name itself was fine.
        let r = try Self.run([scene])
        #expect(r.status == 1)
        #expect(r.error.contains("standard output is not a terminal"), "\(r.error)")
    }

    @Test func aSnapshotIntoAFolderSaysSoWithoutAnErrorCode() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let r = try Self.run(["snapshot", "--size", "8x4", "-o", folder])
        #expect(r.status == 1)
        #expect(r.error == "orbit: \(folder): is a folder; give a file name such as '\(folder)/orbit.png'\n")
    }

    @Test func aMissingFolderIsNamedInFull() throws {
        let r = try Self.run(["snapshot", "--size", "8x4", "-o", "/nonexistent-orbit/dir/x.png"])
        #expect(r.status == 1)
        #expect(r.error == "orbit: /nonexistent-orbit/dir/x.png: the folder '/nonexistent-orbit/dir' does not exist\n")
        let export = try Self.run(["apollonian", "export", "--level", "2", "-o", "/nonexistent-orbit/s.json"])
        #expect(export.error == "orbit: /nonexistent-orbit/s.json: the folder '/nonexistent-orbit' does not exist\n")
    }

    @Test func autoColoursIntoAFileWriteNoEscapes() throws {
        let auto = try Self.run(["render", "--size", "20x6", "--colors", "auto"])
        #expect(auto.status == 0)
        #expect(!auto.output.contains(0x1B), "colour codes went into a file")
        #expect(auto.output.contains { $0 != 0x20 && $0 != 0x0A })
        // Asked for explicitly, colours still come.
        let forced = try Self.run(["render", "--size", "20x6", "--colors", "256"])
        #expect(forced.output.contains(0x1B))
    }
}
