import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Memory stays bounded: deep packings are refused by `--max-spheres` before they
    /// grow, and a long headless run does not accumulate anything per frame.
    @Suite struct Memory {
        /// Generous bound on the peak memory of a refused packing: the guard must fire
        /// long before millions of spheres are held (measured: about 30 MB in debug).
        static let refusedPeakLimitKiB = 256 * 1024

        static let deepPackings: [(arguments: [String], limit: Int)] = [
            (
                [
                    "render", "apollonian", "--level", "12", "--min-radius", "0", "--max-spheres", "100000", "--size",
                    "40x12",
                ], 100_000
            ),
            (["apollonian", "export", "--level", "12", "--min-radius", "0", "--max-spheres", "100000"], 100_000),
            // The default limit, 2,000,000, against generation 13's 16 million spheres.
            (["render", "apollonian", "--level", "14", "--min-radius", "0", "--size", "40x12"], 2_000_000),
        ]

        @Test(
            "--max-spheres refuses a deep Apollonian packing with one line, in bounded memory",
            arguments: deepPackings.indices)
        func maxSpheresGuardRefusesDeepPackings(index: Int) throws {
            let c = Self.deepPackings[index]
            let orbit = try OrbitBinary.check()
            let result = try Spawn.run([orbit] + c.arguments, stdoutPath: "/dev/null", timeout: 300)
            #expect(result.status == 1, "\(c.arguments)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(lines.first?.hasPrefix("orbit: ") == true)
            #expect(lines.first?.contains("more than \(c.limit) spheres") == true, "\(result.stderr)")
            #expect(result.maxRSSKiB < Self.refusedPeakLimitKiB, "peak \(result.maxRSSKiB) KiB")
            print(
                "max-spheres-guard \(c.arguments.joined(separator: " ")): status \(result.status), "
                    + "peak \(result.maxRSSKiB) KiB"
            )
        }

        @Test("A level key past --max-spheres shows the refusal in the viewer, which stays usable")
        func levelKeyPastLimitShowsMessage() throws {
            // Level 8 holds 37,529 spheres in all, level 9 126,089: `]` crosses the limit.
            let pane = try ViewerPane(["apollonian", "--level", "8", "--min-radius", "0", "--max-spheres", "100000"])
            try pane.waitUntilDrawing()
            try pane.tmux.waitFor("level 8")
            try pane.tmux.send("]")
            try pane.tmux.waitFor("100000 spheres", timeout: 60)
            // Still drawing and answering keys.
            #expect(kill(try pane.orbitPID(), 0) == 0)
            try pane.tmux.send("q")
            let after = try pane.afterExit(timeout: 60)
            #expect(after.status == 0)
            #expect(after.isRestored, "\(after)")
        }

        @Test("Rendering 10,000 frames needs no more memory than 1,000 frames")
        func soakRunDoesNotGrow() throws {
            let orbit = try OrbitBinary.check()
            func peak(frames: Int) throws -> Int {
                let r = try Spawn.run(
                    [orbit, "render", "--frames", "\(frames)", "--size", "40x12"],
                    stdoutPath: "/dev/null", timeout: 900)
                #expect(r.status == 0, "\(r.stderr)")
                return r.maxRSSKiB
            }
            let short = try peak(frames: 1_000)
            let long = try peak(frames: 10_000)
            print("soak peak RSS: 1,000 frames \(short) KiB, 10,000 frames \(long) KiB")
            // Ten times the frames: any per-frame leak of even 100 bytes would add 900 KB.
            #expect(long <= short + 512, "peak grew from \(short) KiB to \(long) KiB")
        }
    }
}
