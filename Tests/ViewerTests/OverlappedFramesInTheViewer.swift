import Assets
import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// The viewer's renderer overlaps a moving picture's graphics frames: each frame is encoded
/// while the next one renders and is sent one frame later; the frame that comes to rest is
/// drawn at once after the one still in flight, so the screen ends on the last picture.
@Suite struct OverlappedFramesInTheViewer {
    func renderer(threads: Int) throws -> SceneRenderer {
        let settings = RendererSettings(
            glyphs: .blocks, utf8: true, colors: Detected(.truecolor, .option),
            output: Detected(.kitty, .option), outputs: [.cells, .kitty],
            cellSize: Detected(.standard, .option), threads: threads, maxKbps: nil)
        return try SceneRenderer(scene: SlowLinkTests.earth(), settings: settings, now: { 0 })
    }

    /// The kitty commands in `bytes` (`a=T`, `a=f`, ...), in order.
    func actions(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst().compactMap { c in
            c.split(separator: ",").first { $0.hasPrefix("a=") }.map(String.init)
        }
    }

    /// The last picture `bytes` transmit (a PNG in base64, perhaps in chunks), decoded.
    func lastPicture(_ bytes: [UInt8]) throws -> Image {
        var payloads: [String] = []
        var current = ""
        for command in String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst() {
            guard let semicolon = command.firstIndex(of: ";"), let end = command.range(of: "\u{1B}\\") else {
                continue
            }
            let keys = command[..<semicolon]
            if keys.contains("a=f") || keys.contains("a=T") { current = "" }
            current += command[command.index(after: semicolon)..<end.lowerBound]
            if !keys.contains("m=1") && !current.isEmpty {
                payloads.append(current)
                current = ""
            }
        }
        let payload = try #require(payloads.last)
        let data = try #require(Data(base64Encoded: payload))
        return try ImageCodec.decode(data: [UInt8](data), name: "frame")
    }

    /// True when `a` and `b` have one size and every channel within one level (kitty
    /// frames are near-lossless).
    func close(_ a: Image, _ b: Image) -> Bool {
        a.width == b.width && a.height == b.height
            && zip(a.pixels, b.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    @Test func aMovingPictureIsSentOneFrameLateAndTheRestingOneAtOnce() throws {
        let r = try renderer(threads: 2)
        let moving = MotionState(spin: 3)
        #expect(moving.isAnimating)
        // The first frame (full) is drawn at once: placed.
        let first = r.frame(columns: 60, rows: 20, motion: moving, full: true)
        #expect(actions(first) == ["a=T", "a=d"])
        #expect(close(try lastPicture(first), try #require(r.lastFrameImage())))
        // Moving: the next frame is being encoded, nothing new to send yet.
        var m = moving
        m.advance(ticks: 1)
        let second = r.frame(columns: 60, rows: 20, motion: m, full: false)
        #expect(actions(second).isEmpty)
        let secondPicture = try #require(r.lastFrameImage())
        m.advance(ticks: 1)
        let third = r.frame(columns: 60, rows: 20, motion: m, full: false)
        // The second frame arrives with the third's render: one picture placed (and the one
        // before deleted), and it is the second picture.
        #expect(actions(third) == ["a=T", "a=d"])
        #expect(close(try lastPicture(third), secondPicture))
        #expect(!close(secondPicture, try #require(r.lastFrameImage())))
        // At rest: the third frame (still in flight) and then the resting one.
        let still = MotionState(spin: 0)
        #expect(!still.isAnimating)
        let resting = r.frame(columns: 60, rows: 20, motion: still, full: false)
        #expect(actions(resting) == ["a=T", "a=d", "a=T", "a=d"])
        #expect(close(try lastPicture(resting), try #require(r.lastFrameImage())))
        // Nothing is left in flight: quitting removes the picture (both image ids).
        #expect(actions(r.removal()) == ["a=d", "a=d"])
    }

    @Test func oneThreadDrawsEveryFrameAtOnce() throws {
        let r = try renderer(threads: 1)
        var m = MotionState(spin: 3)
        #expect(actions(r.frame(columns: 60, rows: 20, motion: m, full: true)) == ["a=T", "a=d"])
        m.advance(ticks: 1)
        #expect(actions(r.frame(columns: 60, rows: 20, motion: m, full: false)) == ["a=T", "a=d"])
    }

    @Test func aResizeWhileAFrameIsInFlightPlacesTheNewSizeOnly() throws {
        let r = try renderer(threads: 2)
        var m = MotionState(spin: 3)
        _ = r.frame(columns: 60, rows: 20, motion: m, full: true)
        m.advance(ticks: 1)
        _ = r.frame(columns: 60, rows: 20, motion: m, full: false)
        m.advance(ticks: 1)
        // The frame in flight belonged to the old size: dropped with it; the old images
        // are deleted and the new one placed.
        let resized = r.frame(columns: 50, rows: 16, motion: m, full: true)
        #expect(actions(resized) == ["a=d", "a=d", "a=T", "a=d"])
        #expect(r.glyphSetName == "kitty 400x256")
    }
}
