import Foundation
import SceneGraph
import Testing

@testable import Assets

/// `LoadOptions.assetRoot` (`--asset-root`): model packages keep textures beside the
/// meshes folder or name them `model://` / `package://`.
@Suite struct AssetRoots {
    /// A ROS/Gazebo-style package: `robot/meshes/arm.obj` with its library beside it and
    /// its texture in `robot/materials/textures/`.
    static func package(texture reference: String) -> (TestFolder, String) {
        let folder = TestFolder()
        folder.write(
            "robot/materials/textures/red.tga",
            TGAReading.header(type: 2, width: 1, height: 1, depth: 24) + [0, 0, 255])
        folder.write("robot/meshes/arm.mtl", "newmtl paint\nmap_Kd \(reference)\n")
        let path = folder.write(
            "robot/meshes/arm.obj",
            "mtllib arm.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl paint\nf 1/1 2/2 3/3\n")
        return (folder, path)
    }

    static func texture(_ path: String, root: String?, warnings: inout [AssetError]) throws -> Texture? {
        let model = try ModelLoader.load(path: path, options: LoadOptions(assetRoot: root), warnings: &warnings)
        return Fixture.onlyMesh(model)?.groups.first?.material?.texture
    }

    @Test(arguments: [
        "../materials/textures/red.tga", "model://robot/materials/textures/red.tga",
        "package://robot/materials/textures/red.tga",
    ])
    func companionFilesResolveUnderTheAssetRoot(reference: String) throws {
        let (folder, path) = Self.package(texture: reference)
        var warnings: [AssetError] = []
        let texture = try Self.texture(path, root: folder.path, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(texture?.image == Image(width: 1, height: 1, pixels: [255, 0, 0]))
    }

    @Test func withoutAnAssetRootParentFoldersStayRefused() throws {
        let (folder, path) = Self.package(texture: "../materials/textures/red.tga")
        var warnings: [AssetError] = []
        let texture = try Self.texture(path, root: nil, warnings: &warnings)
        #expect(texture == nil && folder.path.hasPrefix("/"))
        #expect(
            warnings.first?.message.contains("leaves the model's folder ('..' is refused; --asset-root widens it)")
                == true)
    }

    @Test(arguments: ["../../../outside.tga", "model://../outside.tga", "package://robot/../../outside.tga"])
    func nothingAboveTheAssetRootIsRead(reference: String) throws {
        let (folder, path) = Self.package(texture: reference)
        folder.write("outside.tga", "TOP-SECRET")
        var warnings: [AssetError] = []
        #expect(try Self.texture(path, root: folder.path + "/robot", warnings: &warnings) == nil)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("leaves the asset root") == true, "\(warnings)")
    }

    @Test func symbolicLinkLeavingTheAssetRootIsRefused() throws {
        let (folder, path) = Self.package(texture: "../materials/textures/link.tga")
        folder.write("secret.tga", "TOP-SECRET")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/robot/materials/textures/link.tga",
            withDestinationPath: folder.path + "/secret.tga")
        var warnings: [AssetError] = []
        #expect(try Self.texture(path, root: folder.path + "/robot", warnings: &warnings) == nil)
        #expect(
            warnings.first?.message.contains("is a link to a file outside the asset root") == true,
            "\(warnings.map(\.description))")
    }

    @Test func modelOutsideTheAssetRootIsAnError() throws {
        let (folder, path) = Self.package(texture: "x.tga")
        folder.write("elsewhere/keep", "")
        #expect {
            try ModelLoader.load(path: path, options: LoadOptions(assetRoot: folder.path + "/elsewhere"))
        } throws: {
            ($0 as? AssetError)?.description
                == "\(path): the model is not inside the asset root '\(folder.path)/elsewhere'"
        }
    }
}
