import Assets
import Display
import Foundation
import Gestures
import Math3D
import OrbitResources
import SceneGraph

/// Resolves the SCENE argument: `earth`, `apollonian`, `sphere:N`, a model path, a JSON
/// file of sphere records, or `-` (sphere records on standard input).
enum SceneCatalog {
    /// Commands and built-in scenes, for "did you mean" on an unknown scene name.
    static let builtIn = ["earth", "ball", "apollonian"]
    static let knownWords = builtIn + ArgumentParser.commandWords.keys.sorted() + ["help"]

    /// Refuses at once a scene that is neither built in nor a file, before anything else
    /// (such as the viewer's terminal check) can hide the real problem.
    static func checkName(_ name: String) throws(CLIError) {
        if builtIn.contains(name) || name == "-" || name.hasPrefix("sphere:") { return }
        if FileManager.default.fileExists(atPath: name) || ModelFormat(path: name) != nil
            || name.lowercased().hasSuffix(".json")
        {
            return
        }
        throw unknownScene(name)
    }

    static func unknownScene(_ name: String) -> CLIError {
        .usage(
            "unknown scene '\(name)': expected earth, ball, apollonian, a model file (\(ModelFormat.shortExtensions)), "
                + "a .json of sphere records, or -" + Suggestion.hint(for: name, in: knownWords))
    }

    /// Builds the scene named by `options.scene`; warnings about a model's companion files
    /// (missing textures, material libraries) go to standard error, one line each.
    static func load(_ options: Options, forViewer: Bool) throws(CLIError) -> LoadedScene {
        var warnings: [String] = []
        defer { for w in warnings { FileHandle.standardError.write(Data("orbit: warning: \(w)\n".utf8)) } }
        let loaded = try load(options, forViewer: forViewer, warnings: &warnings)
        try checkBrowseOptions(options, loaded)
        return loaded
    }

    /// Builds the scene named by `options.scene`, collecting warnings about a model's
    /// companion files (the model is drawn without them).
    static func load(_ options: Options, forViewer: Bool, warnings: inout [String]) throws(CLIError) -> LoadedScene {
        let name = options.scene
        switch name {
        case "earth":
            return try earth()
        case "ball":
            return ball()
        case "apollonian":
            return noted(try ApollonianScenes.generated(options, forViewer: forViewer), in: &warnings)
        case "-":
            return noted(try ApollonianScenes.fromStandardInput(options, forViewer: forViewer), in: &warnings)
        default:
            if name.hasPrefix("sphere:") { return try testSphere(name) }
            if name.lowercased().hasSuffix(".json") {
                return noted(try ApollonianScenes.fromFile(name, options, forViewer: forViewer), in: &warnings)
            }
            return try model(path: name, assetRoot: options.assetRoot, warnings: &warnings)
        }
    }

    /// `loaded`, its warnings (sphere records that cannot be coloured as asked) added to
    /// `warnings`.
    static func noted(_ loaded: LoadedScene, in warnings: inout [String]) -> LoadedScene {
        warnings += loaded.warnings
        return loaded
    }

    /// `--zoom` above 100 and `--center` need the browsed packing.
    static func checkBrowseOptions(_ options: Options, _ loaded: LoadedScene) throws(CLIError) {
        if options.packingLook.labels && !options.packing.isIntegral {
            throw .usage("--labels: curvatures are whole numbers only in the integral packing; add --packing soddy")
        }
        guard loaded.browse == nil else { return }
        let why = options.scene == "apollonian" ? "without --level or --url" : "(scene apollonian)"
        if options.zoom > ViewerScene.browseOnlyZoom {
            throw .usage(
                "--zoom \(options.zoom): above \(Int(ViewerScene.browseOnlyZoom)) only for the "
                    + "browsed apollonian packing \(why)"
            )
        }
        if options.center != nil { throw .usage("--center applies only to the browsed apollonian packing \(why)") }
    }

    /// The built-in Earth: Resources/earth.obj with its texture, spinning 0.5 degrees per frame.
    static func earth() throws(CLIError) -> LoadedScene {
        guard let path = OrbitResources.path(of: "earth.obj") else {
            throw CLIError(OrbitResources.missingMessage(for: "earth.obj"))
        }
        let node: Node
        do { node = try ModelLoader.load(path: path) } catch { throw CLIError(error.description) }
        let scene = Scene(
            root: Node(name: "earth", children: [node]), camera: Staging.camera(fitting: 1), light: Staging.sun,
            ambient: Color(linear: Vec3(repeating: 0.06)))
        return LoadedScene(scene: scene, defaultSpin: 0.5, label: "earth")
    }

    /// The tilting ball: a ball in a box, pulled by gravity that follows the tilt.
    static func ball() -> LoadedScene {
        LoadedScene(scene: BallStage.scene(), defaultSpin: 0, label: "ball", ball: BallMotion())
    }

    /// A model file, centred and scaled to a unit radius, starting still.
    static func model(path: String, assetRoot: String? = nil, warnings: inout [String]) throws(CLIError) -> LoadedScene
    {
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if ModelFormat(path: path) == nil { throw unknownScene(path) }
            throw CLIError("\(path): no such file")
        }
        if isDir.boolValue { throw CLIError("\(path): is a folder, not a model file") }
        let node: Node
        var found: [AssetError] = []
        defer { warnings += found.map(\.description) }
        do {
            node = try ModelLoader.load(
                path: path, options: LoadOptions(center: true, normalizeSize: 2, assetRoot: assetRoot), warnings: &found
            )
        } catch { throw CLIError(error.description) }
        let (staged, radius) = ModelFraming.stage(node)
        let scene = Scene(
            root: Node(name: "model", children: [staged]), camera: ModelFraming.camera(fitting: radius),
            light: Staging.studio, ambient: Color(linear: Vec3(repeating: 0.12)))
        var loaded = LoadedScene(scene: scene, defaultSpin: 0, label: PathName.last(of: path))
        loaded.warnings = found.map(\.description)
        return loaded
    }

    /// `sphere:N`: an untextured UV sphere of about N triangles (benchmarks).
    static func testSphere(_ name: String) throws(CLIError) -> LoadedScene {
        guard let n = Int(name.dropFirst("sphere:".count)), (8...20_000_000).contains(n) else {
            throw .usage("'\(name)': sphere:N wants a triangle count from 8 to 20000000")
        }
        // A sphere with 2k longitudes and k latitudes has 4k^2 - 4k triangles.
        let k = max(2, Int((Double(n) / 4).squareRoot().rounded()))
        let uv = Mesh.sphere(radius: 1, longitudes: 2 * k, latitudes: k)
        // Rebuilt without the sphere hint, so the rasterizer draws the triangles.
        let mesh: Mesh
        do {
            mesh = try Mesh(
                name: "sphere", positions: uv.positions, normals: uv.normals, uvs: uv.uvs, indices: uv.indices)
        } catch { throw CLIError("sphere:\(n): \(error.description)") }
        let material = Material(
            name: "sphere", diffuse: Color(hex: "4F8FD8") ?? .white,
            specular: Color(linear: Vec3(repeating: 0.35)), shininess: 40)
        let node = Node(name: "sphere", mesh: mesh, material: material)
        let scene = Scene(
            root: node, camera: Staging.camera(fitting: 1), light: Staging.studio,
            ambient: Color(linear: Vec3(repeating: 0.08)))
        return LoadedScene(scene: scene, defaultSpin: 0.5, label: "sphere (\(mesh.triangleCount) triangles)")
    }
}
