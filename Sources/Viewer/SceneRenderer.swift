import CNcurses
import Cells
import Display
import Escapes
import Foundation
import Gestures
import Math3D
import Raster
import SceneGraph

/// The built-in renderer: the scene posed by the motion state, drawn through the shared
/// `FramePipeline` into the current `FrameOutput`: cells (only the cells that changed are
/// sent) or one of the graphics outputs (`OutputKind`). The `o` key cycles the outputs the terminal showed.
final class SceneRenderer: FrameRenderer {
    private var scene: ViewerScene
    /// The scene's root simplified for frames drawn while it turns (`DisplayDetail`), made
    /// on another thread.
    private let coarse = CoarseCopy()
    /// Whether the last frame drew the simplified copy.
    private var drewCoarse = false
    /// Key `f`: every triangle while turning too.
    private var alwaysFull = false
    private var settings: RendererSettings
    /// The colour depth the viewer started with (`--colors` or detection).
    private let maxDepth: ColorDepth
    private var glyphs: GlyphSet
    private var colors: ColorDepth
    private var kind: OutputKind
    /// Why `colors` is what it is, for the HUD: `env`, `terminfo` or `TERM` (detection),
    /// `--colors` (given), `key c` (chosen in the viewer).
    private var colorReason: String
    private var pipeline: FramePipeline?
    private var bytes: [UInt8] = []
    /// Bytes that take the previous output's picture away, sent with the next frame.
    private var pendingRemoval: [UInt8] = []
    /// A graphics picture was placed anew since `takePlaced` was last asked.
    private var placedSinceTaken = false
    /// Picks the render resolution of graphics frames from the link's budget.
    private var governor: ResolutionGovernor

    /// What a frame asks while it draws (`setInterruption`), given to every pipeline made.
    private var interruption: (@Sendable () -> Bool)?
    private(set) var lastFrameAbandoned = false

    /// The time for the resolution governor, in monotonic seconds: the viewer's clock.
    private let now: () -> Double

    /// A renderer of `scene` as `settings` say; `now` reads the clock the viewer loop
    /// uses (default: the system's monotonic clock).
    init(scene: ViewerScene, settings: RendererSettings, now: @escaping () -> Double = { cn_monotonic_seconds() })
        throws
    {
        self.now = now
        self.scene = scene
        triangleCount = scene.scene.triangleCount
        coarse.start(scene.scene.root)
        self.settings = settings
        maxDepth = settings.colors.value
        colorReason = settings.colors.evidence == .option ? "--colors" : settings.colors.evidence.word
        colors = maxDepth
        glyphs = settings.glyphs ?? (settings.utf8 ? .blocks : .ascii)
        kind = settings.output.value
        governor = ResolutionGovernor(maxBytesPerSecond: settings.maxKbps.map { Double($0) * 1000 / 8 })
    }

    /// The scene's triangles, counted once per scene: the count walks every node (two
    /// million sphere records: a good part of a second), and the status line asks for it
    /// every frame. Posing a scene moves its nodes and vertices, never adds any.
    private(set) var triangleCount: Int

    /// `simplified to N tris while turning` when the scene has a light copy for motion
    /// (`DisplayDetail`); the still frame draws every triangle.
    var detailHUD: String? {
        guard coarse.isNeeded else { return nil }
        if alwaysFull { return "full detail (key f)" }
        guard let light = coarse.ready else { return "full detail (simplifying for motion)" }
        return drewCoarse
            ? "turning: \(StatusLine.grouped(light.triangleCount)) tris shown"
            : "still: full detail"
    }

    func toggleFullDetail() {
        guard coarse.isNeeded else { return }
        alwaysFull.toggle()
    }

    /// The glyph set in cells, else the graphics protocol and its pixel size.
    var glyphSetName: String {
        guard kind != .cells else { return glyphs.rawValue }
        let g = pipeline?.output.grid
        return g.map { "\(kind.rawValue) \($0.width)x\($0.height)" } ?? kind.rawValue
    }

    var colorDepthName: String {
        guard kind != .cells, let describe = kind.row.colours else {
            return (colors == .none ? "no colour" : colors.rawValue) + " (\(colorReason))"
        }
        return describe(pipeline?.output, settings.look)
    }

    /// The output drawn now: cells of the current glyph set and depth, or a graphics output.
    var mode: OutputMode { OutputMode(kind, glyphs: glyphs, colors: colors) }

    /// `--dither` given, and the current output cannot dither (the status line says so
    /// until `m`, `c` or `o` reach one that does).
    var ditherIgnored: Bool {
        settings.look.dither && mode.ditherIgnored(transparent: settings.look.transparent) != nil
    }

    /// Next glyph set; sets that need Unicode are skipped outside a UTF-8 locale. In a
    /// graphics output, back to cells with the current glyph set first.
    func nextGlyphSet() {
        if kind != .cells {
            switchOutput(to: .cells)
            return
        }
        var g = glyphs.next
        while g.needsUnicode && !settings.utf8 && g != glyphs { g = g.next }
        glyphs = g
        pipeline = nil
    }

    /// Next colour depth down the chain truecolor -> 256 -> 16 -> none, wrapping to
    /// truecolor: every depth, whatever was detected (the detection can be wrong, and a
    /// terminal that cannot show truecolor shows its nearest colours). Switching glyph sets
    /// keeps the choice.
    func nextColorDepth() {
        if kind != .cells {
            switchOutput(to: .cells)
            return
        }
        colors = colors.fallback ?? .truecolor
        colorReason = "key c"
        pipeline = nil
    }

