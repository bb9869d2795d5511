import Foundation
import Testing

/// What the viewer sends to the terminal, from the figures it prints on exit with
/// `ORBIT_STATS=1` (see `OutputStats` in the Viewer module).
@Suite(.serialized) struct ViewerOutputInTmux {
    /// Runs the viewer for about `seconds`, quits, and returns the stats fields.
    static func stats(arguments: String, seconds: Double, keys: [String] = []) throws -> [String: Double] {
        let binary = try OrbitBinary.path()
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.run("ORBIT_STATS=1 '\(binary)' \(arguments); echo \"exit=$?\"")
        try tmux.waitFor("the status line", timeout: 30) { ViewerInTmux.hud($0) != nil }
        for k in keys { try tmux.send(k) }
        Thread.sleep(forTimeInterval: seconds)
        try tmux.send("q")
        let screen = try tmux.waitFor("the stats line", timeout: 10, TmuxSession.line(startingWith: "exit=0"))
        let line = try #require(screen.first { $0.hasPrefix("orbit: viewer stats:") }, "no stats line")
        let words = line.dropFirst("orbit: viewer stats:".count).split(separator: " ").map(String.init)
        var fields: [String: Double] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) { fields[words[i]] = Double(words[i + 1]) }
        return fields
    }

    @Test func aSpinningEarthTakesOneWriteCallPerFrame() throws {
        let s = try Self.stats(arguments: "--glyphs blocks --colors 256", seconds: 1.5)
        #expect((s["frames"] ?? 0) >= 2)
        #expect((s["writes_per_frame"] ?? 99) <= 1.05)
        #expect((s["max_writes"] ?? 99) <= 12)
        // Only changed cells are sent: a frame costs less than the full first one.
        let full = try #require(s["full_bytes"])
        #expect((s["bytes_per_frame"] ?? .infinity) < full)
    }

    @Test func aStillSceneSendsNothingAfterItsFirstFrame() throws {
        let s = try Self.stats(arguments: "--spin 0", seconds: 1.5)
        #expect(s["frames"] == 0)
        #expect(s["full_repaints"] == 1)
    }

    @Test func aPausedEarthSendsOnlyThePauseFrame() throws {
        // Space pauses: one frame for the status line, then nothing.
        let s = try Self.stats(arguments: "", seconds: 1.5, keys: ["Space"])
        let frames = try #require(s["frames"])
        let atMost = 30 * 0.3  // what arrived before the pause key took effect
        #expect(frames <= atMost, "frames while paused: \(frames)")
    }
}
