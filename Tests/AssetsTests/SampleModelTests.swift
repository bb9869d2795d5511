import Foundation
import SceneGraph
import Testing

@testable import Assets

@Suite struct SampleModelFiles {
    @Test func committedSamplesMatchTheirGenerator() throws {
        let folder = SampleModels.folder()
        let record = ProcessInfo.processInfo.environment["ORBIT_RECORD"] == "1"
        var rerecorded: [String] = []
        for (name, bytes) in try SampleModels.files() {
            let path = folder + "/" + name
            let committed = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
            if committed == bytes { continue }
            if record {
                _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
                rerecorded.append(name)
            } else {
                Issue.record(
                    "Resources/models/\(name) differs from its generator; run with ORBIT_RECORD=1 to re-record")
            }
        }
        if !rerecorded.isEmpty {
            Issue.record("re-recorded \(rerecorded.joined(separator: ", ")); run again without ORBIT_RECORD")
        }
    }

    @Test(arguments: ["cube.obj", "crate.obj", "torus.stl", "towers.dae", "boxes.gltf", "torus.glb"])
    func everySampleLoadsWithTrianglesAndMaterials(name: String) throws {
        let model = try ModelLoader.load(
            path: SampleModels.folder() + "/" + name, options: LoadOptions(normalizeSize: 2))
        #expect(model.triangleCount >= 12)
        let box = try #require(ModelLoader.bounds(of: model))
        #expect(abs(box.size.max() - 2) < 1e-4)
    }

    @Test func samplesStayUnder200KilobytesInAll() throws {
        let folder = SampleModels.folder()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let total = names.reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(total < 200_000)
    }
}
