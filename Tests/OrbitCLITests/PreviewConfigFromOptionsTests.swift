import Cells
import Display
import Foundation
import OrbitTestSupport
import Testing

@testable import OrbitCLI

/// Every option of `orbit preview` arrives in `PreviewConfig` (or in the scene it loads):
/// for each row of the option table that names preview, the configuration built with the
/// option differs from the one built without it. An option without a probe fails.
@Suite struct PreviewConfigFromOptions {
    static let torus = OrbitBinary.packageRoot.appendingPathComponent("Resources/models/torus.glb").path

    /// Probes for the options preview has and the viewer has not, and for those whose
    /// viewer probe needs options preview refuses (`--level`).
    static let previewProbes: [String: (scene: [String], option: [String])] = [
        "size": (["ball"], ["--size", "30x10"]),
        "output": (["ball"], ["-o", "/tmp/orbit-never-written.png"]),
        "budget": (["ball"], ["--budget", "2"]),
        "color-by": (["apollonian"], ["--color-by", "clan"]),
        "palette": (["apollonian"], ["--palette", "distinct"]),
    ]

    /// The preview options of the table.
    static var previewOptions: [String] { OptionSpec.all.filter { $0.commands.contains(.preview) }.map(\.name) }

    /// The probe of option `name`, or nil when it has none.
    static func probe(_ name: String) -> (scene: [String], option: [String])? {
        previewProbes[name] ?? ViewerConfigFromOptions.probes[name]
    }

    @Test func everyPreviewOptionHasAProbe() {
        for name in Self.previewOptions {
            #expect(Self.probe(name) != nil, "--\(name) needs a probe")
        }
    }

    @Test(arguments: previewOptions) func optionArrivesInThePreviewConfiguration(name: String) throws {
        let probe = try #require(Self.probe(name), "--\(name)")
        let without = Self.signature(probe.scene)
        let with = Self.signature(probe.scene + probe.option)
        #expect(!without.hasPrefix("error"), "\(without.prefix(300))")
        #expect(!with.hasPrefix("error"), "\(with.prefix(300))")
        // Compared apart: a packing's signature is too long for a failure message.
        let changed = without != with
        #expect(changed, "--\(name) changed nothing in the preview's configuration")
    }

    @Test func thePaneSizeComesFromTheEnvironmentUnlessSizeIsGiven() throws {
        let (_, pane) = try ArgumentParser.parse(["preview", "ball"])
        let c = pane.previewConfig(environment: ["w": "40", "h": "12"])
        #expect(c.columns == 40 && c.rows == 12)
        let (_, sized) = try ArgumentParser.parse(["preview", "ball", "--size", "30x7"])
        let s = sized.previewConfig(environment: ["w": "40", "h": "12"])
        #expect(s.columns == 30 && s.rows == 7)
    }

    @Test func aPictureOfPixelsIsAGridOfOnePixelCells() throws {
        let (_, o) = try ArgumentParser.parse(["preview", "ball", "-o", "/tmp/x.png", "--size", "200x120px"])
        let c = o.previewConfig(environment: [:])
        #expect(c.columns == 200 && c.rows == 120 && c.mode == .kitty)
        #expect(c.settings.cellSize == CellSize(width: 1, height: 1) && c.settings.cellAspect == 1)
    }

    @Test func withoutAnAngleThePreviewTakesTheThreeQuarterView() throws {
        let (_, o) = try ArgumentParser.parse(["preview", "ball"])
        let c = o.previewConfig(environment: [:])
        #expect(c.yaw == PreviewCommand.yaw && c.pitch == PreviewCommand.pitch && c.roll == 0)
        let (_, rolled) = try ArgumentParser.parse(["preview", "ball", "--roll", "10"])
        let r = rolled.previewConfig(environment: [:])
        #expect(r.yaw == 0 && r.pitch == 0 && r.roll == 10)
    }

    /// Everything preview is told, as text, with the scene it loads (an error's text when
    /// the options are refused).
    static func signature(_ arguments: [String]) -> String {
        do {
            let (command, o) = try ArgumentParser.parse(["preview"] + arguments)
            guard command == .preview else { return "error: not preview" }
            let c = o.previewConfig(environment: [:])
            let loaded = try SceneCatalog.load(c.sceneOptions, forViewer: false)
            return "\(c) " + ViewerConfigFromOptions.sceneSignature(loaded.viewerScene)
        } catch {
            return "error \(error)"
        }
    }
}
