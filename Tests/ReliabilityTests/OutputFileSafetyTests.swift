import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// Output files from hostile or odd options: one-character names, standard output,
    /// huge gesture frames, a signal in the middle of a recording.
    @Suite struct OutputFileSafety {
        /// Runs `orbit ARGS` in `folder` (a shell `cd`, so relative names land there).
        static func run(_ arguments: String, in folder: String, stdout: String? = nil) throws -> RunResult {
            let orbit = try OrbitBinary.check()
            return try Spawn.run(
                ["/bin/sh", "-c", "cd '\(folder)' && exec '\(orbit)' \(arguments)"], stdoutPath: stdout, timeout: 120)
        }

        @Test func aOneCharacterOutputNameIsAFile() throws {
            let scratch = try Scratch("orbit-o")
            let r = try Self.run("apollonian export --level 1 -o a", in: scratch.path)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.signal == nil)
            #expect(scratch.read("a").hasPrefix("["))
        }

        @Test func dashIsStandardOutputForASnapshot() throws {
            let scratch = try Scratch("orbit-o")
            let out = scratch.file("stdout.png")
            let r = try Self.run("snapshot --size 20x5 -o -", in: scratch.path, stdout: out)
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(!FileManager.default.fileExists(atPath: scratch.file("-")))
        }

        @Test(arguments: ["right@9223372036854775807", "right@99999999"])
        func aGestureFramePastTheLimitIsRefusedBeforeRecording(_ script: String) throws {
            let scratch = try Scratch("orbit-o")
            let r = try Self.run("render --gestures \(script) --record a.cast", in: scratch.path)
            #expect(r.signal == nil, "\(r.stderr)")
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stderr.contains("past the last frame, 1000000"), "\(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0 != "stdout" }.isEmpty)
        }

        @Test(arguments: [SIGTERM, SIGHUP])
        func aSignalDuringARecordingLeavesNoTemporaryFile(_ signal: Int32) throws {
            let scratch = try Scratch("orbit-o")
            let orbit = try OrbitBinary.check()
            let pid = try Spawn.start(
                [orbit, "render", "--frames", "1000000", "--size", "40x12", "--record", scratch.file("a.cast")],
                stdout: scratch.file("out"), stderr: scratch.file("err"), newSession: true)
            defer { kill(pid, SIGKILL) }
            let hidden = {
                (try? FileManager.default.contentsOfDirectory(atPath: scratch.path))?.filter { $0.hasPrefix(".orbit-") }
                    ?? []
            }
            try Wait.until("the recording's temporary file", timeout: 60) { !hidden().isEmpty }
            kill(pid, signal)
            let end = try Spawn.wait(pid, timeout: 30, what: "orbit render --record")
            #expect(end.signal == signal)
            #expect(hidden().isEmpty, "left behind: \(hidden())")
            #expect(!FileManager.default.fileExists(atPath: scratch.file("a.cast")))
        }
    }
}
