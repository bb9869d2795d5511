import Foundation
import Testing

@testable import OrbitCLI

/// The option table as a contract for the commands that write something other than text
/// frames: for `snapshot` (the image), `bench` (its fields but the timings), `preview` (the
/// pane's text), `apollonian export` and `apollonian stats` (their output), every option the
/// command accepts changes what it produces. An option without a probe or a written
/// exemption fails. Preview, which takes no SCENE check of its own, also refuses every
/// option the table does not give it, with one line and status 2.
@Suite struct CommandContract {
    /// Each command's words, the arguments every run starts with, and what is compared.
    static let bases: [String: [String]] = [
        "snapshot": ["snapshot", "--size", "24x10", "--frames", "2"],
        "bench": ["bench", "--size", "24x10", "--frames", "2", "--colors", "256"],
        "preview": ["preview", "--size", "24x10", "--colors", "256"],
        "apollonian export": ["apollonian", "export", "--level", "3"],
        "apollonian stats": ["apollonian", "stats", "--level", "4"],
    ]

    /// Probes that differ from `render`'s, per command (the scene and the option).
    static let probes: [String: [String: (scene: [String], option: [String])]] = [
        "snapshot": [
            // The framebuffer is the same in every colour depth; the cells' picture is not.
            "colors": (["earth", "--cells"], ["--colors", "16"]),
            "dither": (["earth", "--cells", "--colors", "16", "--glyphs", "quadrants"], ["--dither"]),
            "cells": (["earth"], ["--cells"]),
            "cell-size": (["earth"], ["--cell-size", "10x20"]),
            "gestures": (["earth", "--frames", "5"], ["--gestures", "right@0"]),
            "labels": (["apollonian", "--level", "3", "--packing", "soddy", "--cells"], ["--labels"]),
            "time": ([AnimationTimeTests.skin], ["--time", "1"]),
        ],
        "bench": [
            "dither": (["earth", "--colors", "16", "--glyphs", "quadrants"], ["--dither"]),
            "time": ([AnimationTimeTests.skin], ["--time", "1"]),
            "threads": (["earth"], ["--threads", "2"]),
        ],
        "preview": [
            // Past a budget of 0.05 s (200,000 triangles) the sphere is drawn as its box; the
            // run without it has 10 s, time enough on a busy machine.
            "budget": (["sphere:300000", "--budget", "10"], ["--budget", "0.05"]),
            // 10x10 pixels: square cells, where 8x16 and the viewer's 10x20 are both 1:2.
            "cell-size": (["earth"], ["--cell-size", "10x10"]),
            "output": (["earth"], ["-o", "/nonexistent-orbit-folder/out.png"]),
            "color-by": (["apollonian"], ["--color-by", "clan"]),
            "palette": (["apollonian"], ["--palette", "distinct"]),
        ],
        "apollonian export": [
            "level": ([], ["--level", "2"]),
            "min-radius": ([], ["--min-radius", "0.2"]),
            "edge": ([], ["--edge"]),
            "radius": ([], ["--radius", "2"]),
            "decimals": ([], ["--decimals", "2"]),
            "max-spheres": ([], ["--max-spheres", "10"]),
            "packing": ([], ["--packing", "soddy"]),
            "url": ([], ["--url", "http://127.0.0.1:1/"]),
            "output": ([], ["-o", "/nonexistent-orbit-folder/out.json"]),
        ],
        "apollonian stats": [
            "level": ([], ["--level", "2"]),
            "min-radius": ([], ["--min-radius", "0.2"]),
            "radius": ([], ["--radius", "2"]),
            "packing": ([], ["--packing", "soddy"]),
            "dimension": ([], ["--dimension", "4"]),
            "max-spheres": (["--dimension", "8"], ["--max-spheres", "10"]),
        ],
    ]

    /// Options whose effect these runs cannot show, each with where it is shown.
    static let exempt: [String: [String: String]] = [
        "snapshot": [
            "output": "the file itself: OutputFileFormat", "animation": oneAnimation,
            "threads": OptionContract.renderExempt["threads"] ?? "",
        ],
        "bench": ["animation": oneAnimation],
        "preview": [:],
        "apollonian export": ["all": "the default of export (every sphere); --edge shows the choice"],
        "apollonian stats": [:],
    ]

    static let oneAnimation =
        "the installed models hold one animation each: AnimationTimeTests picks it by name and index"

    static var cases: [String] {
        bases.keys.sorted().flatMap { name in
            OptionSpec.all.filter { spec in spec.commands.contains { $0.name == name } }.map { "\(name)|\($0.name)" }
        }
    }

