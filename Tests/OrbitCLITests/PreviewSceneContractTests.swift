import Apollonian
import Foundation
import OrbitTestSupport
import Testing

@testable import OrbitCLI

/// `orbit preview` takes every option of its table for every file (a file manager passes
/// one command line for all of them), so the table says which scenes ignore which option
/// (`OptionSpec.scenes`, `OptionSpec.ignores`; docs/CLI.md, "Preview"). For each kind of
/// scene and each preview option, through the built binary: the option changes the pane
/// (or the exit status) where the table says it affects the kind, and is accepted and
/// changes nothing where the table says it does not. A new preview option fails here until
/// it shows its effect or its row says which scenes ignore it.
@Suite(.serialized) struct PreviewSceneContract {
    static let base = ["preview", "--size", "24x10", "--colors", "256"]

    /// A scene of each kind, and for `--budget` one large enough for the smallest budget
    /// (0.05 s: 200,000 triangles) to show.
    static func scene(_ kind: SceneKind, large: Bool, in scratch: Scratch) throws -> [String] {
        switch kind {
        case .earth: return ["earth"]
        case .ball: return ["ball"]
        case .packing: return ["apollonian"]
        case .sphere: return [large ? "sphere:300000" : "sphere:2000"]
        case .model:
            guard large else { return [PreviewConfigFromOptions.torus] }
            let path = scratch.file("big.stl")
            if !FileManager.default.fileExists(atPath: path) { try bigSTL(path, triangles: 300_000) }
            return [path]
        case .records:
            let path = scratch.file(large ? "p8.json" : "p3.json")
            if !FileManager.default.fileExists(atPath: path) {
                let records = try PackingGenerator.records(PackingOptions(level: large ? 8 : 3))
                try Data(SphereJSON.encode(records)).write(to: URL(fileURLWithPath: path))
            }
            return [path]
        }
    }

    /// A binary STL of `triangles` small triangles in a grid.
    static func bigSTL(_ path: String, triangles: Int) throws {
        var bytes = [UInt8](repeating: 0, count: 80)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        func f32(_ v: Float) { u32(v.bitPattern) }
        u32(UInt32(triangles))
        for i in 0..<triangles {
            let x = Float(i % 600) / 600
            let y = Float(i / 600) / 600
            let z = Float(i % 7) / 600
            for v in [0, 0, 1, x, y, 0, x + 0.002, y, z, x, y + 0.002, 0] as [Float] { f32(v) }
            bytes += [0, 0]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The arguments that show option `name`'s effect (where it affects the kind), on top
    /// of `base` and the scene.
    static func probe(_ name: String, affects: Bool) -> [String]? {
        switch name {
        case "size": return ["--size", "30x8"]
        case "output": return ["-o", "/nonexistent-orbit-folder/out.png"]
        // Where it is ignored, a budget longer than the default (1 s) changes nothing at any load.
        case "budget": return affects ? ["--budget", "0.05"] : ["--budget", "60"]
        case "asset-root": return ["--asset-root", affects ? "/nonexistent-orbit-folder" : "/tmp"]
        case "cell-size": return ["--cell-size", "10x10"]
        case "glyphs": return ["--glyphs", "ascii"]
        case "colors": return ["--colors", "16"]
        case "dither": return ["--dither"]
        case "transparent": return ["--transparent"]
        case "cell-aspect": return ["--cell-aspect", "1"]
        case "yaw": return ["--yaw", "30"]
        case "pitch": return ["--pitch", "30"]
        case "roll": return ["--roll", "30"]
        case "zoom": return ["--zoom", "2"]
        case "color-by": return ["--color-by", "clan"]
        case "palette": return ["--palette", "distinct"]
        default: return nil
        }
    }

    /// Arguments both runs of an option take: `--dither` needs a set that dithers; a large
    /// scene gets time to load before the smallest budget is tried.
    static func context(_ name: String, affects: Bool) -> [String] {
        switch name {
        case "dither": return ["--glyphs", "quadrants"]
        case "budget" where affects: return ["--budget", "30"]
        default: return []
        }
    }

    static var previewOptions: [OptionSpec] { OptionSpec.all.filter { $0.commands.contains(.preview) } }

    @Test(arguments: SceneKind.allCases)
    func everyPreviewOptionChangesThePaneOrIsDeclaredIgnored(kind: SceneKind) throws {
        let scratch = try Scratch("orbit-preview-contract")
        let binary = try OrbitBinary.check()
        let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        for spec in Self.previewOptions {
            let affects = spec.affects(kind)
            let option = try #require(Self.probe(spec.name, affects: affects), "--\(spec.name) has no probe")
            let scene = try Self.scene(kind, large: spec.name == "budget" && affects, in: scratch)
            let arguments = Self.base + scene + Self.context(spec.name, affects: affects)
            let without = try Spawn.run([binary] + arguments, environment: environment)
            let with = try Spawn.run([binary] + arguments + option, environment: environment)
            #expect(without.status == 0, "\(kind) \(arguments): \(without.stderr)\(without.stdout.prefix(200))")
            let changed = with.stdout != without.stdout || with.status != without.status
            if affects {
                #expect(changed, "preview of \(kind): --\(spec.name) changed nothing; its row must say so")
            } else {
                #expect(with.status == 0, "preview of \(kind) refused --\(spec.name): \(with.stdout.prefix(200))")
                #expect(!changed, "preview of \(kind): --\(spec.name) is declared ignored but changed the pane")
            }
        }
    }

    /// Every declared exception names its reason, and each is in docs/CLI.md.
    @Test func theExceptionsAreDocumented() throws {
        let doc = try String(
            contentsOf: OrbitBinary.packageRoot.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let preview = try #require(doc.range(of: "## Preview").map { String(doc[$0.lowerBound...]) })
        for spec in Self.previewOptions {
            for (kind, why) in spec.ignores {
                #expect(!why.isEmpty)
                #expect(preview.contains("`--\(spec.name)`"), "docs/CLI.md's Preview section lacks --\(spec.name)")
                #expect(preview.contains(why), "docs/CLI.md's Preview section lacks \(kind): \(why)")
            }
            for kind in SceneKind.allCases where !spec.scenes.contains(kind) {
                #expect(preview.contains("`--\(spec.name)`"), "docs/CLI.md's Preview section lacks --\(spec.name)")
            }
        }
    }
}
