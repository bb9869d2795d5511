import Foundation
import SceneGraph
import Testing

@testable import Assets

/// The formats assimp reads, through the `orbit-assimp` child process: real files from
/// Debian's assimp-testmodels, and children that crash, hang or lie.
@Suite struct AssimpReaderTests {
    static let models = "/usr/share/assimp/models/"

    @Test(arguments: [
        ("OFF/Cube.off", 12), ("FBX/box.fbx", 12), ("3DS/fels.3ds", 0), ("X/test.x", 0),
        ("LWO/LWO2/boxuv.lwo", 0), ("FBX/spider.fbx", 0),
    ])
    func assimpTestModelsLoadThroughTheChild(_ file: String, _ triangles: Int) throws {
        let bytes = try ModelLoaderTestFiles.bytes(Self.models + file)
        let node = try ModelLoader.load(data: bytes, name: file)
        #expect(node.triangleCount > 0, "\(file)")
        if triangles > 0 { #expect(node.triangleCount == triangles, "\(file)") }
        #expect(ModelLoader.bounds(of: node) != nil)
    }

    @Test func assimpsOwnRefusalIsOneLine() throws {
        let bytes = try ModelLoaderTestFiles.bytes(Self.models + "OFF/invalid.off")
        let error = #expect(throws: AssetError.self) { try ModelLoader.load(data: bytes, name: "invalid.off") }
        #expect(error?.description.hasPrefix("invalid.off: assimp: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    /// Noise and a truncated FBX go to assimp itself: a clean error, never a crash here.
    @Test func hostileFilesGiveOneLine() throws {
        var noise = SplitMix64(state: 31)
        let box = try ModelLoaderTestFiles.bytes(Self.models + "FBX/box.fbx")
        let cases: [(String, [UInt8])] = [
            ("noise.fbx", (0..<4096).map { _ in UInt8(truncatingIfNeeded: noise.next()) }),
            ("half.fbx", Array(box.prefix(box.count / 2))),
            ("noise.3ds", (0..<4096).map { _ in UInt8(truncatingIfNeeded: noise.next()) }),
        ]
        for (name, bytes) in cases {
            do {
                _ = try ModelLoader.load(data: bytes, name: name)
            } catch {
                #expect(error.description.hasPrefix(name + ": "), "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    /// Stand-in children (shell scripts) for an assimp that crashes, hangs, lies or is missing.
    @Test func aChildThatCrashesHangsOrLiesIsOneLine() throws {
        let folder = TestFolder()
        func script(_ name: String, _ body: String) -> String {
            let path = folder.write(name, "#!/bin/sh\n" + body + "\n")
            chmod(path, 0o755)
            return path
        }
        let cases: [(String, Double, String)] = [
            (script("crash", "cat > /dev/null; kill -SEGV $$"), 10, "crashed (signal 11)"),
            (script("hang", "sleep 20"), 1, "took more than 1 s"),
            (script("garbage", "cat > /dev/null; echo hello"), 10, "sent no meshes"),
            (script("short", "cat > /dev/null; printf 'ORBM\\001\\000\\000\\000\\000'"), 10, "ends early"),
            (
                script(
                    "huge",
                    "cat > /dev/null; printf 'ORBM\\001\\000\\000\\000\\000\\000\\000\\000\\377\\377\\377\\177'\n"
                        + "head -c 24 /dev/zero"),
                10, "more than"
            ),
            (script("status", "exit 3"), 10, "exit status 3"),
            (folder.path + "/missing", 10, "cannot start"),
        ]
        for (helper, timeout, expect) in cases {
            let error = #expect(throws: AssetError.self, "\(helper)") {
                try AssimpReader.read(
                    Array(repeating: 7, count: 300_000), name: "m.fbx", ext: "fbx", helper: helper,
                    timeout: timeout)
            }
            let text = error?.description ?? ""
            #expect(text.hasPrefix("m.fbx: ") && text.contains(expect), "\(helper): \(text)")
        }
    }
}
