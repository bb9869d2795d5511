/// Plays a gesture script into a motion state as time passes, each gesture at its own
/// moment (frame n at n/30 s) rather than at the next drawn frame, so the motion at any
/// moment is the same whatever the frame rate.
public struct ScriptPlayer: Hashable, Sendable {
    /// The script being played.
    public let script: GestureScript
    /// The first frame whose gestures have not been applied yet.
    public private(set) var nextFrame = 0

    /// A player at the start of `script`.
    public init(script: GestureScript) {
        self.script = script
    }

    /// True once every gesture has been applied.
    public var isFinished: Bool { nextFrame > script.lastFrame }

    /// Moves `motion` on by `seconds`, ending at `time` seconds after the script's start,
    /// and applies each gesture that falls due on the way at its moment (gestures due
    /// before `time - seconds` at the start of the step).
    /// - Returns: true when a gesture was applied.
    @discardableResult
    public mutating func play(_ motion: inout MotionState, seconds: Double, until time: Double) -> Bool {
        let step = seconds.isFinite ? max(0, seconds) : 0
        let lastFrame = Int((time * MotionState.ticksPerSecond + 1e-6).rounded(.down))
        var done = 0.0
        var applied = false
        if lastFrame >= nextFrame {
            let from = time - step
            for entry in script.entries where entry.frame >= nextFrame && entry.frame <= lastFrame {
                let at = Double(entry.frame) / MotionState.ticksPerSecond
                let dt = min(max(0, at - from), step) - done
                if dt > 0 {
                    motion.advance(seconds: dt)
                    done += dt
                }
                motion.apply(entry.gesture)
                applied = true
            }
            nextFrame = lastFrame + 1
        }
        motion.advance(seconds: step - done)
        return applied
    }
}
