import Display
import Foundation
import Gestures
import Math3D
import SceneGraph

/// A scene resolved from the command line, with the motion it starts with.
struct LoadedScene {
    /// The scene as built (unposed).
    var scene: Scene
    /// Degrees per frame about Y the scene spins by default (Earth 0.5, others 0: still).
    var defaultSpin: Double
    /// Status-line label, e.g. `level 7 (6635 spheres)`.
    var label: String?
    /// Other levels (Apollonian), for the viewer's number keys.
    var levels: LevelSource?
    /// Browsing at any depth (the packing without `--level`): the scene is built for
    /// `browse.initial`, and the motion's own zoom stays 1.
    var browse: BrowseSource?
    /// The colour legend's lines (Apollonian), for the viewer's `l` key.
    var legend: [String] = []
    /// The tilting ball the scene starts with (the ball scene), or nil.
    var ball: BallMotion? = nil
    /// A model's loading warnings (missing companion files), for the viewer's message line.
    var warnings: [String] = []
    /// Sphere nodes named with this prefix show their names as text (`--labels`), or nil.
    var tagPrefix: String?

    /// The scene as the viewer shows it.
    var viewerScene: ViewerScene {
        var v = ViewerScene(scene: scene, label: label, legend: legend, warnings: warnings)
        v.tagPrefix = tagPrefix
        return v
    }
}

/// Where scenes look good by default.
enum Staging {
    /// Vertical field of view of every built-in scene.
    static let fieldOfView = Angle.degrees(45)
    /// A built-in scene of bounding radius r is viewed from r * this far: it then fills
    /// about 85% of the view's height (angular radius atan(0.85 tan(22.5 deg)) = 19.4 deg).
    /// Model files are framed by `ModelFraming.distancePerRadius`.
    static let distancePerRadius: Float = 3.0

    /// A camera on +Z looking at the origin, far enough to show a model of bounding
    /// radius `radius` whole.
    static func camera(fitting radius: Float, distancePerRadius: Float = Staging.distancePerRadius) -> Camera {
        let r = radius.isFinite && radius > 0 ? radius : 1
        return Camera(
            position: Vec3(0, 0, r * distancePerRadius), target: .zero, fieldOfView: fieldOfView,
            near: r * 0.02, far: r * 20)
    }

    /// Sunlight from the upper left, a little in front: the lit side faces the viewer
    /// with a soft terminator on the right.
    static let sun = DirectionalLight(
        direction: Vec3(0.55, -0.3, -1), ambient: .black,
        diffuse: Color(linear: Vec3(repeating: 1.0)),
        specular: Color(linear: Vec3(repeating: 0.5)))

    /// A neutral key light for models.
    static let studio = DirectionalLight(
        direction: Vec3(0.6, -0.8, -0.7), ambient: .black,
        diffuse: Color(linear: Vec3(repeating: 0.95)),
        specular: Color(linear: Vec3(repeating: 0.4)))
}
