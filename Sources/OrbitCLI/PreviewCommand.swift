import Assets
import Cells
import Display
import Foundation
import Gestures
import SceneGraph
import TerminalText

/// `orbit preview FILE`: one framed view of a scene for a file manager's preview pane
/// (docs/PREVIEW.md). Text: exactly ROWS lines of COLS cells, SGR colours only, nothing
/// read from the terminal or standard input. With `-o FILE.png`: that view as a PNG.
enum PreviewCommand {
    /// The three-quarter view a preview starts from when no angle is given: turned 35
    /// degrees about Y and tipped 25 degrees about X (the near side down), so the front, a
    /// side and the top show.
    static let yaw = -35.0
    static let pitch = -25.0
    /// Seconds past the budget before a preview gives up waiting for its scene.
    static let grace = 0.5

    /// Runs the preview. Failures in the text route are the usual one-line messages,
    /// written into the pane (standard output), where the user looks.
    static func run(_ options: Options, environment: [String: String]) -> Int32 {
        let config = options.previewConfig(environment: environment)
        if let note = HeadlessCommands.ditherNote(options, mode: config.mode) {
            StandardOutput.error("orbit: warning: " + note)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let job = PreviewJob()
        let thread = Thread {
            let result = Result { () throws(CLIError) -> PreviewOutput in
                try draw(config, started: started)
            }
            job.finish(result)
        }
        thread.stackSize = 8 << 20
        thread.start()
        // The budget covers loading and drawing; past it and half a second of grace (for
        // the bounding box a slow load gets) the pane gets a note instead of a wait.
        let limit = config.budget + grace
        guard let result = job.wait(seconds: limit) else {
            let note = "\(config.scene): still loading after \(seconds(limit)) s; no preview"
            return emit(.failure(CLIError(note)), config: config, timedOut: true)
        }
        return emit(result, config: config, timedOut: false)
    }

    /// What a finished preview writes.
    enum PreviewOutput {
        case text(String)
        case png([UInt8], path: String)
    }

    /// Loads, frames and draws the scene; a scene that took more than the budget to load,
    /// or holds more triangles than can be drawn in the rest of it, is drawn as its
    /// bounding box with a note on the last line.
    static func draw(_ config: PreviewConfig, started: UInt64) throws(CLIError) -> PreviewOutput {
        if let path = config.outputFile { try OutputFile.check(path, example: "preview.png") }
        var loaded = try SceneCatalog.load(config.sceneOptions, forViewer: false)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        var note: String?
        let triangles = loaded.scene.triangleCount
        if elapsed > config.budget || triangles > PreviewBox.maxTriangles(budget: config.budget) {
            if let box = PreviewBox.scene(for: loaded.scene) {
                loaded.scene = box
                note = "\(TerminalText.visible(config.scene)): \(triangles) triangles; bounding box shown"
            }
        }
        let textRoute = config.outputFile == nil
        let rows = textRoute && note != nil ? max(1, config.rows - 1) : config.rows
        let threads = FramePipeline.resolvedThreads(0)
        let output = config.settings.makeOutput(config.mode, columns: config.columns, rows: rows, threads: threads)
        let pipeline = FramePipeline(output: output, threads: threads)
        let posed = ViewerScene.posed(loaded.scene, by: config.motion(for: loaded, rows: rows))
        pipeline.render(posed)
        if let path = config.outputFile {
            guard let image = pipeline.snapshotImage() else { throw CLIError("\(path): could not build the image") }
            do { return .png(try ImageCodec.encodePNG(image), path: path) } catch {
                throw CLIError("\(path): \(error.message)")
            }
        }
        pipeline.tag(posed, prefix: loaded.tagPrefix)
        pipeline.encode()
        var lines = pipeline.grid.textLines(colors: pipeline.colors != .none)
        if let note { lines.append(fitted(note, columns: config.columns)) }
        return .text(lines.map { $0 + "\n" }.joined())
    }

    /// The colour depth of a preview: `--colors`, else NO_COLOR (none), `TERM=dumb` (none),
    /// `COLORTERM` (truecolor), a 16-colour `TERM` (linux, vt*, *-16color), else truecolor:
    /// file managers pass their own colours on, and today's terminals show RGB.
    static func depth(_ choice: ColorChoice, _ environment: [String: String]) -> ColorDepth {
        if case .fixed(let depth) = choice { return depth }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term == "dumb" { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if term == "linux" || term.hasPrefix("vt") || term.hasSuffix("-16color") { return .ansi16 }
        return .truecolor
    }

    /// Writes `result`: the pane's text, the PNG, or the error, and returns the status. An
    /// error in the text route is the pane's text: the message wrapped at its width, then
    /// empty lines to its height.
    static func emit(_ result: Result<PreviewOutput, CLIError>, config: PreviewConfig, timedOut: Bool) -> Int32 {
        switch result {
        case .success(.text(let text)):
            return StandardOutput.write(text) ? 0 : 141
        case .success(.png(let bytes, let path)):
            do { try OutputFile.write(bytes, to: path, example: "preview.png") } catch {
                StandardOutput.error(error.description)
                return error.status
            }
            return 0
        case .failure(let error):
            if config.outputFile != nil {
                StandardOutput.error(error.description)
            } else {
                var text = wrapped(error.description, columns: config.columns, rows: config.rows)
                text += Array(repeating: "", count: config.rows - text.count)
                if !StandardOutput.write(text.map { $0 + "\n" }.joined()) { return 141 }
            }
            // A preview that ran out of time ends here, whatever the loading thread is doing.
            if timedOut { _exit(1) }
            return error.status
        }
    }

    /// `text` cut to `columns` characters.
    static func fitted(_ text: String, columns: Int) -> String { String(text.prefix(columns)) }

    /// `text` in lines of at most `columns` characters, broken at spaces where a line has
    /// one (a longer word is cut), at most `rows` of them.
    static func wrapped(_ text: String, columns: Int, rows: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(TerminalText.line(text))
        while !rest.isEmpty && lines.count < rows {
            var line = rest.prefix(columns)
            if line.count < rest.count, let space = line.lastIndex(of: " "), space > line.startIndex {
                line = line[..<space]
            }
            lines.append(String(line))
            rest = rest[line.endIndex...].drop { $0 == " " }
        }
        return lines
    }

    /// `s` seconds as short text (`1`, `0.5`).
    static func seconds(_ s: Double) -> String { OptionSpec.formatted((s * 100).rounded() / 100) }
}

/// The result of a preview drawn on its own thread, waited for with a deadline.
final class PreviewJob: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<PreviewCommand.PreviewOutput, CLIError>?

    func finish(_ r: Result<PreviewCommand.PreviewOutput, CLIError>) {
        lock.withLock { result = r }
        done.signal()
    }

    /// The result, or nil when it has not come within `seconds`.
    func wait(seconds: Double) -> Result<PreviewCommand.PreviewOutput, CLIError>? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { result }
    }
}
