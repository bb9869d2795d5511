import Display
import Foundation
import Testing

@testable import OrbitCLI

/// Graphics frames encoded on another thread while the next one renders
/// (`FramePipeline.beginWrite` / `finishWrite`) are the bytes of the frames drawn one after
/// the other, in order, and the pipeline's picture is always the last one rendered.
@Suite struct OverlappedFrames {
    static let env = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]

    func setup(_ format: String) throws -> HeadlessCommands.Setup {
        let (_, options) = try ArgumentParser.parse(
            ["bench", "earth", "--format", format, "--size", "40x12", "--cell-size", "8x16", "--threads", "2"])
        return try HeadlessCommands.setup(options, environment: Self.env)
    }

    @Test(arguments: ["kitty", "sixel", "iterm"])
    func overlappedFramesAreTheBytesOfFramesDrawnInTurn(format: String) throws {
        let frames = 5
        var plain = try setup(format)
        var sequence: [[UInt8]] = []
        var pictures: [[UInt8]] = []
        for frame in 0..<frames {
            plain.renderFrame(frame)
            pictures.append(try #require(plain.pipeline.snapshotImage()).pixels)
            var bytes: [UInt8] = []
            plain.pipeline.write(into: &bytes)
            sequence.append(bytes)
        }
        // Every frame differs (the Earth turns), so an old or repeated frame would show.
        #expect(Set(sequence.dropFirst()).count == frames - 1)

        var overlapped = try setup(format)
        var got: [[UInt8]] = []
        #expect(!overlapped.pipeline.writePending)
        for frame in 0..<frames {
            overlapped.renderFrame(frame)
            var bytes: [UInt8] = []
            let had = overlapped.pipeline.finishWrite(into: &bytes)
            #expect(had == (frame > 0))
            if had { got.append(bytes) }
            overlapped.pipeline.beginWrite()
            #expect(overlapped.pipeline.writePending)
            // The picture is the frame just rendered, not the one drawn into next.
            #expect(try #require(overlapped.pipeline.snapshotImage()).pixels == pictures[frame])
        }
        var last: [UInt8] = []
        #expect(overlapped.pipeline.finishWrite(into: &last))
        got.append(last)
        #expect(!overlapped.pipeline.writePending)
        #expect(got.count == frames)
        for (i, (a, b)) in zip(sequence, got).enumerated() {
            #expect(a == b, "\(format) frame \(i): \(a.count) against \(b.count) bytes")
        }
        // Nothing begun: nothing to finish.
        var none: [UInt8] = []
        #expect(!overlapped.pipeline.finishWrite(into: &none) && none.isEmpty)
    }
}
