import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A terminal that takes bytes slower than the viewer makes frames.
    @Suite struct SlowLink {
        /// The slow reader takes `chunk` bytes every `interval` seconds: 20 KB/s, a third of
        /// what the spinning Earth in truecolor at 30 fps would send.
        static let chunk = 1024
        static let interval = 0.05

        @Test("On a slow terminal the viewer skips frames: keys act after a bounded backlog, memory stays flat")
        func slowReaderKeepsKeysPromptAndMemoryFlat() throws {
            let t = try SlowTerminal(["--fps", "30", "--colors", "truecolor", "--glyphs", "blocks"])
            // Warm up until the status line is out, then let the link fill for three seconds.
            #expect(
                t.trickle(until: " fps | ", after: 0, chunk: Self.chunk, interval: Self.interval, limit: 1 << 20) != nil
            )
            t.trickle(seconds: 3, chunk: Self.chunk, interval: Self.interval)
            let rssEarly = t.memoryKiB("VmRSS")

            // A key: how much output stands between it and its effect on screen?
            let before = t.received.count
            let sentAt = Date()
            t.send("\u{1B}OC")  // Right arrow in keypad mode (xterm kcuf1)
            let backlog = t.trickle(
                until: "swipe right", after: before, chunk: Self.chunk, interval: Self.interval, limit: 4 << 20)
            let delay = Date().timeIntervalSince(sentAt)
            try #require(backlog != nil, "the arrow key never showed in the status line")

            t.trickle(seconds: 3, chunk: Self.chunk, interval: Self.interval)
            let rssLate = t.memoryKiB("VmRSS")
            let fps = t.lastFPS(in: before..<t.received.count)
            let frames = t.count("\u{1B}[?2026h", in: before..<t.received.count)
            let seconds = Date().timeIntervalSince(sentAt)
            let hwm = t.memoryKiB("VmHWM")
            t.send("q")
            let status = try t.finish()
            print(
                "slow-link: reader 20 KB/s, backlog after key \(backlog ?? -1) bytes "
                    + "(\(String(format: "%.2f", delay)) s),"
                    + " \(frames) frames in \(String(format: "%.1f", seconds)) s, status-line fps "
                    + "\(fps ?? -1), VmRSS \(rssEarly) -> \(rssLate) KiB, VmHWM \(hwm) KiB"
            )
            #expect(status == 0, "\(t.stderr)")
            // Queued frames would put seconds of output (hundreds of KB) before the key's
            // effect; skipping leaves at most the kernel's pty buffer and a frame or two.
            #expect((backlog ?? .max) <= 96 * 1024, "backlog \(backlog ?? -1) bytes")
            // The status line shows that frames are skipped: below the cap, yet not 0 (how far
            // below depends on how busy the machine is, so no closer figure is asserted).
            #expect(
                fps.map { $0 > 0 && $0 < 30 } == true,
                "status line says \(fps ?? -1) fps, \(frames) frames came in \(seconds) s")
            #expect(rssLate <= rssEarly + 2048, "RSS grew from \(rssEarly) to \(rssLate) KiB")
        }
    }
}
