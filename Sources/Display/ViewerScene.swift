import Gestures
import Math3D
import SceneGraph
import TerminalText

/// A scene for the viewer, with an optional label for the status line.
public struct ViewerScene: Sendable {
    /// The scene as built; the viewer turns its root and moves its camera, never edits it.
    public var scene: Scene
    /// Shown in the status line, e.g. `level 7 (6635 spheres)`. Default nil. Control
    /// characters (a file name may hold ESC) are kept as visible `\u{XX}` text.
    public var label: String? {
        didSet {
            if let l = label, l.unicodeScalars.contains(where: TerminalText.isControl) {
                label = TerminalText.visible(l)
            }
        }
    }
    /// Lines of the colour legend (key `l`), e.g. `L 3  FFFF00  20 spheres`. Default none.
    public var legend: [String]
    /// Warnings from loading the scene (a model's missing texture), one line each, shown
    /// in the message line when the viewer starts. Default none.
    public var warnings: [String]
    /// Sphere nodes whose names start with this carry text written on them (the rest of
    /// the name; see `SphereTags`), or nil for none. Default nil.
    public var tagPrefix: String?

    /// A scene with an optional status-line label, legend and loading warnings.
    public init(scene: Scene, label: String? = nil, legend: [String] = [], warnings: [String] = []) {
        self.scene = scene
        self.label = label.map(TerminalText.visible)
        self.legend = legend
        self.warnings = warnings
    }

    /// The scene as `motion` poses it: the whole node tree turned by
    /// `motion.modelRotation` about the origin, and the camera moved along its line of
    /// sight to `motion.cameraDistance(base:)` of its original distance. Headless
    /// commands use the same function, so `orbit render --gestures` matches the viewer.
    /// With a ball in the motion, the ball's scene is placed by `BallStage` instead.
    public static func posed(_ scene: Scene, by motion: MotionState) -> Scene {
        if let ball = motion.ball { return BallStage.place(scene, ball: ball) }
        var s = scene
        s.root = Node(name: "motion", transform: Transform(rotation: motion.modelRotation), children: [scene.root])
        s.camera = scene.camera.atDistance(motion.cameraDistance(base: scene.camera.distance))
        return s
    }
}
