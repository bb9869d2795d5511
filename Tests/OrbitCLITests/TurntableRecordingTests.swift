import CGif
import Foundation
import OrbitTestSupport
import Testing
import Viewer

/// `orbit render MODEL --record FILE.gif|.apng|.mp4|.webm`: what was written is decoded
/// (giflib for GIF, the chunks for APNG, ffprobe and ffmpeg for video and as a second
/// reader) and checked: frame count, exact delays, looping, frames that differ as the
/// model turns, and no file left behind on an error or a signal.
@Suite struct TurntableRecording {
    /// Runs the orbit binary with `arguments` (and `environment` added to this one's).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, error: String
    ) {
        let scratch = try Scratch("orbit-turntable-run")
        let err = scratch.file("err")
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try OrbitBinary.check())
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, scratch.read("err"))
    }

    /// The frames of a GIF as the screen shows them (each frame's rectangle drawn over
    /// the ones before), 3 bytes a pixel, with each frame's delay in centiseconds.
    static func gifFrames(_ path: String) throws -> (frames: [[UInt8]], delays: [Int], width: Int) {
        var error: Int32 = 0
        guard let gif = orbit_gif_load(path, &error) else {
            throw HarnessError("giflib cannot read \(path): \(String(cString: orbit_gif_error(error)))")
        }
        defer { orbit_gif_free(gif) }
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        var canvas = [UInt8](repeating: 0, count: width * height * 3)
        var frames: [[UInt8]] = []
        var delays: [Int] = []
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            let d = image.ImageDesc
            let map = try #require(d.ColorMap ?? gif.pointee.SColorMap)
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let c = map.pointee.Colors[Int(image.RasterBits[y * Int(d.Width) + x])]
                    let o = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 3
                    canvas[o] = c.Red
                    canvas[o + 1] = c.Green
                    canvas[o + 2] = c.Blue
                }
            }
            frames.append(canvas)
            delays.append(Int(orbit_gif_frame_delay(gif, Int32(i))))
        }
        return (frames, delays, width)
    }

    /// The chunks of a PNG file: type and data.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var out: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= bytes.count {
            let n = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard at + 12 + n <= bytes.count else { break }
            out.append(
                (String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), Array(bytes[(at + 8)..<(at + 8 + n)])))
            at += 12 + n
        }
        return out
    }

    static func u32(_ d: [UInt8], _ at: Int) -> Int { d[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    static func u16(_ d: [UInt8], _ at: Int) -> Int { Int(d[at]) << 8 | Int(d[at + 1]) }

    /// ffprobe's answer for `entries` of the file's first video stream (`key=value` lines).
    static func probe(_ path: String, _ entries: String) throws -> [String: String] {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        process.arguments = [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", entries,
            "-of", "default=noprint_wrappers=1", path,
        ]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var answer: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { answer[parts[0]] = parts[1] }
        }
        return answer
    }

    @Test func aGIFHoldsEveryFrameWithExactDelaysAndLoopsForever() throws {
        let scratch = try Scratch("orbit-turntable-gif")
        let path = scratch.file("turn.gif")
        let r = try Self.run(["render", "earth", "--record", path, "--size", "48x40px", "--frames", "12"])
        #expect(r.status == 0, "\(r.error)")
        let (frames, delays, width) = try Self.gifFrames(path)
        #expect(width == 48)
        #expect(frames.count == 12)
        // 30 fps: frame n starts at round(100 n / 30) cs, so the delays add up exactly.
        #expect(delays == (0..<12).map { (200 * ($0 + 1) + 30) / 60 - (200 * $0 + 30) / 60 })
        #expect(delays.reduce(0, +) == 40)
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        let loop: [UInt8] = Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0]
        #expect(bytes.indices.contains { bytes[$0...].starts(with: loop) }, "no NETSCAPE2.0 loop-forever block")
        for i in 1..<frames.count { #expect(frames[i] != frames[i - 1], "frame \(i) shows no turn") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["turn.gif"])
    }

    @Test func anAPNGHasItsFrameCountAndExactDelaysAndLoopsForever() throws {
        let scratch = try Scratch("orbit-turntable-apng")
        let path = scratch.file("turn.apng")
        let r = try Self.run([
            "render", "earth", "--record", path, "--size", "40x32px", "--frames", "10", "--fps", "24",
        ])
        #expect(r.status == 0, "\(r.error)")
        let chunks = Self.chunks([UInt8](FileManager.default.contents(atPath: path) ?? Data()))
        let actl = try #require(chunks.first { $0.type == "acTL" })
        #expect(Self.u32(actl.data, 0) == 10)
        #expect(Self.u32(actl.data, 4) == 0, "plays forever")
        let fctl = chunks.filter { $0.type == "fcTL" }
        #expect(fctl.count == 10)
        for c in fctl {
            #expect(Self.u16(c.data, 20) == 1 && Self.u16(c.data, 22) == 24, "delay is 1/24 s")
        }
        // Sequence numbers run 0, 1, 2, ... over fcTL and fdAT together.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { Self.u32($0.data, 0) }
        #expect(sequence == Array(0..<sequence.count))
        let probed = try Self.probe(path, "stream=codec_name,nb_read_frames,width,height")
        #expect(probed["codec_name"] == "apng")
        #expect(probed["nb_read_frames"] == "10")
        #expect(probed["width"] == "40" && probed["height"] == "32")
    }

    @Test func anMP4HasEveryFrameAtTheFrameRate() throws {
        let scratch = try Scratch("orbit-turntable-mp4")
        let path = scratch.file("turn.mp4")
        let r = try Self.run(["render", "earth", "--record", path, "--size", "4x2", "--frames", "15", "--turns", "2"])
        #expect(r.status == 0, "\(r.error)")
        let probed = try Self.probe(path, "stream=codec_name,nb_read_frames,width,height,r_frame_rate")
        #expect(probed["codec_name"] == "h264")
        #expect(probed["nb_read_frames"] == "15")
        #expect(probed["r_frame_rate"] == "30/1")
        // --size COLSxROWS: cells of 8x16 pixels.
        #expect(probed["width"] == "32" && probed["height"] == "32")
    }

    /// Every picture row of the format table writes a file its own reader names as it.
    @Test(arguments: RecordingFormat.allCases.filter(\.isPicture))
    func everyPictureFormatIsWrittenAsItsExtensionSays(format: RecordingFormat) throws {
        let scratch = try Scratch("orbit-turntable-formats")
        let path = scratch.file("turn." + format.extensions[0])
        let r = try Self.run(["render", "ball", "--record", path, "--size", "32x32px", "--frames", "3"])
        #expect(r.status == 0, "\(r.error)")
        let probed = try Self.probe(path, "format=format_name")
        #expect(probed["format_name"]?.contains(format.rawValue) == true, "\(probed)")
    }

    @Test func videoWithoutFFmpegNamesThePackageAndLeavesNoFile() throws {
        let scratch = try Scratch("orbit-turntable-noffmpeg")
        let path = scratch.file("turn.webm")
        let r = try Self.run(
            ["render", "ball", "--record", path, "--frames", "2"], environment: ["PATH": scratch.path])
        #expect(r.status == 1)
        #expect(r.error.hasPrefix("orbit: \(path): writing .webm needs ffmpeg"), "\(r.error)")
        #expect(r.error.contains("apt-get install ffmpeg"))
        #expect(r.error.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0 != "err" }.isEmpty)
    }

    @Test func anUnknownExtensionIsRefusedWithTheList() throws {
        let r = try Self.run(["render", "ball", "--record", "turn.avi"])
        #expect(r.status == 2)
        #expect(r.error.contains(RecordingFormat.extensionList), "\(r.error)")
    }

    @Test(arguments: ["turn.gif", "turn.mp4"])
    func aSignalStopsTheRecordingAndLeavesNoFile(name: String) throws {
        let scratch = try Scratch("orbit-turntable-signal")
        let path = scratch.file(name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try OrbitBinary.check())
        process.arguments = ["render", "earth", "--record", path, "--size", "64x64px", "--frames", "100000"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let files = { (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? [] }
        try Wait.until("the temporary recording", timeout: 60) { files().contains { $0.hasPrefix(".orbit-") } }
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(files().isEmpty, "\(files())")
    }
}
