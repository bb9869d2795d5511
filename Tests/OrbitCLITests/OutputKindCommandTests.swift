import Display
import Foundation
import Testing

@testable import OrbitCLI

/// Every output of `orbit --list outputs` through the commands that take `--format`: the
/// rows of the output table, so a new output is held to them the moment it exists.
@Suite struct OutputKindCommands {
    static var names: [String] {
        (try? NewcomerErrorTests.run(["--list", "outputs"])).map {
            String(decoding: $0.output, as: UTF8.self).split(separator: "\n").map(String.init)
        } ?? []
    }

    @Test func theListIsTheTable() {
        #expect(Self.names == OutputKind.allCases.map(\.rawValue))
    }

    @Test(arguments: OutputKind.allCases.map(\.rawValue))
    func renderAndBenchDrawEachOutput(name: String) throws {
        let render = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", name])
        #expect(render.status == 0 && !render.output.isEmpty, "\(render.error)")
        let bench = try NewcomerErrorTests.run(["bench", "ball", "--size", "8x4", "--frames", "2", "--format", name])
        #expect(bench.status == 0, "\(bench.error)")
        let lines = String(decoding: bench.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("output: \(name)"))
        let help = try NewcomerErrorTests.run(["render", "--help"])
        #expect(String(decoding: help.output, as: UTF8.self).contains(name))
        guard name != OutputKind.cells.rawValue else { return }
        // Graphics send their own colours: --dither is refused, naming the output.
        let dither = try NewcomerErrorTests.run(["render", "earth", "--dither", "--format", name])
        #expect(dither.status == 2)
        #expect(
            dither.error.hasPrefix("orbit: option '--dither' does not apply to '--format \(name)'"), "\(dither.error)")
    }

    @Test func outputsDrawDifferentBytes() throws {
        var seen = Set<[UInt8]>()
        for name in OutputKind.allCases.map(\.rawValue) {
            let r = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", name])
            #expect(seen.insert(r.output).inserted, "--format \(name) drew what another output drew")
        }
    }
}
