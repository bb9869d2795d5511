import Foundation
import Math3D
import SceneGraph
import Raster
import Cells

/// Scene to cells for headless commands: one rasterizer, one framebuffer and one encoder,
/// reused frame after frame (nothing is allocated per frame after the first).
final class FramePipeline {
    let glyphs: GlyphSet
    let colors: ColorDepth
    let pixelAspect: Float
    let rasterizer: Rasterizer
    var encoder: CellEncoder
    var framebuffer: Framebuffer
    var grid: CellGrid

    /// The ASCII ramp's tone curve for `orbit`: luminance is computed in linear light, then
    /// the ramp follows luminance^(1/2.2). The darkest ASCII glyph inks only about 27% of a
    /// cell, so a linear map leaves every mid-tone (the Earth's oceans, a shaded sphere's
    /// far side) on the lightest glyph; see docs/DECISIONS.md.
    static let rampGamma: Float = 2.2

    /// A pipeline for `columns` x `rows` cells.
    init(columns: Int, rows: Int, glyphs: GlyphSet, colors: ColorDepth, dither: Bool, transparent: Bool,
         threads: Int, cellAspect: Double) {
        self.glyphs = glyphs
        self.colors = colors
        let sub = glyphs.subpixels
        pixelAspect = glyphs.pixelAspect(cellAspect: Float(cellAspect))
        rasterizer = Rasterizer(threads: threads == 0 ? ProcessInfo.processInfo.activeProcessorCount : threads)
        encoder = CellEncoder(glyphs: glyphs, colors: colors, dither: dither, transparent: transparent)
        encoder.rampGamma = FramePipeline.rampGamma
        framebuffer = Framebuffer(width: columns * sub.x, height: rows * sub.y)
        grid = CellGrid(columns: columns, rows: rows)
    }

    /// Rasterizes `scene` into the framebuffer.
    @discardableResult
    func render(_ scene: Scene) -> RenderStats {
        framebuffer.clear(background: scene.background.rgb)
        return rasterizer.render(scene, into: &framebuffer, pixelAspect: pixelAspect)
    }

    /// Encodes the framebuffer into the cell grid.
    func encode() {
        encoder.encode(framebuffer, into: &grid)
    }

    /// The framebuffer as an 8-bit sRGB image (what `orbit snapshot` writes).
    func snapshotImage() -> Image? {
        var pixels = [UInt8](repeating: 0, count: framebuffer.width * framebuffer.height * 3)
        for (i, c) in framebuffer.color.enumerated() {
            pixels[3 * i] = SRGB.encode8(c.x)
            pixels[3 * i + 1] = SRGB.encode8(c.y)
            pixels[3 * i + 2] = SRGB.encode8(c.z)
        }
        return Image(width: framebuffer.width, height: framebuffer.height, pixels: pixels)
    }
}

/// Choices that depend on the environment: glyph set and colour depth for `auto`.
enum Look {
    /// The glyph set named by `--glyphs`, or blocks in a UTF-8 locale, else ascii.
    static func glyphs(_ name: String?, environment: [String: String]) -> GlyphSet {
        if let name, let g = GlyphSet(rawValue: name) { return g }
        return isUTF8(environment) ? .blocks : .ascii
    }

    /// True when LC_ALL, else LC_CTYPE, else LANG names a UTF-8 locale.
    static func isUTF8(_ environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment[key], !v.isEmpty {
                let l = v.lowercased()
                return l.contains("utf-8") || l.contains("utf8")
            }
        }
        return false
    }

    /// The colour depth named by `--colors`; `auto` detects from the environment (headless
    /// commands have no terminal to ask terminfo, so TERM patterns stand in for it).
    static func colors(_ name: String, environment: [String: String]) -> ColorDepth {
        if name == "auto" { return ColorSupport.detect(environment: environment, terminfoColors: nil, terminfoHasRGB: false) }
        return ColorDepth(rawValue: name) ?? .none
    }
}
