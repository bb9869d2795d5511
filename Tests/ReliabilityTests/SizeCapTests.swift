import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Sizes from outside are capped before anything is allocated for them (`SizeCap`).
    @Suite struct SizeCaps {
        @Test("Exported LINES/COLUMNS of 10000x10000 on an 80x24 terminal are not believed")
        func exportedLinesAndColumnsAreNotBelieved() throws {
            let pane = try ViewerPane(["--fps", "30"], prefix: "LINES=10000 COLUMNS=10000")
            try pane.waitUntilDrawing(timeout: 120)
            let pid = try pane.orbitPID()
            // The status line is on the pane's last row: ncurses works with the real size.
            try pane.tmux.waitForScreen("the status line on row 24", timeout: 60) { screen in
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return rows.count >= 24 && ViewerPane.hudMarks.contains { rows[23].contains($0) }
            }
            let peak = Spawn.peakMemoryKiB(pid) ?? 0
            #expect(peak < 1_000_000, "peak \(peak) KiB")
            try pane.tmux.send("q")
            let after = try pane.afterExit()
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
