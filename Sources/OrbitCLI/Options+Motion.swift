import Display
import Gestures
import SceneGraph

extension Options {
    /// The motion a scene starts with: `--spin` (or the scene's default), `--yaw`,
    /// `--pitch`, `--roll`, `--friction` and `--zoom`, clamped to the scene's zoom range (the
    /// camera stays outside the scene). The viewer and the headless commands share it, so
    /// `orbit render` shows what the viewer shows.
    /// The scene's tilting ball, if it has one, is attached.
    func startingMotion(for loaded: LoadedScene) -> MotionState {
        // A browsed packing takes the zoom into the scene it builds.
        var motion = MotionState(
            spin: spin ?? loaded.defaultSpin, yaw: yaw, pitch: pitch, roll: roll,
            zoom: loaded.browse == nil ? zoom : 1,
            zoomRange: loaded.browse == nil ? ViewerScene.zoomRange(for: loaded.scene) : Self.browseZoomRange,
            friction: friction)
        if let ball = loaded.ball { motion.attach(ball) }
        return motion
    }

    /// The camera zoom range of a browsed packing: its zoom goes into the scene, so the
    /// camera itself never comes closer than at the start.
    static let browseZoomRange = ViewerScene.defaultZoomRange.lowerBound...1

    /// The parsed `--gestures` script, or nil when none was given.
    func gestureScript() throws(CLIError) -> GestureScript? {
        guard let text = gestures else { return nil }
        do { return try GestureScript.parse(text) } catch { throw .usage("--gestures: \(error)") }
    }
}
