import Assets
import Display
import Foundation
import Testing

@testable import OrbitCLI

/// Every output of `orbit --list outputs` through the commands that take `--format`: the
/// rows of the output table, so a new output is held to them the moment it exists.
@Suite struct OutputKindCommands {
    static var names: [String] {
        (try? NewcomerErrorTests.run(["--list", "outputs"])).map {
            String(decoding: $0.output, as: UTF8.self).split(separator: "\n").map(String.init)
        } ?? []
    }

    @Test func theListIsTheTable() {
        #expect(Self.names == OutputKind.allCases.map(\.rawValue))
    }

    @Test(arguments: OutputKind.allCases.map(\.rawValue))
    func renderAndBenchDrawEachOutput(name: String) throws {
        let render = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", name])
        #expect(render.status == 0 && !render.output.isEmpty, "\(render.error)")
        let bench = try NewcomerErrorTests.run(["bench", "ball", "--size", "8x4", "--frames", "2", "--format", name])
        #expect(bench.status == 0, "\(bench.error)")
        let lines = String(decoding: bench.output, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("output: \(name)"))
        let help = try NewcomerErrorTests.run(["render", "--help"])
        #expect(String(decoding: help.output, as: UTF8.self).contains(name))
        guard name != OutputKind.cells.rawValue else { return }
        // Graphics send their own colours: --dither is refused, naming the output.
        let dither = try NewcomerErrorTests.run(["render", "earth", "--dither", "--format", name])
        #expect(dither.status == 2)
        #expect(
            dither.error.hasPrefix("orbit: option '--dither' does not apply to '--format \(name)'"), "\(dither.error)")
    }

    @Test func outputsDrawDifferentBytes() throws {
        var seen = Set<[UInt8]>()
        for name in OutputKind.allCases.map(\.rawValue) {
            let r = try NewcomerErrorTests.run(["render", "ball", "--size", "8x4", "--format", name])
            #expect(seen.insert(r.output).inserted, "--format \(name) drew what another output drew")
        }
    }
}

/// `orbit render --format iterm` decoded back: the OSC 1337 sequence's base64 PNG, read by
/// the project's own decoder (`ImageCodec`), is the frame `orbit snapshot` writes at the
/// same cell size, within the encoder's one sRGB level.
@Suite struct ITermRender {
    static func inlineImages(_ bytes: [UInt8]) throws -> [(arguments: String, png: [UInt8])] {
        let text = String(decoding: bytes, as: UTF8.self)
        var out: [(String, [UInt8])] = []
        for piece in text.components(separatedBy: "\u{1B}]1337;File=").dropFirst() {
            let colon = try #require(piece.firstIndex(of: ":"))
            let end = try #require(piece.firstIndex(of: "\u{07}"))
            let data = try #require(Data(base64Encoded: String(piece[piece.index(after: colon)..<end])))
            out.append((String(piece[..<colon]), Array(data)))
        }
        return out
    }

    @Test func theFrameIsTheSnapshotsPixels() throws {
        let size = ["--size", "40x12", "--cell-size", "8x16"]
        let render = try NewcomerErrorTests.run(["render", "earth", "--format", "iterm", "--frames", "2"] + size)
        #expect(render.status == 0, "\(render.error)")
        let images = try Self.inlineImages(render.output)
        #expect(images.count == 2)
        let first = try #require(images.first)
        #expect(
            first.arguments
                == "inline=1;size=\(first.png.count);width=40;height=12;preserveAspectRatio=0;doNotMoveCursor=1")
        let shown = try ImageCodec.decode(data: first.png, name: "frame.png")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-iterm-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let snap = try NewcomerErrorTests.run(["snapshot", "earth", "-o", path] + size)
        #expect(snap.status == 0, "\(snap.error)")
        let expected = try ImageCodec.decode(path: path)
        #expect(shown.width == 320 && shown.height == 192)
        #expect(expected.width == shown.width && expected.height == shown.height)
        let worst = zip(shown.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 99
        #expect(worst <= 1, "largest channel difference \(worst)")
        // The Earth turns: the second frame is another picture.
        #expect(images[1].png != first.png)
    }

    @Test func benchReportsThePNGFigures() throws {
        let r = try NewcomerErrorTests.run(
            ["bench", "earth", "--format", "iterm", "--size", "20x6", "--cell-size", "8x16", "--frames", "3"])
        #expect(r.status == 0, "\(r.error)")
        var fields: [String: String] = [:]
        for line in String(decoding: r.output, as: UTF8.self).split(separator: "\n") {
            let kv = line.split(separator: ":", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = kv[1].trimmingCharacters(in: .whitespaces) }
        }
        #expect(fields["output"] == "iterm" && fields["pixel_size"] == "160x96")
        #expect(fields["raw_bytes_per_frame"] == "\(160 * 96 * 3)")
        #expect(fields["compress_ms_per_frame"].flatMap(Double.init) != nil)
        let bytes = try #require(fields["bytes_per_frame"].flatMap(Int.init))
        #expect(bytes > 1000 && bytes < 160 * 96 * 3)
    }
}
