import Display
import Foundation
import Testing

@testable import OrbitCLI

/// Every option of `render`, `snapshot` and `bench` arrives in `HeadlessConfig` (or in the
/// scene it draws): for each command and each row of the option table it accepts, the
/// configuration built with the option differs from the one built without it. An option
/// without a probe fails.
@Suite struct HeadlessConfigFromOptions {
    static let commands: [Command] = [.render, .snapshot, .bench]

    /// Probes for the options the viewer does not have.
    static let headlessProbes: [String: (scene: [String], option: [String])] = [
        "size": (["ball"], ["--size", "30x10"]),
        "frames": (["ball"], ["--frames", "3"]),
        "animation": ([PreviewConfigFromOptions.torus], ["--animation", "walk"]),
        "time": ([PreviewConfigFromOptions.torus], ["--time", "1.5"]),
        "output": (["ball"], ["-o", "/tmp/orbit-never-written.png"]),
        "cells": (["ball"], ["--cells"]),
        "fps": (["ball", "--record", "/tmp/orbit-never-written.gif"], ["--fps", "12"]),
        "turns": (["ball", "--record", "/tmp/orbit-never-written.gif"], ["--turns", "2"]),
    ]

    /// Each command with each option it accepts, as `command --option`.
    static var cases: [String] {
        commands.flatMap { c in OptionSpec.all.filter { $0.commands.contains(c) }.map { "\(c.name) --\($0.name)" } }
    }

    @Test(arguments: cases) func optionArrivesInTheHeadlessConfiguration(argument: String) throws {
        let words = argument.split(separator: " ").map(String.init)
        let name = String(words[1].dropFirst(2))
        guard ViewerConfigFromOptions.exempt[name] == nil else { return }
        let probe = try #require(Self.headlessProbes[name] ?? ViewerConfigFromOptions.probes[name], "--\(name)")
        let command = try #require(Self.commands.first { $0.name == words[0] })
        let without = Self.signature(command, probe.scene)
        let with = Self.signature(command, probe.scene + probe.option)
        #expect(!without.hasPrefix("error"), "\(without)")
        #expect(without != with, "--\(name) changed nothing in \(command.name)'s configuration")
    }

    @Test func theSnapshotCellSizeDrawsTheGraphicsPixelGrid() throws {
        let (_, o) = try ArgumentParser.parse(["snapshot", "ball", "--cell-size", "10x20"])
        let loaded = try SceneCatalog.load(o, forViewer: false)
        let c = try o.headlessConfig(for: .snapshot, loaded: loaded, environment: [:], toTerminal: false)
        #expect(c.mode == .kitty && c.settings.cellSize == CellSize(width: 10, height: 20))
        #expect(try o.headlessConfig(for: .render, loaded: loaded, environment: [:], toTerminal: false).mode != .kitty)
    }

    @Test func benchDefaultsTo300FramesAndRenderTo1() throws {
        let (_, o) = try ArgumentParser.parse(["bench", "ball"])
        let loaded = try SceneCatalog.load(o, forViewer: false)
        #expect(try o.headlessConfig(for: .bench, loaded: loaded, environment: [:], toTerminal: false).frames == 300)
        #expect(try o.headlessConfig(for: .render, loaded: loaded, environment: [:], toTerminal: false).frames == 1)
    }

    /// Everything `command` is told, as text (an error's text when the options are refused).
    static func signature(_ command: Command, _ arguments: [String]) -> String {
        do {
            let (_, o) = try ArgumentParser.parse([command.name] + arguments)
            let loaded = try SceneCatalog.load(o, forViewer: false)
            let c = try o.headlessConfig(for: command, loaded: loaded, environment: [:], toTerminal: true)
            let browse = loaded.browse.map { "\($0.initial)" } ?? "none"
            return "\(c) browse \(browse) " + ViewerConfigFromOptions.sceneSignature(loaded.viewerScene)
        } catch {
            return "error \(error)"
        }
    }
}
