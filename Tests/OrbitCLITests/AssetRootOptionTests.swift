import Foundation
import Testing

@testable import OrbitCLI

/// `--asset-root DIR` reaches the loader: a texture beside the meshes folder is read.
@Suite struct AssetRootOption {
    @Test func assetRootLetsAModelReadItsPackagesTextures() throws {
        let dir = NSTemporaryDirectory() + "orbit-models-root-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/robot/meshes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/robot/textures", withIntermediateDirectories: true)
        // A 1 x 1 red TGA.
        try Data([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0, 0, 255]).write(
            to: URL(fileURLWithPath: dir + "/robot/textures/red.tga"))
        try "newmtl paint\nmap_Kd package://robot/textures/red.tga\n".write(
            toFile: dir + "/robot/meshes/arm.mtl", atomically: true, encoding: .utf8)
        let path = dir + "/robot/meshes/arm.obj"
        try "mtllib arm.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl paint\nf 1/1 2/2 3/3\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        for (arguments, expectTexture) in [(["render", path], false), (["render", path, "--asset-root", dir], true)] {
            let (_, options) = try ArgumentParser.parse(arguments)
            var warnings: [String] = []
            let loaded = try SceneCatalog.load(options, forViewer: false, warnings: &warnings)
            let texture = loaded.scene.drawList().first?.mesh.groups.first?.material?.texture
            #expect((texture != nil) == expectTexture, "\(arguments)")
            #expect(warnings.isEmpty == expectTexture, "\(warnings)")
        }
    }
}
