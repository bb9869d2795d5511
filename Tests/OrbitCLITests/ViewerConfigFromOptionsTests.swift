import Display
import Foundation
import OrbitTestSupport
import SceneGraph
import Testing
import Viewer

@testable import OrbitCLI

/// Every option the viewer accepts arrives in its `ViewerConfig`: for each row of the option
/// table that names the viewer, the configuration built with the option differs from the
/// one built without it. A viewer option without an entry in `Self.probes` fails.
@Suite struct ViewerConfigFromOptions {
    /// For each viewer option: the arguments before it (the scene) and the option with a
    /// value that is not its default; or why it cannot be shown here.
    static let probes: [String: (scene: [String], option: [String])] = [
        "threads": (["ball"], ["--threads", "3"]),
        "fps": (["ball"], ["--fps", "12"]),
        "no-hud": (["ball"], ["--no-hud"]),
        "record": (["ball"], ["--record", "/tmp/orbit-never-written.cast"]),
        "asset-root": ([TexturedModel.path], ["--asset-root", TexturedModel.root]),
        "format": (["ball"], ["--format", "sixel"]),
        "cell-size": (["ball"], ["--cell-size", "10x20"]),
        "max-kbps": (["ball"], ["--max-kbps", "500"]),
        "glyphs": (["ball"], ["--glyphs", "sextants"]),
        "colors": (["ball"], ["--colors", "256"]),
        "dither": (["ball"], ["--dither"]),
        "transparent": (["earth"], ["--transparent"]),
        "cell-aspect": (["ball"], ["--cell-aspect", "0.6"]),
        "spin": (["earth"], ["--spin", "3"]),
        "yaw": (["earth"], ["--yaw", "30"]),
        "pitch": (["earth"], ["--pitch", "20"]),
        "roll": (["earth"], ["--roll", "10"]),
        "zoom": (["earth"], ["--zoom", "2"]),
        "friction": (["earth"], ["--friction", "1"]),
        "gestures": (["ball"], ["--gestures", "right@0"]),
        "level": (["apollonian"], ["--level", "3"]),
        "center": (["apollonian"], ["--center", "0.1,0.2,0.3"]),
        "labels": (["apollonian", "--level", "3", "--packing", "soddy"], ["--labels"]),
        "min-radius": (["apollonian", "--level", "5"], ["--min-radius", "0.1"]),
        "all": (["apollonian", "--level", "3"], ["--all"]),
        "edge": (["apollonian", "--level", "3", "--all"], ["--edge"]),
        "radius": (["apollonian", "--level", "3"], ["--radius", "2"]),
        "max-spheres": (["apollonian", "--level", "5"], ["--max-spheres", "10"]),
        "packing": (["apollonian", "--level", "3"], ["--packing", "soddy"]),
        "color-by": (["apollonian", "--level", "3"], ["--color-by", "clan"]),
        "palette": (["apollonian", "--level", "3"], ["--palette", "distinct"]),
        // Nothing listens on port 1: the packing is asked of the service, which refuses.
        "url": (["apollonian", "--level", "2"], ["--url", "http://127.0.0.1:1/"]),
        "animation": ([AnimatedModel.path], ["--animation", "sway"]),
        "time": ([AnimatedModel.path], ["--time", "0.5"]),
    ]

    /// Options whose effect is a wait, each with where it is tested.
    static let exempt: [String: String] = [
        "timeout": "a wait on a silent service: ServiceCancelTests and SphereServiceLimitTests"
    ]

    /// The viewer options of the table.
    static var viewerOptions: [String] { OptionSpec.all.filter { $0.commands.contains(.view) }.map(\.name) }

    @Test func everyViewerOptionHasAProbe() {
        for name in Self.viewerOptions {
            #expect((Self.probes[name] != nil) != (Self.exempt[name] != nil), "--\(name) needs one probe")
        }
    }