    @Test(arguments: cases) func everyOptionChangesWhatTheCommandProduces(argument: String) throws {
        let parts = argument.split(separator: "|").map(String.init)
        let (command, name) = (parts[0], parts[1])
        if Self.exempt[command]?[name] != nil || ViewerConfigFromOptions.exempt[name] != nil { return }
        let probe = try #require(
            Self.probes[command]?[name] ?? OptionContract.renderProbes[name]
                ?? HeadlessConfigFromOptions.headlessProbes[name] ?? ViewerConfigFromOptions.probes[name],
            "\(command) --\(name) has no probe")
        let base = try #require(Self.bases[command])
        // The Earth turns where the ball would look the same.
        let scene = probe.scene.map { $0 == "ball" ? "earth" : $0 }
        let without = try Self.produce(base + scene)
        let with = try Self.produce(base + scene + probe.option)
        #expect(without.status == 0, "\(without.text)")
        #expect(with.text != without.text || with.status != without.status, "\(command) --\(name) changed nothing")
    }

    static var notPreviewOptions: [String] { OptionSpec.all.filter { !$0.commands.contains(.preview) }.map(\.name) }

    @Test(arguments: notPreviewOptions) func previewRefusesAnOptionItDoesNotTake(name: String) throws {
        let spec = try #require(OptionSpec.all.first { $0.name == name })
        let value = spec.metavar == nil ? [] : ["1"]
        let r = try NewcomerErrorTests.run(["preview", PreviewConfigFromOptions.torus, "--\(name)"] + value)
        #expect(r.status == 2, "preview --\(name): status \(r.status)")
        #expect(r.output.isEmpty, "preview --\(name) wrote to the pane")
        #expect(r.error.hasPrefix("orbit: option '--\(name)' does not apply to 'preview'"), "\(r.error)")
        #expect(r.error.split(separator: "\n").count == 1, "\(r.error)")
    }

    /// What a run produces: the snapshot's image bytes, bench's fields without the
    /// timings, or the output; and the exit status.
    static func produce(_ arguments: [String]) throws -> (status: Int32, text: String) {
        guard arguments.first == "snapshot" else {
            let r = try NewcomerErrorTests.run(arguments)
            var text = String(decoding: r.output, as: UTF8.self)
            if arguments.first == "bench" {
                let timed = ["_ms", "fps:", "cpu_"]
                text = text.split(separator: "\n").filter { line in !timed.contains { line.contains($0) } }
                    .joined(separator: "\n")
            }
            return (r.status, text + r.error)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-contract-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments = arguments.contains("-o") ? arguments : arguments + ["-o", file.path]
        let r = try NewcomerErrorTests.run(arguments)
        let bytes = FileManager.default.contents(atPath: file.path) ?? Data()
        return (r.status, bytes.base64EncodedString() + r.error)
    }
}

/// The ball against the table: every option `render` takes either changes the ball's
/// frames or is refused for the ball (one line, exit 2). The ball has no view angles, zoom,
/// spin or background, so an option of those must say so rather than change nothing.
@Suite struct BallOptionContract {
    static var renderOptions: [String] {
        OptionSpec.all.filter { $0.commands.contains(.render) }.map(\.name)
    }

    @Test(arguments: renderOptions) func everyRenderOptionChangesTheBallOrIsRefused(name: String) throws {
        let spec = try #require(OptionSpec.find(name, for: .render))
        // Options whose effect no render of any scene shows (threads, recordings' --fps and
        // --turns) are held elsewhere; where they are refused for the ball, that is checked.
        let shownElsewhere = OptionContract.renderExempt[name] ?? ViewerConfigFromOptions.exempt[name]
        if shownElsewhere != nil && spec.scenes.contains(.ball) { return }
        let found =
            OptionContract.renderProbes[name] ?? HeadlessConfigFromOptions.headlessProbes[name]
            ?? ViewerConfigFromOptions.probes[name] ?? CommandContract.probes["render"]?[name]
        let base = ["render", "ball", "--size", "40x12", "--frames", "12", "--gestures", "tilt-left@0"]
        guard spec.scenes.contains(.ball) else {
            let option = found?.option ?? ["--\(name)"] + (spec.metavar == nil ? [] : ["1"])
            let r = try NewcomerErrorTests.run(base + option)
            #expect(r.status == 2, "render ball --\(name): status \(r.status)")
            #expect(r.output.isEmpty)
            #expect(r.error.hasPrefix("orbit: option '--\(name)' does not apply to 'ball'"), "\(r.error)")
            #expect(r.error.split(separator: "\n").count == 1, "\(r.error)")
            return
        }
        let probe = try #require(found, "render --\(name) has no probe")
        // The probe's own context without its scene (e.g. --format kitty for --cell-size).
        let context =
            probe.scene.first.map { $0.hasPrefix("-") } == false ? Array(probe.scene.dropFirst()) : probe.scene
        let without = try CommandContract.produce(base + context)
        let with = try CommandContract.produce(base + context + probe.option)
        #expect(without.status == 0, "\(without.text)")
        #expect(with.text != without.text || with.status != without.status, "render ball --\(name) changed nothing")
    }
}
