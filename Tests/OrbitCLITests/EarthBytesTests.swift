import Cells
import Display
import Gestures
import Raster
import Testing

@testable import OrbitCLI

/// The spinning Earth at 256 colours stays within the wire budget: the diff writer sends at
/// most 15 KB per frame at 200x60 in every glyph set while the globe turns 0.5 degrees per
/// frame (what `orbit bench earth --size 200x60 --glyphs G --colors 256 --spin 0.5` reports
/// as bytes_per_frame), and the cells that keep still for it (CellEncoder+Keep.swift) show
/// the last frame no worse, after a blur of about one cell, than cells chosen afresh.
/// Byte counts and errors do not depend on timing, so they are asserted.
@Suite(.serialized) struct EarthBytes {
    static let budget = 15_000
    static let frames = 6

    /// Mean bytes per frame after the first, and the blurred error of the last frame, for the
    /// turning Earth in `glyphs` at 256 colours; `keep` is the encoder's `keepTolerance`.
    static func run(_ glyphs: GlyphSet, keep: Float? = nil) throws -> (bytes: Int, blurred: Double) {
        var setup = try TestScenes.setup(
            TestScenes.earth, spin: MotionState.earthSpin, columns: 200, rows: 60, glyphs: glyphs, colors: .truecolor)
        var encoder = CellEncoder(glyphs: glyphs, colors: .ansi256)
        if let keep { encoder.keepTolerance = keep }
        var writer = FrameWriter()
        var grid = CellGrid(columns: 1, rows: 1)
        var bytes = 0
        for frame in 0...frames {
            setup.renderFrame(frame)
            encoder.encode(setup.pipeline.framebuffer, into: &grid)
            let sent = writer.frame(grid).count
            if frame > 0 { bytes += sent }
        }
        return (bytes / frames, grid.blurredColorError(against: setup.pipeline.framebuffer, glyphs: glyphs))
    }

    @Test(arguments: [GlyphSet.ascii, .edges, .blocks, .quadrants, .sextants, .braille])
    func theTurningEarthSendsAtMost15KBPerFrame(_ glyphs: GlyphSet) throws {
        let kept = try Self.run(glyphs)
        #expect(kept.bytes <= Self.budget, "\(glyphs): \(kept.bytes) bytes per frame")
        guard glyphs.spec.encoder != .ramp(edges: false), glyphs.spec.encoder != .ramp(edges: true) else { return }
        // Kept cells: fewer bytes, and the picture no worse than cells chosen afresh.
        let fresh = try Self.run(glyphs, keep: 0)
        #expect(kept.bytes < fresh.bytes)
        #expect(kept.blurred <= fresh.blurred + 0.05, "\(glyphs): \(kept.blurred) against \(fresh.blurred)")
    }
}
