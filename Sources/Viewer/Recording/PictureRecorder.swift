import Cells
import Dispatch
import Display
import SceneGraph

/// The viewer's session as a moving picture (`--record FILE.gif|.apng|.mp4|.webm`): every
/// frame's bytes go to a `CellScreen` of the terminal's size at the start, which is drawn
/// with the built-in 8x16 font (`CellGrid.rendered`) as the terminal showed it, status line,
/// help and messages included; in the pixel modes the picture itself (`image(_:columns:rows:)`)
/// is drawn under the text. Frames are numbered in 1/`fps` s since the start; the frames are
/// encoded on a thread of their own, at most `backlog` waiting. A later resize keeps the
/// first size (the picture is cut or padded). The encoder thread touches only `writer` and
/// `failure` (under `failureLock`), and the viewer waits for it in `close`.
public final class PictureRecorder: SessionRecorder, @unchecked Sendable {
    /// Frames per second of the recording (default 30).
    public let fps: Int
    /// Frames that may wait for the encoder before the viewer waits for it.
    static let backlog = 4
    private var screen: CellScreen
    private let writer: any MovieWriter
    private let path: String
    private let encoding = DispatchQueue(label: "orbit.picture-recorder")
    private let slots = DispatchSemaphore(value: PictureRecorder.backlog)
    private var failure: String?
    private let failureLock = DispatchSemaphore(value: 1)
    private var lastFrame = -1
    private var dirty = false
    private var picture: (image: Image, columns: Int, rows: Int)?

    /// Starts recording a terminal of `columns` x `rows` cells to `path` as `format`.
    public init(path: String, format: RecordingFormat, columns: Int, rows: Int, fps: Int = 30) throws(RecordingError) {
        self.path = path
        self.fps = fps
        let c = max(1, columns)
        let r = max(1, rows)
        screen = CellScreen(columns: c, rows: r)
        guard let w = try format.writer(path: path, width: c * 8, height: r * 16, fps: fps) else {
            throw RecordingError("\(path): .\(format.rawValue) is not a picture format")
        }
        writer = w
    }

    public var failureMessage: String? {
        failureLock.wait()
        defer { failureLock.signal() }
        return failure
    }

    /// The pixel picture of the last frame in a pixel mode, shown in the top `columns` x
    /// `rows` cells; nil in cells mode.
    public func image(_ image: Image?, columns: Int, rows: Int) {
        picture = image.map { ($0, columns, rows) }
    }

    public func output(_ bytes: [UInt8], at seconds: Double) {
        let frame = max(0, Int((seconds * Double(fps)).rounded(.down)))
        // A change still unrecorded (two writes in one frame time) shows for one frame.
        if dirty && frame > lastFrame + 1 { add(lastFrame + 1) }
        screen.apply(bytes)
        if frame > lastFrame {
            add(frame)
        } else {
            dirty = true
        }
    }

    public func resize(columns: Int, rows: Int, at seconds: Double) {}

    public func close() {
        if dirty { add(lastFrame + 1) }
        encoding.sync {}
        guard failureMessage == nil else {
            writer.abandon()
            return
        }
        do { try writer.finish() } catch { setFailure(error.description) }
    }

    private func setFailure(_ message: String) {
        failureLock.wait()
        if failure == nil { failure = message }
        failureLock.signal()
    }

    /// Draws the screen and hands it to the encoder as frame `frame`.
    private func add(_ frame: Int) {
        lastFrame = frame
        dirty = false
        guard failureMessage == nil, let rgb = drawn() else { return }
        slots.wait()
        encoding.async { [self] in
            defer { slots.signal() }
            guard failureMessage == nil else { return }
            do { try writer.add(rgb, frame: frame) } catch { setFailure("\(error)") }
        }
    }

    /// The screen as pixels: cells with the font; in a pixel mode the picture first, then
    /// every cell of text over it.
    private func drawn() -> [UInt8]? {
        let grid = screen.grid
        guard var pixels = grid.rendered()?.pixels else { return nil }
        guard let p = picture, p.columns > 0, p.rows > 0 else { return pixels }
        let width = grid.columns * 8
        let (w, h) = (min(p.columns, grid.columns) * 8, min(p.rows, grid.rows) * 16)
        let src = p.image
        for y in 0..<h {
            let sy = min(src.height - 1, y * src.height / max(1, p.rows * 16))
            for x in 0..<w {
                let sx = min(src.width - 1, x * src.width / max(1, p.columns * 8))
                let s = (sy * src.width + sx) * 3
                let d = (y * width + x) * 3
                pixels[d] = src.pixels[s]
                pixels[d + 1] = src.pixels[s + 1]
                pixels[d + 2] = src.pixels[s + 2]
            }
        }
        // Text drawn over the picture (help, messages) stays on top.
        var text = CellGrid(columns: grid.columns, rows: grid.rows)
        var any = false
        for r in 0..<min(p.rows, grid.rows) {
            for c in 0..<min(p.columns, grid.columns) where grid[c, r].glyph != " " {
                text[c, r] = grid[c, r]
                any = true
            }
        }
        guard any, let over = text.rendered()?.pixels else { return pixels }
        for r in 0..<min(p.rows, grid.rows) {
            for c in 0..<min(p.columns, grid.columns) where text[c, r].glyph != " " {
                for y in 0..<16 {
                    let o = ((r * 16 + y) * width + c * 8) * 3
                    for i in 0..<24 { pixels[o + i] = over[o + i] }
                }
            }
        }
        return pixels
    }
}
