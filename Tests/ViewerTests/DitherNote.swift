import Cells
import Display
import Math3D
import Raster
import Testing

@testable import Viewer

/// `--dither` where the viewer's output cannot dither (half blocks, truecolor, no colour,
/// kitty, sixel) is not silently ignored: the status line says `--dither: no effect` for
/// as long as that holds, and the note goes when `m`, `c` or `o` reach an output that
/// dithers.
@Suite struct DitherNote {
    /// A session of the cube in half blocks at truecolor, `--dither` on or off, its keys
    /// `steps`, on a screen wide enough for every part of the status line.
    static func run(dither: Bool, _ steps: [ScriptedTerminal.Step]) throws -> ScriptedTerminal {
        let clock = FakeClock()
        let t = ScriptedTerminal(columns: 160, rows: 20, clock: clock, steps: steps)
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .option), look: OutputSettings(dither: dither))
        let config = ViewerConfig(scene: ViewerLoopTests.ball)
        let renderer = try SceneRenderer(scene: config.scene, settings: settings)
        let s = ViewerSession(terminal: t, renderer: renderer, config: config, clock: clock, signals: { [] })
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil)
        return t
    }

    @Test func theStatusLineSaysWhileTheOutputCannotDither() throws {
        let t = try Self.run(
            dither: true,
            [
                .key("m", at: 0.3),  // quadrants, still truecolor: no palette
                .key("c", at: 0.6),  // quadrants at 256 colours: dithered
                .key("m", at: 0.9),  // sextants at 256: dithered
                .key("q", at: 1.2),
            ])
        let note = StatusLine.ditherIgnored
        #expect(String(decoding: t.writes[0], as: UTF8.self).contains(note), "blocks at truecolor")
        let quadrantsTruecolor = String(
            decoding: t.writes.enumerated().filter {
                t.writeTimes[$0.offset] >= 0.3 && t.writeTimes[$0.offset] < 0.6
            }.map(\.element).joined(), as: UTF8.self)
        #expect(quadrantsTruecolor.contains("quadrants"))
        #expect(quadrantsTruecolor.contains(note), "quadrants at truecolor")
        let dithered = t.text(from: 0.6)
        #expect(dithered.contains("quadrants") && dithered.contains("256"))
        #expect(!dithered.contains(note), "quadrants and sextants at 256 colours dither")
    }

    @Test func withoutDitherThereIsNoNote() throws {
        let t = try Self.run(dither: false, [.key("q", at: 0.3)])
        #expect(!t.text(from: 0).contains(StatusLine.ditherIgnored))
        #expect(t.text(from: 0).contains("blocks"))
    }

    /// `OutputMode.ditherIgnored`, which the note and the headless warning read, is nil
    /// exactly where dithering changes the cells: a smooth colour ramp encoded with and
    /// without it, for every glyph set at every depth.
    @Test(arguments: GlyphSet.allCases)
    func theNoteIsRightWhereDitheringChangesTheCells(glyphs: GlyphSet) {
        let (sx, sy) = glyphs.subpixels
        let (width, height) = (48 * sx, 12 * sy)
        var fb = Framebuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = fb.index(x: x, y: y)
                let t = Float(x) / Float(width - 1)
                fb.color[i] = Vec3(0.05 + 0.8 * t, 0.3 * t + 0.02 * Float(y % 7), 0.6 - 0.5 * t)
                fb.coverage[i] = 255
                fb.depth[i] = 1
                fb.normal[i] = Vec3(0, 0, 1)
            }
        }
        // A ramp with an uncovered rim, so that transparency has partly covered cells.
        for i in fb.coverage.indices where i % width < sx / 2 + 1 || i / width == height - 1 { fb.coverage[i] = 0 }
        for depth in ColorDepth.allCases {
            for transparent in [false, true] {
                func cells(_ dither: Bool) -> [Cell] {
                    var encoder = CellEncoder(glyphs: glyphs, colors: depth, dither: dither, transparent: transparent)
                    var grid = CellGrid(columns: 1, rows: 1)
                    encoder.encode(fb, into: &grid)
                    return grid.cells
                }
                let changes = cells(true) != cells(false)
                let ignored = OutputMode.cells(glyphs, depth).ditherIgnored(transparent: transparent) != nil
                #expect(
                    changes == !ignored,
                    "\(glyphs) at \(depth), transparent \(transparent): dithering changes the cells: \(changes)")
            }
        }
    }
}
