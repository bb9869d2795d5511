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

    /// The set-up of headless `command` from the options: the scene, then the
    /// configuration (`Options.headlessConfig`) it is drawn with. `toTerminal`: standard
    /// output is a terminal (`--colors auto` means none otherwise).
    static func setup(
        _ options: Options, for command: Command = .render, environment: [String: String], toTerminal: Bool = true
    ) throws(CLIError) -> Setup {
        try configured(options, for: command, environment: environment, toTerminal: toTerminal).setup
    }

    /// The configuration of headless `command` and its set-up.
    static func configured(
        _ options: Options, for command: Command, environment: [String: String], toTerminal: Bool = true
    ) throws(CLIError) -> (config: HeadlessConfig, setup: Setup) {
        let loaded = try SceneCatalog.load(options, forViewer: false)
        let config = try options.headlessConfig(
            for: command, loaded: loaded, environment: environment, toTerminal: toTerminal)
        if let note = ditherNote(options, mode: config.mode) { StandardOutput.error("orbit: warning: " + note) }
        return (config, try setup(config, loaded: loaded))
    }

    /// `--dither has no effect with half blocks (...)`: `--dither` given where the glyphs
    /// and colours `auto` chose (or `mode`) cannot dither; nil where it dithers or was not
    /// given. (Such sets given outright are refused: `ArgumentParser.checkCombinations`.)
    static func ditherNote(_ options: Options, mode: OutputMode) -> String? {
        guard options.dither, let why = mode.ditherIgnored(transparent: options.transparent) else { return nil }
        return "--dither has no effect with \(why); it dithers ascii and edges, and quadrants and sextants "
            + "at 16 or 256 colours"
    }

    /// The scene `loaded` drawn as `config` says.
    static func setup(_ config: HeadlessConfig, loaded: LoadedScene) throws(CLIError) -> Setup {
        let output = config.settings.makeOutput(
            config.mode, columns: config.columns, rows: config.rows, threads: config.threads)
        let pipeline = FramePipeline(output: output, threads: config.threads)
        let animation = try SceneAnimation.chosen(
            in: loaded.scene, config.animation, time: config.timeGiven ? config.time : nil)
        return Setup(
            loaded: loaded, motion: config.motion, script: config.script, pipeline: pipeline,
            animation: animation, startTime: config.time)
    }

    /// `orbit render`: each frame as ROWS lines of COLS cells, frames separated by an empty
    /// line; with a graphics `--format` (kitty, sixel, iterm), each frame's graphics protocol bytes.
    static func render(_ options: Options, environment: [String: String]) throws(CLIError) -> Int32 {
        if let path = options.record {
            if let format = RecordingFormat.of(path), format.isPicture {
                return try TurntableCommand.run(options, to: path, format: format)
            }
            return try RecordCommand.run(options, to: path, environment: environment)
        }
        let (config, made) = try configured(
            options, for: .render, environment: environment, toTerminal: isatty(1) == 1)
        var s = made
        if s.pipeline.mode.isGraphics {
            var bytes: [UInt8] = []
            for frame in 0..<config.frames {
                s.renderFrame(frame)
                s.pipeline.write(into: &bytes)
                if !StandardOutput.write(bytes) { return 141 }
            }
            return 0
        }
        let colored = s.pipeline.colors != .none
        for frame in 0..<config.frames {
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
        // `-o -`: a PNG on standard output.
        let format = output == OutputFile.standardOutput ? .png : try ImageFileFormat.of(output)
        let (config, made) = try configured(options, for: .snapshot, environment: environment)
        var s = made
        for frame in 0..<config.frames {
            s.renderFrame(frame)
            if config.cellsPicture { s.pipeline.encode() }
        }
        let picture = config.cellsPicture ? s.pipeline.grid.rendered() : s.pipeline.snapshotImage()
        guard let image = picture else { throw CLIError("\(output): could not build the image") }
        let bytes: [UInt8]
        do { bytes = try format.encode(image) } catch { throw CLIError("\(output): \(error.message)") }
        try OutputFile.write(bytes, to: output, example: "orbit.png")
        return 0
    }
}
