import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// A terminal larger than the largest picture: the renderer is never asked for more than
/// 2000x1000 cells, whatever the window's size, so its framebuffer stays bounded.
@Suite struct HugeTerminalTests {
    /// A renderer that draws nothing and records the sizes it was asked for.
    final class SizeLog: FrameRenderer {
        var sizes: [(columns: Int, rows: Int)] = []
        let triangleCount = 12
        let glyphSetName = "ascii"
        let colorDepthName = "no colour (--colors)"
        func nextGlyphSet() {}
        func nextColorDepth() {}
        let outputName = "cells"
        func nextOutput() {}
        func removal() -> [UInt8] { [] }
        func linkMeasured(bytesPerSecond: Double, at time: Double) {}
        func setScene(_ scene: ViewerScene) {}
        func poseScene(_ body: (inout ViewerScene) -> Void) {}
        func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
            sizes.append((columns, rows))
            return Array("frame\(sizes.count)".utf8)
        }
    }

    @Test(arguments: [(5000, 2500), (2001, 30), (80, 4000)])
    func thePictureIsCappedAt2000By1000Cells(columns: Int, rows: Int) throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            columns: columns, rows: rows, clock: clock,
            steps: [
                .init(at: 0.2, .key(261)),  // Right: a spin, so more frames follow
                .key("q", at: 0.5),
            ])
        let log = SizeLog()
        let s = ViewerSession(
            terminal: t, renderer: log, config: ViewerConfig(scene: ViewerLoopTests.ball), clock: clock,
            signals: { [] })
        #expect(s.run() == 0)
        #expect(log.sizes.count >= 2, "\(log.sizes.count) frames")
        let expected = (columns: min(columns, 2000), rows: min(rows - 1, 1000))
        #expect(
            log.sizes.allSatisfy { $0.columns == expected.columns && $0.rows == expected.rows },
            "asked for \(log.sizes.map { "\($0.columns)x\($0.rows)" }) in a \(columns)x\(rows) terminal")
        // The status line still sits on the terminal's last row.
        #expect(t.text.contains("\u{1B}[\(rows);1H"), "no status line on row \(rows)")
    }
}
