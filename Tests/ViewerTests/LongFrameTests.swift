import Display
import Foundation
import Gestures
import SceneGraph
import Testing

@testable import Viewer

/// A renderer whose every frame takes `seconds` of the fake clock, asking its interruption
/// every 10 ms of that clock on the way, as the rasterizer asks `shouldCancel` between
/// pieces of its work.
final class LongFrames: FrameRenderer {
    let clock: FakeClock
    let seconds: Double
    private var check: (@Sendable () -> Bool)?
    private(set) var lastFrameAbandoned = false
    private(set) var framesFinished = 0

    init(clock: FakeClock, seconds: Double) {
        self.clock = clock
        self.seconds = seconds
    }

    var triangleCount: Int { 12 }
    var glyphSetName: String { "ascii" }
    var colorDepthName: String { "no colour" }
    func nextGlyphSet() {}
    func nextColorDepth() {}
    var outputName: String { "cells" }
    func nextOutput() {}
    func removal() -> [UInt8] { [] }
    func linkMeasured(bytesPerSecond: Double, at time: Double) {}
    func setScene(_ scene: ViewerScene) {}
    func poseScene(_ body: (inout ViewerScene) -> Void) {}
    func setInterruption(_ check: (@Sendable () -> Bool)?) { self.check = check }

    func frame(columns: Int, rows: Int, motion: MotionState, full: Bool) -> [UInt8] {
        let end = clock.time + seconds
        while clock.time < end {
            clock.time += 0.01
            if check?() == true {
                lastFrameAbandoned = true
                return []
            }
        }
        lastFrameAbandoned = false
        framesFinished += 1
        return Array("<frame \(framesFinished)>".utf8)
    }

    /// A 2x2 picture of the last frame, or nil when it was abandoned (its pixels are gone).
    func lastFrameImage() -> Image? {
        lastFrameAbandoned || framesFinished == 0
            ? nil : Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 12))
    }
}

/// Long frames in the run loop (`FrameInterrupt`): quit keys and signals end a frame at
/// once; other keys end one that is at least 0.1 s old, never two in a row.
@Suite struct LongFrameTests {
    static func session(
        _ terminal: ScriptedTerminal, _ renderer: LongFrames, clock: FakeClock,
        signals: @escaping () -> [Int32] = { [] }, signalsPending: @escaping () -> Bool = { false }
    ) -> ViewerSession {
        ViewerSession(
            terminal: terminal, renderer: renderer, config: ViewerConfig(scene: ViewerLoopTests.ball), clock: clock,
            signals: signals, signalsPending: signalsPending)
    }

    /// When the write holding frame `n` happened (seconds after the start), if it did.
    static func time(ofFrame n: Int, in t: ScriptedTerminal) -> Double? {
        zip(t.writes, t.writeTimes).first { String(decoding: $0.0, as: UTF8.self).contains("<frame \(n)>") }?.1
    }

