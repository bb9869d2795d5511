import Foundation
import Testing

@testable import Assets

/// Thousands of missing texture references in a big folder: the folder is listed once,
/// and the warnings are capped with a count of the rest.
@Suite struct MissingTextureTests {
    /// A folder of `files` files and an OBJ whose library names `missing` textures, none there.
    static func folder(files: Int, missing: Int) -> (TestFolder, String) {
        let f = TestFolder()
        for i in 0..<files { f.write("other\(i).dat", "") }
        var mtl = ""
        var obj = "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\n"
        for i in 0..<missing {
            mtl += "newmtl m\(i)\nmap_Kd Gone\(i).png\n"
            obj += "usemtl m\(i)\nf 1/1 2/2 3/3\n"
        }
        f.write("m.mtl", mtl)
        return (f, f.write("model.obj", obj))
    }

    @Test func manyMissingTexturesGiveACappedListOfWarnings() throws {
        let (folder, path) = Self.folder(files: 200, missing: 600)
        _ = folder
        var warnings: [AssetError] = []
        _ = try ModelLoader.load(path: path, warnings: &warnings)
        #expect(warnings.count == AssetLimits.maxWarnings)
        #expect(warnings.prefix(AssetLimits.maxWarnings - 1).allSatisfy { $0.description.contains("not found") })
        let last = try #require(warnings.last).description
        #expect(last.hasSuffix("and \(600 - (AssetLimits.maxWarnings - 1)) more warnings"), "\(last)")
    }

    @Test func aFolderIsListedOnceForAllItsMissingNames() {
        let f = TestFolder()
        for i in 0..<50 { f.write("Tex\(i).PNG", "") }
        let listings = FolderListings()
        #expect(listings.match(lowercased: "tex7.png", in: f.path) == "Tex7.PNG")
        for i in 0..<1000 { _ = listings.match(lowercased: "gone\(i).png", in: f.path) }
        #expect(listings.match(lowercased: "tex49.png", in: f.path) == "Tex49.PNG")
        #expect(listings.listings == 1)
    }

    @Test func aLoadListsTheFolderOnceForAllItsMissingTextures() throws {
        let (folder, path) = Self.folder(files: 100, missing: 300)
        _ = folder
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var context = LoadContext(access: try FileAccess(folder: folder.path))
        _ = try OBJReader.read(data, name: "model.obj", directory: "", context: &context)
        #expect(context.access.listings.listings == 1)
        #expect(context.warnings.count >= 300)
    }
}
