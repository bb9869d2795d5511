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
    /// The deepest colour depth this terminal shows (`--colors` or detection).
    private let maxDepth: ColorDepth
    private var glyphs: GlyphSet
    private var colors: ColorDepth
    private var pipeline: FramePipeline?
    private var bytes: [UInt8] = []

    init(scene: ViewerScene, settings: RendererSettings) throws {
        self.scene = scene
        self.settings = settings
        let environment = ProcessInfo.processInfo.environment
        switch settings.colors {
        case .auto:
            maxDepth = ColorSupport.detect(environment: environment,
                                           terminfoColors: settings.terminfoColors >= 0 ? settings.terminfoColors : nil,
                                           terminfoHasRGB: false)
        case .fixed(let depth):
            maxDepth = depth
        }
        colors = maxDepth
        glyphs = settings.glyphs ?? (settings.utf8 ? .blocks : .ascii)
    }

    var triangleCount: Int { scene.scene.triangleCount }
    var glyphSetName: String { glyphs.rawValue }
    var colorDepthName: String { colors == .none ? "no colour" : colors.rawValue }

    /// Next glyph set; sets that need Unicode are skipped outside a UTF-8 locale.
    func nextGlyphSet() {
        var g = glyphs.next
        while g.needsUnicode && !settings.utf8 && g != glyphs { g = g.next }
        glyphs = g
        pipeline = nil
    }

    /// Next colour depth down the fallback chain, wrapping to the deepest the terminal shows.
    func nextColorDepth() {
        colors = colors.fallback ?? maxDepth
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
        p.render(ViewerScene.posed(scene.scene, by: motion))
        p.write(into: &bytes)
        return bytes
    }
}
