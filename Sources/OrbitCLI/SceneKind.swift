import Foundation

/// The kinds of SCENE, for deciding which options apply to a scene (`OptionSpec.scenes`).
enum SceneKind: String, CaseIterable, Sendable {
    /// `earth`: the built-in textured Earth.
    case earth
    /// `ball`: the tilting ball in a box.
    case ball
    /// `apollonian`: the generated (or fetched, `--url`) packing.
    case packing
    /// A `.json` file of sphere records, or `-` (records on standard input).
    case records
    /// `sphere:N`: a test sphere of about N triangles.
    case sphere
    /// A model file.
    case model

    /// The kind of the SCENE argument `name`.
    init(scene name: String) {
        switch name {
        case "earth": self = .earth
        case "ball": self = .ball
        case "apollonian": self = .packing
        case "-": self = .records
        default:
            if name.hasPrefix("sphere:") {
                self = .sphere
            } else if name.lowercased().hasSuffix(".json") {
                self = .records
            } else {
                self = .model
            }
        }
    }

    /// Every kind of scene.
    static let every = Set(allCases)
    /// The sphere packings, generated or read.
    static let packings: Set<SceneKind> = [.packing, .records]
    /// Every scene but the ball, whose box is seen from above and fills the view, tilted
    /// by arrows and the mouse: it has no view angles, zoom, spin or background.
    static let allButBall: Set<SceneKind> = every.subtracting([.ball])

    /// Why an option of the scenes `kinds` is refused, the words in brackets after "does
    /// not apply to SCENE": the scenes it applies to ("only to model files"), or, for the
    /// options of every scene but the ball, what the ball lacks.
    static func refusal(_ kinds: Set<SceneKind>) -> String {
        if kinds == packings { return "only to the apollonian packing and sphere records (.json, -)" }
        if kinds == [.packing] { return "only to the apollonian packing" }
        if kinds == [.model] { return "only to model files" }
        if kinds == allButBall { return "its box is seen from above and fills the view; arrows and the mouse tilt it" }
        return "only to " + allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ", ")
    }
}

extension SceneCatalog {
    /// Refuses a SCENE file that is missing, a folder or unreadable, before anything about
    /// the terminal is said (the user's first mistake is named first).
    static func checkReadable(_ name: String) throws(CLIError) {
        let kind = SceneKind(scene: name)
        guard kind == .model || (kind == .records && name != "-") else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) else {
            throw CLIError("\(name): no such file")
        }
        if isFolder.boolValue {
            throw CLIError("\(name): is a folder, not \(kind == .model ? "a model file" : "a file of sphere records")")
        }
        if access(name, R_OK) != 0 {
            throw CLIError("\(name): cannot be read (\(String(cString: strerror(errno))))")
        }
    }
}
