import Assets
import Cells
import Display
import Foundation
import Gestures
import Viewer

/// `orbit render --record FILE.cast`: the frames (and the viewer's status line) as an
/// asciinema v2 recording made without a terminal, frame n at exactly n/30 s.
enum RecordCommand {
    /// Frames per second of a headless recording: one tick per frame, as the original.
    static let fps = Int(MotionState.ticksPerSecond)

    static func run(_ options: Options, to path: String, environment: [String: String]) throws(CLIError) -> Int32 {
        try OutputFile.check(path, example: "orbit.cast")
        // SIGTERM, SIGHUP or Ctrl-C while recording: the hidden temporary file goes too.
        TemporaryFileSweep.removeOnSignals()
        var pictureOptions = options
        pictureOptions.rows = max(1, options.rows - 1)  // the last row is the status line
        var s = try HeadlessCommands.setup(pictureOptions, for: .render, environment: environment)
        // A script's last gesture plus 3 s, within the --frames limit (GestureScript.maximumFrame).
        let frames = options.frames ?? max(1, min((s.script?.lastFrame ?? 0) + 3 * fps, GestureScript.maximumFrame))
        let recorder: CastRecorder
        do {
            recorder = try CastRecorder(path: path, columns: options.columns, rows: options.rows, title: "orbit")
        } catch { throw CLIError(error.description) }
        var lastHUD: [UInt8] = []
        for frame in 0..<frames {
            // The HUD shows the motion as this frame is drawn, as the live viewer does.
            if let script = s.script { s.motion.apply(script.gestures(atFrame: frame)) }
            var bytes: [UInt8] = frame == 0 ? Array("\u{1B}[0m\u{1B}[2J".utf8) : []
            s.pipeline.render(ViewerScene.posed(s.loaded.scene, by: s.motion))
            var picture: [UInt8] = []
            s.pipeline.write(into: &picture)
            bytes += picture
            let hud = HeadlessHUD.bytes(
                motion: s.motion, fps: fps, triangles: s.loaded.scene.triangleCount,
                mode: s.pipeline.mode, label: s.loaded.label, row: options.rows - 1,
                columns: options.columns)
            if hud != lastHUD {
                bytes += hud
                lastHUD = hud
            }
            recorder.output(bytes, at: Double(frame) / Double(fps))
            s.motion.advance(ticks: 1)
        }
        recorder.close()
        if let message = recorder.failureMessage { throw CLIError(message) }
        return 0
    }
}
