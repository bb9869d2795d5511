import Foundation
import Math3D
import Raster
import Testing

@testable import Cells

/// Palette cells that hold still (CellEncoder+Keep.swift): noise far below what a palette can
/// show changes no cell, so a paused frame sends nothing; a real change is drawn.
@Suite struct PaletteStability {
    /// The sets whose cells keep last frame's glyph and colours (CellEncoder+Keep.swift).
    static let twoColourSets: [GlyphSet] = [.blocks, .quadrants, .sextants, .braille]
    /// Every set that draws palette colours; the ramps keep each colour (`keepIndexed`).
    static let sets: [GlyphSet] = twoColourSets + [.ascii, .edges]

    /// A lit sphere with a texture of faint stripes and a few strong ones (a coast), 40 x 12
    /// cells of `glyphs`.
    static func texturedSphere(_ glyphs: GlyphSet) -> Framebuffer {
        var fb = Synthetic.sphere(cellsOf: glyphs)
        for y in 0..<fb.height {
            for x in 0..<fb.width where fb.coverage[fb.index(x: x, y: y)] != 0 {
                let i = fb.index(x: x, y: y)
                let faint: Float = 1 + 0.08 * sin(Float(x) * 0.7 + Float(y) * 0.3)
                let land = (x / 5 + y / 3) % 7 == 0
                fb.color[i] = land ? Vec3(0.20, 0.12, 0.04) * fb.color[i].z * 2 : fb.color[i] * faint
            }
        }
        return fb
    }

    /// `fb` with every channel moved by up to 0.3 % of its value plus 0.0002 (linear light),
    /// a deterministic pseudo-random amount per pixel: less than one sRGB code in the darks.
    static func noisy(_ fb: Framebuffer, seed: UInt64) -> Framebuffer {
        Synthetic.jittered(fb, seed: seed, coveredOnly: false) { c, n in
            (c * (1 + n * 0.003) + n * 0.0002).clamped(lowerBound: .zero, upperBound: .one)
        }
    }

    @Test(arguments: sets, [ColorDepth.ansi256, .ansi16])
    func aPausedFrameWithTinyNoiseDoesNotShimmer(_ glyphs: GlyphSet, _ colors: ColorDepth) {
        // A textured frame drawn twice is the same twice and sends nothing the second time.
        let fb = Self.texturedSphere(glyphs)
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        var writer = FrameWriter()
        var grid = CellGrid(columns: 1, rows: 1)
        var frames: [CellGrid] = []
        for _ in 0..<2 {
            encoder.encode(fb, into: &grid)
            frames.append(grid)
        }
        let first = frames[0]
        #expect(frames[1] == first, "\(glyphs) \(colors): the same frame twice")
        _ = writer.frame(first)
        // Where a choice sits on a border between two, noise may move the cell to the one that
        // shows its colour better, once: a few cells in all, then nothing moves.
        var moved = 0
        for seed in 1...8 {
            let before = grid
            encoder.encode(Self.noisy(fb, seed: UInt64(seed)), into: &grid)
            let changed = Synthetic.changedCells(grid, before)
            moved += changed
            #expect(writer.frame(grid).isEmpty == (changed == 0))
            if seed > 4 {
                #expect(changed == 0, "\(glyphs) \(colors), noise \(seed): \(changed) cells changed")
            }
        }
        #expect(moved <= first.cells.count / 100, "\(glyphs) \(colors): \(moved) cells moved")
    }

    @Test(arguments: sets, [ColorDepth.ansi256, .ansi16])
    func aRealChangeIsDrawn(_ glyphs: GlyphSet, _ colors: ColorDepth) {
        // Last frame a blue sphere, now a brown one of the same shape: nothing of the blue may
        // stay, and the cells look as good as a fresh encoder's.
        let blue = Synthetic.sphere(cellsOf: glyphs)
        let brown = Synthetic.sphere(cellsOf: glyphs, tint: Vec3(0.6, 0.3, 0.05))
        var encoder = CellEncoder(glyphs: glyphs, colors: colors)
        var grid = CellGrid(columns: 1, rows: 1)
        encoder.encode(blue, into: &grid)
        encoder.encode(brown, into: &grid)
        let fresh = Synthetic.encode(brown, glyphs: glyphs, colors: colors)
        // No cell keeps a blue entry (CIELAB b* below -15; the brown sphere has none).
        func isBlue(_ c: CellColor) -> Bool {
            guard case .indexed(let n) = c else { return false }
            return Palette.labs[Int(n)].z < -15
        }
        #expect(!fresh.cells.contains { isBlue($0.fg) || isBlue($0.bg) })
        let stayed = grid.cells.filter { isBlue($0.fg) || isBlue($0.bg) }.count
        #expect(stayed == 0, "\(glyphs) \(colors): \(stayed) cells stayed blue")
        // Within 0.15: a dark pixel whose last grey is also what a colour within
        // `colorTolerance` of it would take keeps that grey (the dither's hysteresis).
        #expect(
            grid.blurredColorError(against: brown, glyphs: glyphs)
                <= fresh.blurredColorError(against: brown, glyphs: glyphs) + 0.15)
    }

    @Test(arguments: twoColourSets)
    func keepingCellsCanBeTurnedOff(_ glyphs: GlyphSet) {
        // With the cell hysteresis off, slow shading changes redraw more cells than with it on.
        func changed(keep: Float) -> Int {
            var encoder = CellEncoder(glyphs: glyphs, colors: .ansi256)
            encoder.keepTolerance = keep
            var grid = CellGrid(columns: 1, rows: 1)
            var total = 0
            var before: CellGrid?
            for step in 0..<6 {
                let fb = Synthetic.sphere(
                    cellsOf: glyphs, tint: Vec3(0.2, 0.5, 0.9) * (1 + Float(step) * 0.01))
                encoder.encode(fb, into: &grid)
                if let before { total += Synthetic.changedCells(grid, before) }
                before = grid
            }
            return total
        }
        #expect(changed(keep: 2.5) < changed(keep: 0))
    }
}
