import Apollonian
import Foundation
import Testing

@testable import OrbitCLI

/// `--color-by clan|modQ` on sphere records read from JSON, through the built binary:
/// records of a packing orbit generates are coloured as the packing itself is (their
/// clans and curvatures found from the spheres they round); other records are coloured by
/// generation, and the command says so on standard error, naming the file.
@Suite struct RecordsColouringTests {
    /// A scratch folder for one test.
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-records-colour-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `orbit apollonian export ARGUMENTS -o FILE`.
    static func export(_ arguments: [String], to file: URL) throws {
        let r = try NewcomerErrorTests.run(["apollonian", "export"] + arguments + ["-o", file.path])
        #expect(r.status == 0, "\(r.error)")
    }

    /// A snapshot's image bytes (base64) and standard error.
    static func snapshot(_ scene: [String], _ extra: [String] = []) throws -> (image: String, error: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-records-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try NewcomerErrorTests.run(["snapshot"] + scene + ["--size", "60x30", "-o", file.path] + extra)
        #expect(r.status == 0, "\(r.error)")
        let bytes = FileManager.default.contents(atPath: file.path) ?? Data()
        #expect(!bytes.isEmpty)
        return (bytes.base64EncodedString(), r.error)
    }

    @Test func recordsOfTheStandardPackingAreColouredByClanAndCurvature() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p3.json")
        try Self.export(["--level", "3"], to: file)
        let byGeneration = try Self.snapshot([file.path])
        let byClan = try Self.snapshot([file.path], ["--color-by", "clan"])
        let byMod3 = try Self.snapshot([file.path], ["--color-by", "mod3"])
        let distinct = Set([byGeneration.image, byClan.image, byMod3.image]).count
        #expect(distinct == 3, "generation, clan and mod3 gave \(distinct) different pictures")
        for run in [byGeneration, byClan, byMod3] { #expect(run.error.isEmpty, "\(run.error)") }
        // The colours are the generated packing's own (records written with 12 decimals,
        // so the spheres are drawn where the generator puts them).
        let exact = dir.appendingPathComponent("p3-exact.json")
        try Self.export(["--level", "3", "--decimals", "12"], to: exact)
        for coloring in ["clan", "mod3"] {
            let read = try Self.snapshot([exact.path], ["--color-by", coloring])
            let generated = try Self.snapshot(["apollonian", "--level", "3"], ["--color-by", coloring])
            let same = read.image == generated.image
            #expect(same, "--color-by \(coloring): the records drawn unlike the generated packing")
        }
    }

    @Test func integralRecordsWithoutTheirCurvaturesAreColouredByThem() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("soddy.json")
        try Self.export(["--level", "4", "--packing", "soddy"], to: file)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"K\":"))
        let bare = dir.appendingPathComponent("soddy-bare.json")
        try text.replacingOccurrences(of: #","K":-?[0-9]+"#, with: "", options: .regularExpression)
            .write(to: bare, atomically: true, encoding: .utf8)
        let withK = try Self.snapshot([file.path], ["--color-by", "mod3"])
        let withoutK = try Self.snapshot([bare.path], ["--color-by", "mod3"])
        let byGeneration = try Self.snapshot([bare.path])
        let sameAsWithK = withoutK.image == withK.image
        let sameAsGeneration = withoutK.image == byGeneration.image
        #expect(sameAsWithK, "the records without K are coloured unlike those with K")
        #expect(!sameAsGeneration, "the records without K are coloured by generation")
        #expect(withoutK.error.isEmpty, "\(withoutK.error)")
    }

    @Test(arguments: ["clan", "mod3"])
    func recordsOfNoKnownPackingFallBackToGenerationAndSaySo(coloring: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("two.json")
        try #"[{"X":0.1,"Y":0,"Z":0,"R":0.5,"L":1},{"X":-0.6,"Y":0,"Z":0,"R":0.3,"L":2}]"#
            .write(to: file, atomically: true, encoding: .utf8)
        let asked = try Self.snapshot([file.path], ["--color-by", coloring])
        let byGeneration = try Self.snapshot([file.path])
        let sameAsGeneration = asked.image == byGeneration.image
        #expect(sameAsGeneration, "the fallback is not the colouring by generation")
        let lines = asked.error.split(separator: "\n")
        let what = coloring == "clan" ? "clans" : "curvatures"
        #expect(lines.count == 1, "\(asked.error)")
        #expect(
            asked.error.hasPrefix("orbit: warning: \(file.path): sphere records carry no \(what)"), "\(asked.error)")
        #expect(asked.error.contains("colouring by generation"), "\(asked.error)")
        #expect(byGeneration.error.isEmpty)
        // render says the same; preview draws the pane as by generation.
        let render = try NewcomerErrorTests.run(["render", file.path, "--size", "30x10", "--color-by", coloring])
        #expect(render.status == 0)
        #expect(render.error == asked.error)
        let preview = try NewcomerErrorTests.run(["preview", file.path, "--size", "30x10", "--color-by", coloring])
        let plain = try NewcomerErrorTests.run(["preview", file.path, "--size", "30x10"])
        #expect(preview.status == 0)
        let samePane = preview.output == plain.output
        #expect(samePane, "the preview differs from its colouring by generation")
    }

    /// The viewer gets the warning as its start-up message, and the legend says which
    /// colouring is in effect and why.
    @Test func theViewerSceneSaysWhichColouringIsInEffect() throws {
        var options = Options()
        options.packingLook.coloring = .clan
        let odd = [SphereRecord(x: 0.1, y: 0, z: 0, r: 0.5, level: 1)]
        let fallback = try ApollonianScenes.fromRecords(odd, source: "odd.json", options)
        #expect(fallback.warnings.count == 1)
        #expect(fallback.warnings.first?.hasPrefix("odd.json: sphere records carry no clans") == true)
        #expect(fallback.viewerScene.warnings == fallback.warnings)
        #expect(fallback.legend.first == "colour: generation (L = generation + 1)")
        #expect(fallback.legend.dropFirst().first == fallback.warnings.first)
        let records = try SphereJSON.decode(
            SphereJSON.encode(PackingGenerator.records(PackingOptions(level: 2))), source: "p.json")
        let matched = try ApollonianScenes.fromRecords(records, source: "p.json", options)
        #expect(matched.warnings.isEmpty)
        #expect(matched.legend.first == "colour: clan (subtree of the service's tree)")
        #expect(matched.legend.contains { $0.hasPrefix("clan 4") })
    }
}