    @Test func qDuringALongFrameQuitsBeforeTheFrameEnds() {
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [.key("q", at: 1.0)])
        let r = LongFrames(clock: clock, seconds: 30)
        let s = Self.session(t, r, clock: clock)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil)
        #expect(clock.time - t.start < 1.1, "quit at \(clock.time - t.start) s of a 30 s frame")
        #expect(r.framesFinished == 0)
        #expect(s.framesAbandoned == 1)
        #expect(!t.text.contains("<frame"), "a frame was written")
    }

    @Test func escapeDuringALongFrameQuitsToo() {
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [.init(at: 0.05, .key(27))])
        let r = LongFrames(clock: clock, seconds: 30)
        let s = Self.session(t, r, clock: clock)
        // A quit key ends even a frame younger than 0.1 s.
        #expect(s.run() == 0)
        #expect(clock.time - t.start < 0.1)
        #expect(r.framesFinished == 0)
    }

    @Test func sigtermDuringALongFrameEndsTheLoopBeforeTheFrameEnds() {
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [])
        let r = LongFrames(clock: clock, seconds: 30)
        let due = { clock.time >= t.start + 1.0 }
        let s = Self.session(t, r, clock: clock, signals: { due() ? [SIGTERM] : [] }, signalsPending: due)
        #expect(s.run() == 128 + SIGTERM)
        #expect(clock.time - t.start < 1.1, "ended at \(clock.time - t.start) s of a 30 s frame")
        #expect(r.framesFinished == 0)
        #expect(s.framesAbandoned == 1)
    }

    @Test func aKeyAbandonsALongFrameOnceThenTheFrameAfterItIsDrawn() {
        let clock = FakeClock()
        let t = ScriptedTerminal(clock: clock, steps: [.init(at: 1.0, .key(261)), .key("q", at: 8.5)])
        let r = LongFrames(clock: clock, seconds: 3)
        let s = Self.session(t, r, clock: clock)
        #expect(s.run() == 0)
        // The first frame (from 0) gave way to Right at 1.0; the next, begun at once with
        // the spin it asked for, was drawn to its end; so was the one after; the fourth
        // gave way to q.
        let first = Self.time(ofFrame: 1, in: t)
        #expect(first.map { $0 > 3.9 && $0 < 4.2 } == true, "first frame written at \(String(describing: first))")
        #expect(t.text.contains("swipe right"))
        #expect(r.framesFinished == 2)
        #expect(s.framesAbandoned == 2)
        #expect(clock.time - t.start < 8.6)
    }

    @Test func holdingAKeyDuringLongFramesStillDrawsEveryOtherFrame() {
        let clock = FakeClock()
        // Right repeated every 50 ms for 11.5 s, as a held key repeats.
        var steps = (0..<230).map { ScriptedTerminal.Step(at: 0.5 + Double($0) * 0.05, .key(261)) }
        steps.append(.key("q", at: 12.5))
        let t = ScriptedTerminal(clock: clock, steps: steps)
        let r = LongFrames(clock: clock, seconds: 2)
        let s = Self.session(t, r, clock: clock)
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil)
        // 2 s frames in 12 s, each abandoned one followed by one drawn whole.
        #expect(r.framesFinished >= 4, "\(r.framesFinished) frames drawn, \(s.framesAbandoned) abandoned")
        #expect(s.framesAbandoned <= r.framesFinished + 2)
    }

    @Test func sDuringALongFrameSavesTheNextWholeFrame() throws {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            columns: 120, rows: 12, clock: clock,
            steps: [.key("s", at: 1.0), .key("q", at: 5.0, when: { $0.contains("saved ") })])
        let r = LongFrames(clock: clock, seconds: 2)
        let s = Self.session(t, r, clock: clock)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-long-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        s.screenshotFolder = folder
        #expect(s.run() == 0)
        #expect(t.gaveUp == nil, "\(t.gaveUp ?? "")")
        // The first frame gave way to s; the picture saved is the frame drawn after it.
        #expect(s.framesAbandoned >= 1)
        let note = try #require(s.hudNote)
        #expect(note.hasPrefix("saved \(folder)/orbit-") && note.hasSuffix(".png"), "\(note)")
        #expect(!t.text.contains("no frame yet"))
    }

    @Test func aShortFrameIsNotAbandonedForAKey() {
        let clock = FakeClock()
        let t = ScriptedTerminal(
            clock: clock, steps: [.init(at: 1.0, .key(261)), .init(at: 1.52, .key(260)), .key("q", at: 2.0)])
        let r = LongFrames(clock: clock, seconds: 0.05)
        let s = Self.session(t, r, clock: clock)
        #expect(s.run() == 0)
        // Only q may end a frame early: the arrows waited for frames younger than 0.1 s.
        #expect(s.framesAbandoned <= 1)
        #expect(r.framesFinished > 10)
    }
}
