import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Level keys pasted by the thousand: one build at a time, coalesced to the last one.
    @Suite struct LevelKeyFlood {
        static func threads(_ pid: pid_t) -> Int {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") where line.hasPrefix("Threads:") {
                return Int(line.split(separator: "\t").last ?? "") ?? 0
            }
            return 0
        }

        @Test("Pasting 20,000 level keys builds one level at a time and ends at the last one asked for")
        func pastedLevelKeysCoalesce() throws {
            let pane = try ViewerPane(["apollonian", "--level", "2"], columns: 100, rows: 30)
            try pane.waitUntilDrawing(timeout: 120)
            let pid = try pane.orbitPID()
            let idle = Self.threads(pid)
            // 10,000 pairs of "4" and "5", then "6": the last request is level 6.
            // In pieces of 2,000 keys (a tmux command has a length limit), back to back.
            for _ in 0..<10 { try pane.tmux.send(String(repeating: "45", count: 1_000), literal: true) }
            try pane.tmux.send("6", literal: true)
            var most = idle
            try pane.tmux.waitForScreen("level 6 in the status line", timeout: 120) { screen in
                most = max(most, Self.threads(pid))
                return screen.contains("level 6 (")
            }
            print("level-key flood: threads idle \(idle), most while building \(most)")
            // One build thread at a time (before: a thread per key, 108 seen at once).
            #expect(most <= idle + 2, "threads went from \(idle) to \(most)")
            try pane.tmux.send("q")
            let after = try pane.afterExit(timeout: 60)
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }
    }
}
