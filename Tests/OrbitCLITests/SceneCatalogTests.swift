import Foundation
import SceneGraph
import Testing

@testable import OrbitCLI

/// SCENE resolution: built-in names, files, and one-line errors that name the input.
@Suite struct SceneCatalogResolution {
    func load(_ args: [String]) throws -> LoadedScene {
        let (_, options) = try ArgumentParser.parse(["render"] + args)
        return try SceneCatalog.load(options, forViewer: false)
    }

    func failure(_ args: [String]) -> CLIError? {
        do {
            _ = try load(args)
            return nil
        } catch { return error as? CLIError }
    }

    @Test func earthSpinsAndIsTextured() throws {
        let earth = try load(["earth"])
        #expect(earth.defaultSpin == 0.5)
        let items = earth.scene.drawList()
        #expect(items.count == 1)
        #expect(items.first?.mesh.groups.first?.material?.texture != nil)
    }

    @Test func apollonianStartsStillWithItsLevelInTheLabel() throws {
        let packing = try load(["apollonian", "--level", "3"])
        #expect(packing.defaultSpin == 0)
        // Level 3: 89 spheres, 44 of them touch the outer sphere (the viewer's default).
        #expect(packing.label == "level 3 (L 1-4 = generation + 1; 44 of 89 drawn)")
        // Issue 14, point 5: level 1 holds 9 spheres, 8 of them drawn (the docs' count).
        #expect(try load(["apollonian", "--level", "1"]).label == "level 1 (L 1-2 = generation + 1; 8 of 9 drawn)")
        // --all applies where the hidden spheres count (bench, the viewer), not to pictures.
        let (_, all) = try ArgumentParser.parse(["bench", "apollonian", "--level", "1", "--all"])
        #expect(try SceneCatalog.load(all, forViewer: false).label == "level 1 (L 1-2 = generation + 1; 9 spheres)")
    }

    @Test func testSphereHasAboutTheRequestedTriangles() throws {
        let sphere = try load(["sphere:100000"])
        let n = sphere.scene.triangleCount
        #expect(abs(n - 100_000) < 2_000)
        // Drawn as triangles, not as an impostor.
        #expect(sphere.scene.drawList().first?.mesh.primitive == nil)
    }

    @Test func sampleModelsLoadCentredAndStill() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/models")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ["obj", "stl", "dae", "gltf", "glb"].contains(($0 as NSString).pathExtension) }
        #expect(files.count >= 5)
        for f in files {
            let model = try load([folder.appendingPathComponent(f).path])
            #expect(model.defaultSpin == 0, "\(f)")
            #expect(model.scene.triangleCount > 0, "\(f)")
        }
    }

    @Test(arguments: [
        (["nosuch.obj"], "nosuch.obj: no such file"),
        (["nothing-like-a-scene"], "unknown scene 'nothing-like-a-scene'"),
        (["sphere:3"], "sphere:N wants a triangle count"),
        (["/tmp"], "/tmp: is a folder"),
        (["missing.json"], "missing.json: no such file"),
    ])
    func badScenesGiveOneLineNamingTheInput(args: [String], expected: String) {
        let error = failure(args)
        #expect(error != nil)
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func malformedSphereRecordsAreRefusedWithTheFileName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-bad-\(UUID()).json").path
        try Data(#"[{"X":1,"Y":0}]"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = failure([path])
        #expect(error?.description.contains(path) == true, "\(String(describing: error))")
    }

    @Test func sphereRecordsFromAFileBecomeAPackingScene() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-ok-\(UUID()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"[{"X":0.5,"Y":0,"Z":0,"R":0.5,"L":1},{"X":-0.5,"Y":0,"Z":0,"R":0.5,"L":1}]"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let scene = try load([path])
        #expect(scene.scene.drawList().count == 2)
        #expect(scene.label == "level 1 (L 1-2 = generation + 1; 2 spheres)")
    }
}
