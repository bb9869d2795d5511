import Gestures

extension Options {
    /// The motion a scene starts with: `--spin` (or the scene's default), `--yaw`,
    /// `--pitch`, `--roll` and `--zoom`. The viewer and the headless commands share it, so
    /// `orbit render` shows what the viewer shows.
    /// `ball` is the scene's tilting ball, if it has one.
    func startingMotion(defaultSpin: Double, ball: BallMotion? = nil) -> MotionState {
        var motion = MotionState(spin: spin ?? defaultSpin, yaw: yaw, pitch: pitch, roll: roll, zoom: zoom)
        if let ball { motion.attach(ball) }
        return motion
    }

    /// The parsed `--gestures` script, or nil when none was given.
    func gestureScript() throws(CLIError) -> GestureScript? {
        guard let text = gestures else { return nil }
        do { return try GestureScript.parse(text) } catch { throw .usage("--gestures: \(error)") }
    }
}
