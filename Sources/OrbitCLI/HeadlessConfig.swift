import Display
import Gestures

/// What `orbit render`, `orbit snapshot` and `orbit bench` are told: everything a user sets
/// on their command lines, built by one pure function (`Options.headlessConfig`). No field
/// has a default, so a new one does not compile until that function passes it.
struct HeadlessConfig: Equatable {
    /// The cell grid (`--size`), in cells.
    let columns: Int
    let rows: Int
    /// Frames to produce (`--frames`; default 1 for render and snapshot, 300 for bench).
    let frames: Int
    /// Render and encode threads (`--threads`; 0 means one per core; default 1).
    let threads: Int
    /// The output and its look: `--format`, `--glyphs`, `--colors` (snapshot with
    /// `--cell-size`: the graphics pixel grid).
    let mode: OutputMode
    /// `--dither`, `--transparent`, `--cell-size` (default 8x16) and `--cell-aspect`.
    let settings: OutputSettings
    /// The starting motion: `--spin`, `--yaw`, `--pitch`, `--roll`, `--zoom`, `--friction`.
    let motion: MotionState
    /// `--gestures`, parsed; nil without it.
    let script: GestureScript?
    /// `--animation`: the model animation by name or index; nil means the first.
    let animation: String?
    /// `--time`: the animation time of frame 0, in seconds (default 0).
    let time: Double
    /// Whether `--time` was given (a model without animations then refuses it).
    let timeGiven: Bool
    /// snapshot `--cells`: a picture of the cells instead of the framebuffer.
    let cellsPicture: Bool
    /// snapshot `-o FILE`; render `--record FILE.cast`; nil when not given.
    let outputFile: String?
    let record: String?
    /// render `--record` of a picture format: frames a second (`--fps`, default 30) and whole
    /// turns of the turntable (`--turns`, default 1).
    let fps: Int
    let turns: Int
}

extension Options {
    /// The configuration of headless `command` for `loaded`: pure, nothing is read but
    /// `environment` (for `--glyphs` and `--colors` `auto`).
    /// - Parameters:
    ///   - toTerminal: standard output is a terminal (`--colors auto` means none otherwise).
    func headlessConfig(
        for command: Command, loaded: LoadedScene, environment: [String: String], toTerminal: Bool
    ) throws(CLIError) -> HeadlessConfig {
        var mode = headlessMode(environment: environment, toTerminal: toTerminal)
        // snapshot --cell-size: the pixels the graphics outputs show (COLS x W by ROWS x H).
        if command == .snapshot && cellSize != nil && !cellsPicture { mode = .kitty }
        var motion = startingMotion(for: loaded)
        motion.setViewAspect(Double(columns) * headlessCellAspect / Double(max(rows, 1)))
        return HeadlessConfig(
            columns: columns, rows: rows, frames: max(1, frames ?? (command == .bench ? 300 : 1)),
            threads: FramePipeline.resolvedThreads(threads ?? 1), mode: mode, settings: headlessOutputSettings(),
            motion: motion, script: try gestureScript(), animation: animation, time: time, timeGiven: timeGiven,
            cellsPicture: cellsPicture, outputFile: outputFile, record: record, fps: fps, turns: turns)
    }
}
