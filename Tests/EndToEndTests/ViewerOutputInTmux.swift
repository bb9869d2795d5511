import Foundation
import OrbitTestSupport
import Testing

/// What the viewer sends to the terminal, from the figures it prints on exit with
/// `ORBIT_STATS=1` (see `OutputStats` in the Viewer module).
@Suite(.serialized) struct ViewerOutputInTmux {
    /// Runs the viewer until `until` returns (it waits for what the test needs on screen,
    /// never for a fixed time), quits, and returns the stats fields.
    static func stats(arguments: String, until: (Tmux) throws -> Void) throws -> [String: Double] {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 120, rows: 40)
        try tmux.type("ORBIT_STATS=1 '\(binary)' \(arguments); echo \"exit=$?\"")
        try tmux.waitForLines("the status line", timeout: 60) { ViewerInTmux.hud($0) != nil }
        try until(tmux)
        let screen = try ViewerInTmux.quit(tmux, timeout: 30)
        let line = try #require(
            screen.first { $0.hasPrefix("orbit: viewer stats:") },
            "no stats line; screen:\n\(screen.joined(separator: "\n"))")
        let words = line.dropFirst("orbit: viewer stats:".count).split(separator: " ").map(String.init)
        var fields: [String: Double] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) { fields[words[i]] = Double(words[i + 1]) }
        return fields
    }

    /// Waits until the picture has changed `times` times: at least that many incremental
    /// frames were sent, however busy the machine is.
    static func waitForFrames(_ times: Int) -> (Tmux) throws -> Void {
        { tmux in
            for i in 0..<times {
                try ViewerInTmux.waitForChange(
                    tmux, from: try ViewerInTmux.coloredPicture(tmux), "frame change \(i + 1)")
            }
        }
    }

    /// Looks at the screen for `seconds` and fails if it changes: proof of absence needs
    /// a window of time, and a busy machine only makes the check less strict, never fail.
    static func expectStill(_ tmux: Tmux, for seconds: Double) throws {
        let before = try tmux.lines(escapes: true)
        Thread.sleep(forTimeInterval: seconds)
        let after = try tmux.lines(escapes: true)
        #expect(before == after, "the screen changed while nothing should move:\n\(after.joined(separator: "\n"))")
    }

    @Test func aSpinningEarthTakesOneWriteCallPerFrame() throws {
        let s = try Self.stats(arguments: "--glyphs blocks --colors 256", until: Self.waitForFrames(3))
        #expect((s["frames"] ?? 0) >= 2, "\(s)")
        // One buffer per frame: one write(2) each, unless the kernel takes one in parts while
        // tmux is slow to read (a busy machine); writing by line or cell would take dozens.
        #expect((s["writes_per_frame"] ?? 99) < 2, "\(s)")
        #expect((s["max_writes"] ?? 99) <= 12, "\(s)")
        // Only changed cells are sent: a frame costs less than the full first one.
        let full = try #require(s["full_bytes"])
        #expect((s["bytes_per_frame"] ?? .infinity) < full, "\(s)")
    }

    @Test func aStillSceneSendsNothingAfterItsFirstFrame() throws {
        let s = try Self.stats(arguments: "--spin 0") { try Self.expectStill($0, for: 1.5) }
        #expect(s["frames"] == 0, "\(s)")
        #expect(s["full_repaints"] == 1, "\(s)")
    }

    @Test func aPausedEarthSendsNothingOnceThePauseIsShown() throws {
        // Space pauses: one frame for the status line, then nothing. Frames before the
        // pause are bounded by the time it took to arrive (at most 30 a second, the
        // default rate), measured from before the viewer started.
        let started = Date()
        var paused = Date()
        let s = try Self.stats(arguments: "") { tmux in
            try tmux.send("Space")
            try tmux.waitForLines("the pause", timeout: 60, Tmux.contains("tap -> paused"))
            paused = Date()
            try Self.expectStill(tmux, for: 1.5)
        }
        let frames = try #require(s["frames"])
        let atMost = 30 * paused.timeIntervalSince(started) + 2
        #expect(frames <= atMost, "frames \(frames), at most \(atMost) can come before the pause showed: \(s)")
    }
}
