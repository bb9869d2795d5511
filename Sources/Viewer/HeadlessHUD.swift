import Display
import Gestures

/// The viewer's status line for frames made without a terminal (`orbit render --record`),
/// so a recording made headless reads like one made live.
public enum HeadlessHUD {
    /// The bytes that draw the status line on `row` of a screen `columns` wide, for
    /// `motion` at `fps` frames per second (`paused` or `still` when nothing moves).
    public static func bytes(
        motion: MotionState, fps: Int, triangles: Int, mode: OutputMode,
        label: String?, row: Int, columns: Int
    ) -> [UInt8] {
        var (glyphs, colors) = (mode.label, "")
        if case .cells(let g, let c) = mode { (glyphs, colors) = (g.rawValue, c == .none ? "no colour" : c.rawValue) }
        let line = StatusLine(
            fps: motion.isAnimating ? fps : nil, paused: motion.isPaused, triangles: triangles,
            glyphs: glyphs, colors: colors, label: label, gesture: motion.lastGestureDescription)
        return Array(line.render(row: row, columns: columns).utf8)
    }
}
