import Foundation
import Testing

@testable import Assets

@Suite struct HostileFiles {
    /// Writes the case into a fresh folder below a parent (so `../` has somewhere to go),
    /// loads it, and checks the error: an `AssetError`, one line, naming the file, saying what.
    static func check(_ c: HostileCase) throws {
        let parent = TestFolder()
        parent.write("secret.mtl", "newmtl stolen\nKd 1 0 0\n")
        parent.write("secret.bin", [UInt8](repeating: 7, count: 64))
        let dir = parent.path + "/model"
        let path = parent.write("model/" + c.file, c.bytes)
        for (name, bytes) in c.extra { parent.write("model/" + name, bytes) }
        for (name, target) in c.links {
            try FileManager.default.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: target)
        }
        // A broken model file is an error; a broken companion file (material library,
        // texture) is a warning, and the model loads without it or fails for its own reason.
        var warnings: [AssetError] = []
        var messages: [String] = []
        do {
            _ = try ModelLoader.load(path: path, warnings: &warnings)
        } catch {
            messages.append(error.description)
        }
        messages += warnings.map(\.description)
        #expect(!messages.isEmpty, "\(c.file) loaded without an error or a warning")
        for text in messages {
            #expect(text.hasPrefix(path + ": "), "\(text)")
            #expect(!text.contains("\n"))
            #expect(!text.contains("TOP-SECRET"))
        }
        #expect(messages.contains { $0.contains(c.expect) }, "\(messages)")
    }

    @Test(arguments: HostileCorpus.obj) func objReaderRefusesCleanly(_ c: HostileCase) throws { try Self.check(c) }
    @Test(arguments: HostileCorpus.stl) func stlReaderRefusesCleanly(_ c: HostileCase) throws { try Self.check(c) }
    @Test(arguments: HostileCorpus.gltfCases) func gltfReaderRefusesCleanly(_ c: HostileCase) throws {
        try Self.check(c)
    }
    @Test(arguments: HostileCorpus.glbCases) func glbReaderRefusesCleanly(_ c: HostileCase) throws { try Self.check(c) }
    @Test(arguments: HostileCorpus.colladaCases) func colladaReaderRefusesCleanly(_ c: HostileCase) throws {
        try Self.check(c)
    }

    @Test func imageDecoderRefusesEveryBrokenImageCleanly() throws {
        for c in HostileCorpus.imageCases {
            let error = #expect(throws: AssetError.self, "\(c.name)") {
                try ImageCodec.decode(data: c.bytes, name: c.name)
            }
            guard let error else { continue }
            #expect(error.description.hasPrefix(c.name + ": "), "\(error)")
            #expect(error.description.contains(c.expect), "\(c.name): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func unknownExtensionIsRefusedByName() {
        let error = #expect(throws: AssetError.self) { try ModelLoader.load(data: [1, 2, 3], name: "model.xyz") }
        #expect(error?.description == "model.xyz: unknown model format (expected \(ModelFormat.extensions))")
    }

    @Test func missingFileAndDirectoryAreRefusedByName() {
        let dir = TestFolder()
        #expect(throws: AssetError(file: dir.path + "/none.obj", "no such file")) {
            try ModelLoader.load(path: dir.path + "/none.obj")
        }
        let folder = dir.path + "/folder.obj"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(throws: AssetError(file: folder, "is a directory, not a file")) { try ModelLoader.load(path: folder) }
    }

    @Test func externalFilesAreRefusedWhenLoadingFromMemory() {
        var warnings: [AssetError] = []
        #expect(throws: AssetError.self) {
            try ModelLoader.load(data: Array("mtllib a.mtl\n".utf8), name: "m.obj", warnings: &warnings)
        }
        #expect(warnings.first?.description.contains("the model was not loaded from a folder") == true)
    }

    @Test func badNormalizeSizeIsRefused() {
        #expect(throws: AssetError.self) {
            try ModelLoader.load(
                data: Array("v 0 0 0\n".utf8), name: "m.obj", options: LoadOptions(normalizeSize: .nan))
        }
    }
}

@Suite struct SpecialFiles {
    @Test func aFIFOBesideTheModelIsRefusedWithoutBlocking() throws {
        let dir = TestFolder()
        try #require(mkfifo(dir.path + "/pipe.mtl", 0o600) == 0)
        let path = dir.write("m.obj", "mtllib pipe.mtl\n")
        var warnings: [AssetError] = []
        #expect(throws: AssetError.self) { try ModelLoader.load(path: path, warnings: &warnings) }
        #expect(warnings.map(\.description) == [path + ": line 1: pipe.mtl: is not a regular file"])
    }

    @Test func aFIFONamedAsTheModelIsRefusedWithoutBlocking() throws {
        let dir = TestFolder()
        try #require(mkfifo(dir.path + "/pipe.stl", 0o600) == 0)
        #expect(throws: AssetError(file: dir.path + "/pipe.stl", "is not a regular file")) {
            try ModelLoader.load(path: dir.path + "/pipe.stl")
        }
    }
}
