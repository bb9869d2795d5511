import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A window far larger than the largest picture: the viewer uses its top-left
    /// 2000x1000 cells, and neither ncurses' screen copies nor the framebuffer grow with
    /// the window.
    @Suite struct HugeWindow {
        /// Peak memory allowed, in KiB (measured: about 365 MB in debug; ncurses alone
        /// took over 1 GB at this window size before the cap).
        static let peakLimitKiB = 700 * 1024

        @Test(
            "A 5000x2500 window: status line on row 1000, peak memory bounded, 100x30 uses the whole window again"
        )
        func hugeWindowIsCapped() throws {
            // ASCII without colour: the cheapest cells, the same screen and framebuffer sizes.
            let pane = try ViewerPane(["--glyphs", "ascii", "--colors", "none"], columns: 5000, rows: 2500)
            try Wait.until("the alternate screen", timeout: 120) { try pane.tmux.display("#{alternate_on}") == "1" }
            let pid = try pane.orbitPID()
            var peak = 0
            // One row of the pane at a time: the whole 5000x2500 pane is 12.5 MB of text.
            func row(_ n: Int) throws -> String {
                peak = max(peak, Spawn.peakMemoryKiB(pid) ?? 0)
                return try pane.tmux.run(["capture-pane", "-p", "-t", "0", "-S", "\(n - 1)", "-E", "\(n - 1)"])
            }
            try Wait.until("the status line on row 1000", timeout: 300, interval: 0.5) {
                try row(1000).contains(ViewerPane.hudMarks[0]) || row(1000).contains(ViewerPane.hudMarks[1])
            }
            #expect(try row(2500).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "row 2500 is not blank")
            print("huge window 5000x2500: peak \(peak) KiB")
            #expect(peak > 0 && peak < Self.peakLimitKiB, "peak \(peak) KiB")
            try pane.tmux.resize(columns: 100, rows: 30)
            try pane.tmux.waitForScreen("the status line on row 30", timeout: 120) { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 30 && ViewerPane.hudMarks.contains { lines[29].contains($0) }
            }
            try pane.tmux.send("q")
            let after = try pane.afterExit(timeout: 120)
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
