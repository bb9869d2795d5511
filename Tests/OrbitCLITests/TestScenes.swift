import Cells
import Display
import Gestures

@testable import OrbitCLI

/// The scenes the frame tests share, each loaded once per run (decoding and parsing dominate
/// a debug build's time), and their frames through the headless pipeline.
enum TestScenes {
    /// The Earth, as `orbit render earth` loads it.
    static let earth = Result {
        try SceneCatalog.load(try ArgumentParser.parse(["render", "earth"]).1, forViewer: false)
    }
    /// The Apollonian packing at level 5, as `orbit render apollonian --level 5` loads it.
    static let packing = Result {
        try SceneCatalog.load(try ArgumentParser.parse(["render", "apollonian", "--level", "5"]).1, forViewer: false)
    }

    /// A headless setup of `scene` on `columns` x `rows` cells of `glyphs` in `colors`,
    /// turned `yaw` and `pitch` degrees and spinning `spin` degrees per tick (default the
    /// scene's own spin); no frame rendered yet.
    static func setup(
        _ scene: Result<LoadedScene, any Error>, spin: Double? = nil, yaw: Double = 0, pitch: Double = 0,
        columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth
    ) throws -> HeadlessCommands.Setup {
        let loaded = try scene.get()
        let motion = MotionState(spin: spin ?? loaded.defaultSpin, yaw: yaw, pitch: pitch)
        let pipeline = FramePipeline(columns: columns, rows: rows, glyphs: glyphs, colors: colors)
        return HeadlessCommands.Setup(loaded: loaded, motion: motion, script: nil, pipeline: pipeline)
    }

    /// The pipeline holding the first frame of `scene` (see `setup`), not yet encoded.
    static func frame(
        _ scene: Result<LoadedScene, any Error>, yaw: Double = 0, pitch: Double = 0,
        columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth
    ) throws -> FramePipeline {
        var setup = try Self.setup(
            scene, yaw: yaw, pitch: pitch, columns: columns, rows: rows, glyphs: glyphs, colors: colors)
        setup.renderFrame(0)
        return setup.pipeline
    }
}
