import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Finding 6: sphere records that all overlap (every one covers most of the picture) cost
    /// a frame bounded by the screen, not by the number of records (the sphere overdraw
    /// budget, `Rasterizer.sphereOverdrawLimit`).
    @Suite struct SphereFlood {
        /// `count` records of radius 1 whose centres lie within 0.001 of the origin: every one
        /// reaches the shell (the edge filter keeps them all) and covers most of the view.
        static func records(_ count: Int, in scratch: Scratch) throws -> String {
            var text = "["
            text.reserveCapacity(count * 48)
            for i in 0..<count {
                let x = Double(i % 21 - 10) / 10_000
                let y = Double(i / 21 % 21 - 10) / 10_000
                let z = Double(i / 441 % 21 - 10) / 10_000
                text += (i == 0 ? "" : ",") + "{\"X\":\(x),\"Y\":\(y),\"Z\":\(z),\"R\":1,\"L\":\(1 + i % 10)}"
            }
            return try scratch.write("flood.json", text + "]")
        }

        @Test("100,000 overlapping sphere records render at 400x200 within a CPU and memory limit")
        func overlappingRecordsRenderWithinLimits() throws {
            let scratch = try Scratch("orbit-flood")
            let file = try Self.records(100_000, in: scratch)
            let orbit = try OrbitBinary.check()
            // Every sphere used to be drawn whole: about 10^10 pixel tests, minutes of CPU
            // even in a release build. The CPU limit ends such a run with SIGXCPU.
            let r = try Spawn.run(
                [
                    "prlimit", "--as=\(768 * 1_048_576)", "--cpu=60", orbit, "render", file, "--size", "400x200",
                    "--frames", "1", "--colors", "none",
                ],
                timeout: 300)
            print("flood render: status \(r.status), signal \(String(describing: r.signal)), peak \(r.maxRSSKiB) KiB")
            #expect(r.signal == nil, "ended by signal \(String(describing: r.signal)): \(r.stderr)")
            #expect(r.status == 0, "\(r.stderr)")
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.filter { !$0.allSatisfy { $0 == " " } }.count > 50, "no picture")
            #expect(r.maxRSSKiB < 400 * 1024)
        }

        @Test("q quits the viewer drawing 100,000 overlapping sphere records")
        func qQuitsTheViewerOnOverlappingRecords() throws {
            let scratch = try Scratch("orbit-flood")
            let file = try Self.records(100_000, in: scratch)
            let binary = try OrbitBinary.check()
            let tmux = try Tmux.shell(columns: 240, rows: 70)
            try tmux.type("'\(binary)' '\(file)'; echo \"exit=$?\"")
            // A frame used to take minutes here: the status line came late and q waited for it.
            _ = try tmux.waitForScreen("the viewer to draw", timeout: 120) { $0.contains("h: help") }
            try tmux.send("q")
            _ = try tmux.waitForScreen("the viewer to quit", timeout: 20) { $0.contains("exit=0") }
        }
    }
}
