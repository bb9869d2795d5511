import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Headless output into files, closed pipes and missing terminals.
    @Suite struct OutputFaults {
        /// Commands whose output outlives a reader that takes only its first 64 bytes.
        static let longOutputs: [[String]] = [
            ["render", "--frames", "100000", "--size", "40x12"],
            ["apollonian", "export", "--level", "9", "--min-radius", "0"],
            ["--help"],
        ]

        @Test(
            "Output into a closed pipe stops orbit at once without a crash message",
            arguments: longOutputs)
        func closedPipeStopsPromptly(arguments: [String]) throws {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-pipe")
            let quoted = ([orbit] + arguments).map(ViewerPane.quote).joined(separator: " ")
            // 100,000 frames take many minutes: finishing inside the hang guard proves orbit
            // noticed the closed pipe. The status file tells how orbit itself ended.
            let script =
                "{ \(quoted) 2>\(ViewerPane.quote(scratch.file("err"))); echo $? > "
                + "\(ViewerPane.quote(scratch.file("status"))); } | head -c 64"
            let result = try Spawn.run(["/bin/sh", "-c", script], timeout: 90)
            #expect(result.status == 0)
            #expect(result.stdout.utf8.count == 64)
            let status = Int32(scratch.read("status").trimmingCharacters(in: .whitespacesAndNewlines))
            // 141 (128 + SIGPIPE) by convention for "reader went away", or 0 when all the
            // output fitted in the pipe before the reader left (--help); never a signal
            // death such as SIGPIPE itself, nor a crash.
            #expect(
                status == 141 || (status == 0 && arguments == ["--help"]),
                "orbit \(arguments.joined(separator: " ")) ended with \(String(describing: status))")
            #expect(scratch.read("err").isEmpty, "stderr: \(scratch.read("err"))")
        }

        @Test("orbit render into a file writes exactly the frames asked for")
        func renderIntoFile() throws {
            let orbit = try OrbitBinary.check()
            let scratch = try Scratch("orbit-file")
            let out = scratch.file("frames.txt")
            let result = try Spawn.run(
                [orbit, "render", "--frames", "3", "--size", "40x12", "--colors", "none", "--glyphs", "ascii"],
                stdoutPath: out, environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.status == 0, "\(result.stderr)")
            let text = scratch.read("frames.txt")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // 3 frames of 12 rows, separated by 2 empty lines, and a final newline.
            #expect(lines.count == 3 * 12 + 2 + 1, "\(lines.count) lines")
            #expect(!text.contains("\u{1B}"), "escape sequences in a --colors none file")
            #expect(lines.filter { !$0.isEmpty }.allSatisfy { $0.count == 40 })
        }

        @Test("The viewer without any terminal (stdin, stdout, stderr not ttys) says so and exits 1")
        func viewerWithoutTerminal() throws {
            let orbit = try OrbitBinary.check()
            let result = try Spawn.run([orbit], environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"])
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("orbit: standard output is not a terminal") == true, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
