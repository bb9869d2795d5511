import Foundation
import Math3D
import SceneGraph
import Raster
import Cells
import Display
import Gestures

/// The built-in renderer: the scene posed by the motion state, drawn through the shared
/// `FramePipeline` into a `CellOutput` (cell encoder + the diffing `FrameWriter`, so only
/// the cells that changed are sent).
final class SceneRenderer: FrameRenderer {
    private var scene: ViewerScene
    private let settings: RendererSettings
    /// The colour depth the viewer started with (`--colors` or detection).
    private let maxDepth: ColorDepth
    private var glyphs: GlyphSet
    private var colors: ColorDepth
    /// Why `colors` is what it is, for the HUD: `env`, `terminfo` or `TERM` (detection),
    /// `--colors` (given), `key c` (chosen in the viewer).
    private var colorReason: String
    private var pipeline: FramePipeline?
    private var bytes: [UInt8] = []

    init(scene: ViewerScene, settings: RendererSettings) throws {
        self.scene = scene
        self.settings = settings
        let environment = ProcessInfo.processInfo.environment
        switch settings.colors {
        case .auto:
            let terminfo = settings.terminfoColors >= 0 ? settings.terminfoColors : nil
            maxDepth = ColorSupport.detect(environment: environment, terminfoColors: terminfo, terminfoHasRGB: false)
            colorReason = ColorSupport.reason(environment: environment, terminfoColors: terminfo, terminfoHasRGB: false)
        case .fixed(let depth):
            maxDepth = depth
            colorReason = "--colors"
        }
        colors = maxDepth
        glyphs = settings.glyphs ?? (settings.utf8 ? .blocks : .ascii)
    }

    var triangleCount: Int { scene.scene.triangleCount }
    var glyphSetName: String { glyphs.rawValue }
    /// The colour depth and why, such as `256 (terminfo)` or `truecolor (key c)`.
    var colorDepthName: String { (colors == .none ? "no colour" : colors.rawValue) + " (\(colorReason))" }

    /// Next glyph set; sets that need Unicode are skipped outside a UTF-8 locale.
    func nextGlyphSet() {
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
        colors = colors.fallback ?? .truecolor
        colorReason = "key c"
        pipeline = nil
    }

    func setScene(_ scene: ViewerScene) {
        self.scene = scene
        pipeline?.cellOutput?.encoder.reset()
    }

    func lastFrameImage() -> Image? { pipeline?.snapshotImage() }

    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
        guard columns > 0, rows > 0 else { return [] }
        if let p = pipeline, p.output.columns == columns, p.output.rows == rows {
            if full { p.output.invalidate() }
        } else {
            let look = OutputSettings(dither: settings.dither, transparent: settings.transparent,
                                      cellAspect: settings.cellAspect)
            let cells = CellOutput(columns: columns, rows: rows, glyphs: glyphs, colors: colors, settings: look)
            // The session wraps the whole frame (picture, overlays, HUD) in one synchronized
            // update, so the writer must not end it early.
            cells.writer.synchronized = false
            pipeline = FramePipeline(output: cells, threads: settings.threads)
        }
        guard let p = pipeline else { return [] }
        let posed = ViewerScene.posed(scene.scene, by: motion)
        p.render(posed)
        p.tag(posed, prefix: scene.tagPrefix)
        p.write(into: &bytes)
        return bytes
    }
}
