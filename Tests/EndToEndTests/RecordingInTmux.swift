import Foundation
import OrbitTestSupport
import Testing

/// Issue 14, "the gesture demo, made shareable": `--record FILE.cast` (viewer, demo and
/// headless render) writes asciinema v2 that `asciinema play` shows as the live run ended.
@Suite(.serialized) struct RecordingInTmux {
    typealias V = ViewerInTmux

    /// A fresh folder for recordings, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "orbit-gestures-cast-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The header and the events of a `.cast` file.
    static func read(_ path: String) throws -> (header: [String: Any], events: [[Any]]) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let first = try #require(lines.first.map(String.init))
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        var events: [[Any]] = []
        for line in lines.dropFirst() {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any]
            events.append(try #require(event))
        }
        return (header, events)
    }

    /// Where `asciinema` is, or a failure saying how to get it.
    static func asciinema() throws -> String {
        for dir in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(dir)/asciinema") {
            return "\(dir)/asciinema"
        }
        throw HarnessError("asciinema is not installed; `make test` installs it (apt-get install asciinema)")
    }

    /// Plays `cast` in a fresh tmux of `columns` x `rows` and waits until the screen (with
    /// colours) equals `expected`.
    static func expectPlayback(
        _ cast: String, columns: Int, rows: Int, toShow expected: [String],
        escapes: Bool = true
    ) throws {
        let player = try asciinema()
        let tmux = try Tmux.shell(columns: columns, rows: rows)
        try tmux.type("clear; '\(player)' play -s 4 '\(cast)' && exec sleep 3600")
        let trimmed = expected.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        try tmux.waitForLines("the played recording's last frame", timeout: 60, escapes: escapes) { screen in
            screen.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) } == trimmed
        }
    }

    @Test func aLiveRecordingPlaysBackToTheSameFinalScreen() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cast = dir.appendingPathComponent("live.cast").path
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type(
            "'\(try OrbitBinary.check())' --spin 0 --colors 256 --gestures 'right@0 up@12 tap@24' "
                + "--record '\(cast)'; echo \"exit=$?\""
        )
        try tmux.waitForLines("the scripted pause", timeout: 30) { V.hud($0)?.contains("tap -> paused") == true }
        // Paused: the screen no longer changes; that is the final screen.
        var last: [String] = []
        let final = try tmux.waitForLines("a settled screen", timeout: 20, escapes: true) { screen in
            defer { last = screen }
            return screen == last && V.hud(screen) != nil
        }
        try V.quit(tmux, timeout: 10)
        let (header, events) = try Self.read(cast)
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        #expect(abs((header["timestamp"] as? Double ?? 0) - Date().timeIntervalSince1970) < 3600)
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.count == 3 && ($0[1] as? String == "o" || $0[1] as? String == "r") })
        try Self.expectPlayback(cast, columns: 80, rows: 24, toShow: final)
    }

    @Test func aHeadlessRecordingHasExactFrameTimesAndPlaysBackToItsLastFrame() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cast = dir.appendingPathComponent("headless.cast").path
        let orbit = try OrbitBinary.check()
        let look = ["--size", "60x20", "--glyphs", "ascii", "--colors", "none", "--gestures", "right@0 up@10 tap@25"]
        let made = try Spawn.run([orbit] + ["render", "--record", cast] + look)
        #expect(made.status == 0)
        #expect(made.stdout.isEmpty, "a recording writes nothing to standard output")
        let (header, events) = try Self.read(cast)
        #expect(header["width"] as? Int == 60 && header["height"] as? Int == 20)
        let times = events.compactMap { $0.first as? Double }
        #expect(times.first == 0)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times.allSatisfy { abs($0 * 30 - ($0 * 30).rounded()) < 1e-4 }, "frame times are not n/30 s: \(times)")
        #expect(abs((times.last ?? 0) - 25.0 / 30) < 1e-6, "the last change is the tap at frame 25")
        // The same frames as text: the picture is 19 rows (the 20th is the status line).
        let text = try Spawn.run([orbit] + ["render", "--frames", "26"] + look.map { $0 == "60x20" ? "60x19" : $0 })
        let lastFrame = Array(
            text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .dropLast().suffix(19))
        // The picture is compared cell for cell, the status line by its gesture text.
        let player = try Self.asciinema()
        let tmux = try Tmux.shell(columns: 60, rows: 20)
        try tmux.type("clear; '\(player)' play -s 4 '\(cast)' && exec sleep 3600")
        let trim = { (s: String) in s.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        try tmux.waitForLines("the played recording's last frame", timeout: 60) { shown in
            shown.count == 20 && Array(shown.prefix(19)).map(trim) == lastFrame.map(trim)
                && shown[19].contains("tap -> paused")
        }
    }

    @Test func theDemoNarratesRecordsAndHandsOverOnAnyKey() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cast = dir.appendingPathComponent("demo.cast").path
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type("'\(try OrbitBinary.check())' demo --record '\(cast)'; echo \"exit=$?\"")
        // The first caption: the key in big letters and what it does, then its motion. Each
        // state lasts a few seconds and comes back every round of the tour (56 s), so a
        // loaded machine that misses one sees the next.
        let round = DemoRound.seconds + 15
        try tmux.waitForLines("the first caption", timeout: round) { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("orbit demo - any key: your turn") && text.contains("swipe right: the front follows")
                && text.contains("████  █████  ████ █   █ █████")
        }
        try tmux.waitForLines("the first gesture played", timeout: round) {
            V.hud($0)?.contains("swipe right -> spin Y +2") == true
        }
        try tmux.waitForLines("the second caption", timeout: round, Tmux.contains("twice as fast"))
        // A key takes over: the caption goes, the key acts, and the tour plays no more.
        try tmux.send("Left")
        try tmux.waitForLines("the user's swipe", timeout: 10) { screen in
            V.hud(screen)?.contains("swipe left -> spin Y -2") == true && !screen.joined().contains("orbit demo")
        }
        Thread.sleep(forTimeInterval: 4.5)  // longer than a tour step: proving that nothing more comes
        let after = try tmux.lines()
        #expect(V.hud(after)?.contains("swipe left -> spin Y -2") == true, "\(V.hud(after) ?? "")")
        #expect(!after.joined().contains("orbit demo"))
        try V.quit(tmux, timeout: 10)
        let (header, events) = try Self.read(cast)
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24)
        let output = events.compactMap { $0.count == 3 ? $0[2] as? String : nil }.joined()
        #expect(output.contains("orbit demo - any key: your turn"))
        #expect(output.contains("swipe left -> spin Y -2 deg/tick"))
    }
}

/// The length of one round of `orbit demo`'s tour: 14 steps of 1.6 s caption and 2.4 s motion.
enum DemoRound {
    static let seconds = 14 * 4.0
}
