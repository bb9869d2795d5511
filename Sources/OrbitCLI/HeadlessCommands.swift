import Assets
import Cells
import Display
import Foundation
import Gestures
import Math3D
import Raster
import SceneGraph
import Viewer

/// `orbit render`, `orbit snapshot` and `orbit bench`: frames without a terminal.
enum HeadlessCommands {
    /// What every headless command sets up: the scene, its motion, the gesture script and
    /// a pipeline of the requested size and look.
    struct Setup {
        var loaded: LoadedScene
        var motion: MotionState
        var script: GestureScript?
        var pipeline: FramePipeline
        /// The model animation played, if any.
        var animation: SceneAnimation? = nil
        /// Animation time of frame 0, in seconds.
        var startTime: Double = 0

        /// Poses the scene for frame `frame`: the animation at `startTime` + frame / 30 s,
        /// then that frame's gestures; then renders.
        @discardableResult
        mutating func renderFrame(_ frame: Int) -> RenderStats {
            animation?.pose(&loaded.scene, seconds: startTime + Double(frame) / MotionState.ticksPerSecond)
            if let script { motion.apply(script.gestures(atFrame: frame)) }
            let posed = ViewerScene.posed(loaded.scene, by: motion)
            let stats = pipeline.render(posed)
            pipeline.tag(posed, prefix: loaded.tagPrefix)
            motion.advance(ticks: 1)
            return stats
        }
    }

    /// `toTerminal`: standard output is a terminal (`--colors auto` means none otherwise).
    static func setup(_ options: Options, environment: [String: String], toTerminal: Bool = true) throws(CLIError)
        -> Setup
    {
        let loaded = try SceneCatalog.load(options, forViewer: false)
        var motion = options.startingMotion(for: loaded)
        motion.setViewAspect(Double(options.columns) * options.headlessCellAspect / Double(max(options.rows, 1)))
        let script = try options.gestureScript()
        let threads = FramePipeline.resolvedThreads(options.threads ?? 1)
        let output = options.headlessOutputSettings().makeOutput(
            options.headlessMode(environment: environment, toTerminal: toTerminal),
            columns: options.columns, rows: options.rows, threads: threads)
        let pipeline = FramePipeline(output: output, threads: threads)
        let animation = try SceneAnimation.chosen(in: loaded.scene, options.animation)
        return Setup(
            loaded: loaded, motion: motion, script: script, pipeline: pipeline, animation: animation,
            startTime: options.time)
    }

    /// `orbit render`: each frame as ROWS lines of COLS cells, frames separated by an empty
    /// line; with `--format kitty|sixel`, each frame's graphics protocol bytes.
    static func render(_ options: Options, environment: [String: String]) throws(CLIError) -> Int32 {
        if let path = options.record {
            if let format = RecordingFormat.of(path), format.isPicture {
                return try TurntableCommand.run(options, to: path, format: format)
            }
            return try RecordCommand.run(options, to: path, environment: environment)
        }
        var s = try setup(options, environment: environment, toTerminal: isatty(1) == 1)
        if s.pipeline.mode.isGraphics {
            var bytes: [UInt8] = []
            for frame in 0..<(options.frames ?? 1) {
                s.renderFrame(frame)
                s.pipeline.write(into: &bytes)
                if !StandardOutput.write(bytes) { return 141 }
            }
            return 0
        }
        let colored = s.pipeline.colors != .none
        for frame in 0..<(options.frames ?? 1) {
            s.renderFrame(frame)
            s.pipeline.encode()
            var text = frame > 0 ? "\n" : ""
            for line in s.pipeline.grid.textLines(colors: colored) {
                text += line
                text += "\n"
            }
            if !StandardOutput.write(text) { return 141 }
        }
        return 0
    }

    /// `orbit snapshot -o FILE`: the last frame's framebuffer as a PNG or JPEG by the file's
    /// extension (`ImageFileFormat`); with `--cells`, a picture of the cells as a terminal
    /// draws them.
    static func snapshot(_ options: Options, environment: [String: String]) throws(CLIError) -> Int32 {
        guard let output = options.outputFile else { throw .usage("snapshot needs -o FILE.png") }
        try OutputFile.check(output, example: "orbit.png")
        let format = try ImageFileFormat.of(output)
        var options = options
        if options.cellSize != nil && !options.cellsPicture {
            // With --cell-size: the pixels the graphics outputs show (COLS x W by ROWS x H).
            options.format = .fixed(.kitty)
        }
        var s = try setup(options, environment: environment)
        for frame in 0..<(options.frames ?? 1) {
            s.renderFrame(frame)
            if options.cellsPicture { s.pipeline.encode() }
        }
        let picture = options.cellsPicture ? s.pipeline.grid.rendered() : s.pipeline.snapshotImage()
        guard let image = picture else { throw CLIError("\(output): could not build the image") }
        let bytes: [UInt8]
        do { bytes = try format.encode(image) } catch { throw CLIError("\(output): \(error.message)") }
        try OutputFile.write(bytes, to: output, example: "orbit.png")
        return 0
    }
}