    /// The next output in `settings.outputs` (cells, then the graphics the terminal shows).
    func nextOutput() {
        let all = settings.outputs.isEmpty ? [OutputKind.cells] : settings.outputs
        let i = all.firstIndex(of: kind) ?? -1
        switchOutput(to: all[(i + 1) % all.count])
    }

    private func switchOutput(to next: OutputKind) {
        guard next != kind else { return }
        settle()
        if let p = pipeline { pendingRemoval += p.output.removal() }
        kind = next
        pipeline = nil
    }

    func setScene(_ scene: ViewerScene) {
        // An animation poses the scene every frame: its light copy is made only for a new
        // scene of another size, not for every pose.
        let count = scene.scene.triangleCount
        if count != triangleCount {
            coarse.start(scene.scene.root)
        }
        self.scene = scene
        triangleCount = count
        pipeline?.cellOutput?.encoder.reset()
    }

    func setInterruption(_ check: (@Sendable () -> Bool)?) {
        interruption = check
        pipeline?.rasterizer.shouldCancel = check
    }

    func poseScene(_ body: (inout ViewerScene) -> Void) { body(&scene) }

    var outputName: String { kind.rawValue }

    func removal() -> [UInt8] {
        settle()
        defer { pendingRemoval.removeAll() }
        return pendingRemoval + (pipeline?.output.removal() ?? [])
    }

    /// The last frame at the terminal's pixel size: in pixel outputs the image sent; in
    /// cells a picture of the cells as the terminal draws them, at the terminal's cell size
    /// (at least 8x16 pixels per cell).
    func lastFrameImage() -> Image? {
        guard let pipeline else { return nil }
        guard kind == .cells else { return pipeline.snapshotImage() }
        let cell = settings.cellSize.value
        return pipeline.grid.rendered(cellWidth: max(8, cell.width), cellHeight: max(16, cell.height))
    }

    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
        guard columns > 0, rows > 0 else { return [] }
        let scale = kind == .cells ? 1 : governor.scale
        let p: FramePipeline
        if let current = pipeline, current.output.columns == columns, current.output.rows == rows,
            kind == .cells || currentScale == scale
        {
            p = current
        } else {
            // A frame still being encoded goes with its pipeline.
            settle()
            if let old = pipeline, old.output.mode.kind == kind, kind != .cells {
                pendingRemoval += old.output.removal()
            }
            var look = settings.look
            look.scale = scale
            let threads = FramePipeline.resolvedThreads(settings.threads)
            let output = look.makeOutput(mode, columns: columns, rows: rows, threads: threads)
            // The session wraps the whole frame (picture, overlays, HUD) in one synchronized
            // update, so the cell writer must not end it early.
            (output as? CellOutput)?.writer.synchronized = false
            p = FramePipeline(output: output, threads: threads)
            p.rasterizer.shouldCancel = interruption
            pipeline = p
            currentScale = scale
            // Its first frame places the picture.
            if kind != .cells { placedSinceTaken = true }
        }
        var drawn = scene.scene
        let light = motion.isAnimating && !alwaysFull ? coarse.ready : nil
        drewCoarse = light != nil
        if let light { drawn.root = light }
        let posed = ViewerScene.posed(drawn, by: motion)
        // (The frame before may still be encoding meanwhile: `beginWrite` below.)
        lastFrameAbandoned = p.render(posed).cancelled
        // Nothing of an abandoned frame is encoded: the output keeps the frame on screen,
        // and a frame still being encoded is sent with the next one drawn.
        if lastFrameAbandoned { return [] }
        p.tag(posed, prefix: scene.tagPrefix)
        var out = pendingRemoval
        pendingRemoval.removeAll()
        if kind != .cells && motion.isAnimating && !full && p.overlapHelps {
            // While the picture moves, this frame is encoded on another thread as the next
            // one renders, and the frame before it is sent now: one frame later, at the
            // rate of the slower of rendering and encoding rather than of both together.
            p.finishWrite(into: &out)
            p.beginWrite()
            if !out.isEmpty { governor.frameSent(bytes: out.count, at: now()) }
            return out
        }
        // A frame still being encoded is sent first, then this one.
        p.finishWrite(into: &out)
        if full { p.output.invalidate() }
        p.write(into: &bytes)
        if full && kind != .cells {
            placedSinceTaken = true
            // Text drawn over the picture (a box that closed) goes: blank the area's cells.
            for r in 0..<rows {
                ANSI.appendMove(row: r, column: 0, to: &out)
                out += Array("\u{1B}[\(columns)X".utf8)
            }
        }
        out += bytes
        if kind != .cells { governor.frameSent(bytes: out.count, at: now()) }
        return out
    }

    private var currentScale = 1.0

    /// Waits for a frame still being encoded and drops it (its output is about to be
    /// removed or replaced), so nothing else touches the output meanwhile.
    private func settle() {
        var dropped: [UInt8] = []
        pipeline?.finishWrite(into: &dropped)
    }

    func takePlaced() -> Bool {
        defer { placedSinceTaken = false }
        return placedSinceTaken
    }

    func paneMoved(top: Int, left: Int) {
        guard var tmux = settings.look.tmux, tmux.paneTop != top || tmux.paneLeft != left else { return }
        tmux.paneTop = top
        tmux.paneLeft = left
        settings.look.tmux = tmux
        // The next frame is a new pipeline placed at the new offset.
        settle()
        if let p = pipeline { pendingRemoval += p.output.removal() }
        pipeline = nil
    }

    func linkMeasured(bytesPerSecond: Double, at time: Double) {
        governor.linkMeasured(bytesPerSecond: bytesPerSecond, at: time)
    }
}