    @Test(arguments: viewerOptions) func optionArrivesInTheViewerConfiguration(name: String) throws {
        guard Self.exempt[name] == nil else { return }
        let probe = try #require(Self.probes[name])
        let without = Self.signature(probe.scene)
        let with = Self.signature(probe.scene + probe.option)
        #expect(!without.hasPrefix("error"), "\(without)")
        #expect(without != with, "--\(name) changed nothing in the viewer's configuration")
    }

    /// Everything the viewer is told, as text (an error's text when the options are refused).
    static func signature(_ arguments: [String]) -> String {
        do {
            let (_, o) = try ArgumentParser.parse(arguments)
            var warnings: [String] = []
            let loaded = try SceneCatalog.load(o, forViewer: true, warnings: &warnings)
            try SceneCatalog.checkBrowseOptions(o, loaded)
            let c = try o.viewerConfig(loaded: loaded, tour: nil)
            var s = "fps \(c.fps) glyphs \(String(describing: c.glyphs)) colors \(c.colors) hud \(c.hud)"
            s += " script \(String(describing: c.script)) motion \(c.motion) dither \(c.dither)"
            s += " transparent \(c.transparent) threads \(c.threads) aspect \(String(describing: c.cellAspect))"
            s += " output \(c.output) cell \(String(describing: c.cellSize)) kbps \(String(describing: c.maxKbps))"
            s += " record \(String(describing: c.record)) tour \(c.tour != nil)"
            s += " animation \(String(describing: c.animation)) at \(c.animationTime)"
            s += " levels \(c.levels.map { "\($0.range) \($0.initial)" } ?? "none")"
            s += " browse \(c.browse.map { "\($0.initial)" } ?? "none")"
            return s + " " + sceneSignature(c.scene)
        } catch {
            return "error \(error)"
        }
    }

    /// A scene as text: its label, legend and tags, and each drawn item's placement,
    /// triangles and materials.
    static func sceneSignature(_ v: ViewerScene) -> String {
        var s = "label \(v.label ?? "") legend \(v.legend) tags \(v.tagPrefix ?? "")"
        for item in v.scene.drawList() {
            s += " [\(item.world) \(item.mesh.triangleCount) \(item.material.diffuse)"
            let textured = item.material.texture != nil || item.mesh.groups.contains { $0.material?.texture != nil }
            s += " textured \(textured)]"
        }
        return s
    }
}

/// A model whose texture lies outside its folder (`package://`), readable only with
/// `--asset-root`.
enum TexturedModel {
    static let root: String = {
        let dir = ExitCleanup.removeAtExit(NSTemporaryDirectory() + "orbit-config-root-" + UUID().uuidString)
        let files = FileManager.default
        try? files.createDirectory(atPath: dir + "/robot/meshes", withIntermediateDirectories: true)
        try? files.createDirectory(atPath: dir + "/robot/textures", withIntermediateDirectories: true)
        // A 1 x 1 red TGA.
        try? Data([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0, 0, 255]).write(
            to: URL(fileURLWithPath: dir + "/robot/textures/red.tga"))
        try? "newmtl paint\nmap_Kd package://robot/textures/red.tga\n".write(
            toFile: dir + "/robot/meshes/arm.mtl", atomically: true, encoding: .utf8)
        try? "mtllib arm.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl paint\nf 1/1 2/2 3/3\n"
            .write(toFile: dir + "/robot/meshes/arm.obj", atomically: true, encoding: .utf8)
        return dir
    }()
    static var path: String { root + "/robot/meshes/arm.obj" }
}

/// A skinned cylinder with two animations (`bend`, `sway`), written once.
enum AnimatedModel {
    static let path: String = {
        let path = ExitCleanup.removeAtExit(
            NSTemporaryDirectory() + "orbit-config-animated-" + UUID().uuidString + ".gltf")
        try? SkinnedGLTF.write(to: path)
        return path
    }()
}
