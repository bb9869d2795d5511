import Display
import Gestures
import Testing

@testable import Viewer

/// The viewer's renderer drawing iTerm2 inline images: one image per frame over the view
/// area, the status line's names from the output table, and the `o` key's round trip
/// through cells.
@Suite struct ITermInTheViewer {
    @Test func framesAreInlineImagesAndOCyclesThroughCells() throws {
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .option),
            output: Detected(.iterm, .option), outputs: [.cells, .iterm],
            cellSize: Detected(.standard, .option), threads: 2, maxKbps: nil)
        let renderer = try SceneRenderer(scene: SlowLinkTests.earth(), settings: settings, now: { 0 })
        let motion = MotionState(spin: 3)
        let first = renderer.frame(columns: 100, rows: 30, motion: motion, full: true)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.components(separatedBy: "\u{1B}]1337;File=inline=1;").count == 2)
        #expect(text.contains(";width=100;height=30;preserveAspectRatio=0;"))
        #expect(renderer.mode == .pixels(.iterm) && renderer.outputName == "iterm")
        #expect(renderer.glyphSetName == "iterm 800x480" && renderer.colorDepthName == "truecolor")
        #expect(renderer.removal().isEmpty)
        // Every frame is a new image: nothing is edited in place. While the picture moves,
        // each frame is sent with the next one's render (`OverlappedFramesInTheViewer`).
        let second = String(
            decoding: renderer.frame(columns: 100, rows: 30, motion: motion, full: false), as: UTF8.self)
        #expect(!second.contains("\u{1B}]1337;"))
        let third = String(
            decoding: renderer.frame(columns: 100, rows: 30, motion: motion, full: false), as: UTF8.self)
        #expect(third.components(separatedBy: "\u{1B}]1337;File=inline=1;").count == 2)
        renderer.nextOutput()
        #expect(renderer.outputName == "cells")
        let cells = String(decoding: renderer.frame(columns: 100, rows: 30, motion: motion, full: true), as: UTF8.self)
        #expect(!cells.contains("\u{1B}]1337;"))
        renderer.nextOutput()
        #expect(renderer.outputName == "iterm")
    }
}
