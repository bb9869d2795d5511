import Foundation
import Math3D
import SceneGraph
import Raster
import Cells
import Gestures

/// The built-in renderer: the scene posed by the motion state, drawn through the shared
/// `FramePipeline` (rasterizer + cell encoder), then diffed by `FrameWriter` so only the
/// cells that changed are sent.
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
    /// The session wraps the whole frame (picture, overlays, HUD) in one synchronized
    /// update, so the writer must not end it early.
    private var writer: FrameWriter = {
        var w = FrameWriter()
        w.synchronized = false
        return w
    }()
    private var bytes: [UInt8] = []

    init(scene: ViewerScene, settings: RendererSettings) throws {
        self.scene = scene
        self.settings = settings
        let environment = ProcessInfo.processInfo.environment
        if settings.colors == "auto" {
            let terminfo = settings.terminfoColors >= 0 ? settings.terminfoColors : nil
            maxDepth = ColorSupport.detect(environment: environment, terminfoColors: terminfo, terminfoHasRGB: false)
            colorReason = ColorSupport.reason(environment: environment, terminfoColors: terminfo, terminfoHasRGB: false)
        } else {
            maxDepth = ColorDepth(rawValue: settings.colors) ?? .none
            colorReason = "--colors"
        }
        colors = maxDepth
        if let name = settings.glyphs, let g = GlyphSet(rawValue: name) {
            glyphs = g
        } else {
            glyphs = settings.utf8 ? .blocks : .ascii
        }
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
        pipeline?.encoder.reset()
    }

    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
        guard columns > 0, rows > 0 else { return [] }
        if let p = pipeline, p.grid.columns == columns, p.grid.rows == rows {
            if full { writer.invalidate() }
        } else {
            pipeline = FramePipeline(columns: columns, rows: rows, glyphs: glyphs, colors: colors,
                                     dither: settings.dither, transparent: settings.transparent,
                                     threads: settings.threads, cellAspect: settings.cellAspect)
            writer.invalidate()
        }
        guard let p = pipeline else { return [] }
        p.render(ViewerScene.posed(scene.scene, by: motion))
        p.encode()
        bytes.removeAll(keepingCapacity: true)
        writer.write(p.grid, into: &bytes)
        return bytes
    }
}
