import Foundation
import Testing

@testable import OrbitCLI

/// The option table as a contract: every command refuses every option the table does not
/// give it, and every option `render` accepts changes what it prints.
@Suite struct OptionContract {
    /// The words that start `command` on the command line.
    static func words(_ command: Command) -> [String] {
        switch command {
        case .view: []
        case .apollonianExport: ["apollonian", "export"]
        case .apollonianStats: ["apollonian", "stats"]
        default: [command.name]
        }
    }

    static let commands: [Command] = [
        .view, .demo, .render, .snapshot, .bench, .preview, .apollonianExport, .apollonianStats,
    ]

    @Test(arguments: commands) func anOptionTheCommandDoesNotTakeIsRefused(command: Command) {
        for spec in OptionSpec.all where !spec.commands.contains(command) {
            let arguments = Self.words(command) + ["--" + spec.name] + (spec.metavar == nil ? [] : ["1"])
            do {
                _ = try ArgumentParser.parse(arguments)
                Issue.record("\(arguments) accepted")
            } catch let error as CLIError {
                #expect(error.status == 2)
                #expect(error.message.hasPrefix("option '--\(spec.name)' does not apply to '\(command.name)'"))
            } catch {
                Issue.record("\(arguments): \(error)")
            }
        }
    }

    /// Probes for options `render` has and the viewer has not, and options whose render
    /// output does not show them.
    static let renderProbes: [String: (scene: [String], option: [String])] = [
        "size": (["ball"], ["--size", "30x10"]),
        "frames": (["earth"], ["--frames", "3"]),
        "colors": (["earth"], ["--colors", "16"]),
        // Half blocks and sixel show no difference with --dither (their own quantization).
        "dither": (["earth", "--colors", "16", "--glyphs", "quadrants"], ["--dither"]),
        "friction": (["earth", "--frames", "10", "--spin", "5"], ["--friction", "5"]),
        "cell-size": (["ball", "--format", "kitty"], ["--cell-size", "10x20"]),
    ]
    static let renderExempt: [String: String] = [
        "threads": "the output is the same for every thread count (ParallelFrameTests)",
        "timeout": ViewerConfigFromOptions.exempt["timeout"] ?? "",
        "animation": "the built-in scenes have no animation; AnimationTimeTests plays a model's",
        "time": "the built-in scenes have no animation; AnimationTimeTests poses a model at a time",
        "fps": "frames per second of a picture recording (--record FILE.gif); TurntableRecording decodes them",
        "turns": "turns of a picture recording (--record FILE.gif); TurntableRecording decodes them",
    ]

    static var renderOptions: [String] { OptionSpec.all.filter { $0.commands.contains(.render) }.map(\.name) }

    @Test(arguments: renderOptions) func everyRenderOptionChangesWhatItPrints(name: String) throws {
        guard Self.renderExempt[name] == nil else { return }
        let probe = try #require(Self.renderProbes[name] ?? ViewerConfigFromOptions.probes[name], "--\(name)")
        // The Earth turns where the ball would look the same; colours show the look options.
        let scene = probe.scene.map { $0 == "ball" ? "earth" : $0 }
        let base = ["render", "--size", "40x16", "--colors", "256", "--frames", "2"] + scene
        let without = try NewcomerErrorTests.run(base)
        let with = try NewcomerErrorTests.run(base + probe.option)
        #expect(without.status == 0, "\(without.error)")
        #expect(without.output != with.output || with.status != 0, "--\(name) changed nothing")
    }
}
