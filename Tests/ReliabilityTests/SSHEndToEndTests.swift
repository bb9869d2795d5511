import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// `orbit` over a real SSH connection to a throwaway sshd on loopback, with a relay in
    /// between that counts the bytes a network would carry.
    @Suite struct SSHEndToEnd {
        /// Colour depths whose bytes per frame are measured over SSH.
        static let measuredColors = ["256", "truecolor"]
        /// Frames averaged per measurement.
        static let measuredFrames = 60
        /// Frame rate of the measurement: low enough for a debug build at 200x60 on a busy
        /// machine to keep up, so that each frame turns the Earth by the same angle.
        static let measuredFPS = 8
        /// Spin in degrees per 1/30 s tick that makes 0.5 degrees per frame at that rate,
        /// as `orbit bench` renders (the viewer defines spin per second).
        static let measuredSpin = 0.5 * Double(measuredFPS) / 30

        @Test(
            "Over ssh -tt: render proves the path, the Earth spins, keys act, q returns to the shell",
            arguments: [false, true])
        func earthOverSSH(compression: Bool) throws {
            if let reason = SSHServer.unavailableReason { try Test.cancel("SSH test skipped: \(reason)") }
            let orbit = try OrbitBinary.check()
            let server = try SSHServer()
            let relay = try ByteRelay(forwardingTo: server.port)
            defer { relay.stop() }
            let scratch = try Scratch("orbit-ssh")
            let tmux = try Tmux(
                columns: 200, rows: 60, command: server.clientCommand(port: relay.port, compression: compression))

            // A remote shell: evaluated arithmetic shows it is a shell, not an echo.
            try tmux.type("export LANG=C.UTF-8 PS1='remote$ '; echo ready-$((6*7))")
            try tmux.waitFor("ready-42", timeout: 60)

            // 1. orbit render through ssh prints the same frame as locally.
            let renderArgs = ["render", "--size", "40x12", "--colors", "none", "--glyphs", "ascii"]
            let local = try Spawn.run([orbit] + renderArgs, environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            try #require(local.status == 0, "\(local.stderr)")
            try tmux.type("clear; \(ViewerPane.quote(orbit)) \(renderArgs.joined(separator: " ")); echo render-exit-$?")
            let rendered = try tmux.waitFor("render-exit-0")
            for line in local.stdout.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let trimmed = String(line).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                #expect(rendered.contains(trimmed), "remote render lacks line '\(trimmed)'")
            }

            // 2. The interactive viewer, once per colour depth; `script` keeps a copy of what
            // orbit wrote so frames can be counted (each begins with ESC[?2026h).
            for colors in Self.measuredColors {
                let typescript = scratch.file("viewer-\(colors).typescript")
                try tmux.type(
                    "clear; script -q -e -f -c \"\(orbit) --colors \(colors) --glyphs blocks --fps \(Self.measuredFPS)"
                        + " --spin \(Self.measuredSpin)\" \(typescript); echo viewer-exit-$?")
                let first = try tmux.waitFor(ViewerPane.hudMark, timeout: 60)
                // The Earth spins: the picture (all rows but the status line) changes.
                try tmux.waitForScreen("the picture to change") { Self.picture($0) != Self.picture(first) }
                // Bytes that crossed the connection per frame over 60 frames, between two
                // pauses (Space) so that nothing is in flight when the counters are read.
                try Wait.until("10 frames drawn", timeout: 60) { Self.frames(in: typescript) >= 10 }
                try tmux.send("Space")
                try Self.quiesce(relay, typescript)
                let (b0, f0, p0) = (
                    relay.toClient.load(ordering: .sequentiallyConsistent), Self.frames(in: typescript),
                    Self.size(of: typescript)
                )
                try tmux.send("Space")
                let resumed = Date()
                try Wait.until("\(Self.measuredFrames) more frames", timeout: 120) {
                    Self.frames(in: typescript) >= f0 + Self.measuredFrames
                }
                try tmux.send("Space")
                let fps = Double(Self.frames(in: typescript) - f0) / Date().timeIntervalSince(resumed)
                try Self.quiesce(relay, typescript)
                let (b1, f1, p1) = (
                    relay.toClient.load(ordering: .sequentiallyConsistent), Self.frames(in: typescript),
                    Self.size(of: typescript)
                )
                let wire = Double(b1 - b0) / Double(f1 - f0)
                let plain = Double(p1 - p0) / Double(f1 - f0)
                print(
                    "ssh-bytes-per-frame compression=\(compression ? "on" : "off") colors=\(colors) "
                        + "size=200x60 glyphs=blocks"
                        + " frames=\(f1 - f0) fps=\(String(format: "%.1f", fps)) "
                        + "wire=\(Int(wire.rounded())) terminal=\(Int(plain.rounded()))"
                )
                if compression {
                    #expect(wire < plain, "ssh -C did not shrink the frames")
                } else {
                    // Encryption adds framing and a MAC per packet, never less than the payload.
                    #expect(wire >= plain && wire < plain * 1.25, "wire \(wire) vs terminal \(plain) bytes per frame")
                }
                try tmux.send("Space")

                // An arrow key through SSH changes the spin, as the status line shows.
                try tmux.send("Right")
                try tmux.waitFor("swipe right")
                // q returns to the remote shell, which still works.
                try tmux.send("q")
                try tmux.waitFor("viewer-exit-0")
                #expect(try tmux.display("#{alternate_on}") == "0")
                #expect(try tmux.display("#{cursor_flag}") == "1")
            }
            try tmux.type("echo back-$((2+3))")
            try tmux.waitFor("back-5")
            try tmux.type("exit")
            try Wait.until("ssh to end") { try tmux.display("#{pane_dead}") == "1" }
        }

        /// Waits until neither the relay nor the typescript has grown for 0.3 s.
        static func quiesce(_ relay: ByteRelay, _ typescript: String) throws {
            try Wait.until("the connection to fall quiet", timeout: 60) {
                let before = (relay.toClient.load(ordering: .sequentiallyConsistent), size(of: typescript))
                usleep(300_000)
                return before == (relay.toClient.load(ordering: .sequentiallyConsistent), size(of: typescript))
            }
        }

        /// All rows but the last (the status line).
        static func picture(_ screen: String) -> [Substring] {
            Array(screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2))
        }

        /// Frames in a typescript: each starts with the synchronized-output opener.
        static func frames(in path: String) -> Int {
            guard let data = FileManager.default.contents(atPath: path) else { return 0 }
            let mark = Array("\u{1B}[?2026h".utf8)
            var count = 0
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                var i = 0
                while i + mark.count <= bytes.count {
                    if bytes[i] == mark[0] && bytes[i + 1] == mark[1] && Array(bytes[i..<(i + mark.count)]) == mark {
                        count += 1
                        i += mark.count
                    } else {
                        i += 1
                    }
                }
            }
            return count
        }

        static func size(of path: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        }
    }
}
