import Testing

@testable import Viewer

@Suite struct FramePacing {
    @Test func framesAreDueOnePeriodApart() {
        var p = FramePacer(fps: 20, start: 100)
        #expect(p.isDue(100))
        p.frameDone(at: 100.01)
        #expect(!p.isDue(100.04))
        #expect(abs(p.wait(from: 100.04) - 0.01) < 1e-9)
        #expect(p.isDue(100.05))
        #expect(p.dropped == 0)
    }

    @Test func aLateLoopDropsFramesInsteadOfCatchingUp() {
        var p = FramePacer(fps: 10, start: 0)
        p.frameDone(at: 0.35)  // slots at 0.1, 0.2, 0.3 missed
        #expect(p.dropped == 3)
        #expect(abs(p.nextDue - 0.4) < 1e-9)
        #expect(!p.isDue(0.36))
    }

    @Test func theFrameRateIsClamped() {
        #expect(FramePacer(fps: 0, start: 0).period == 1)
        #expect(abs(FramePacer(fps: 10_000, start: 0).period - 1.0 / 240) < 1e-12)
    }

    @Test func theRateMeterCountsEventsPerSecond() {
        var m = RateMeter(window: 1)
        for i in 0...30 { m.record(Double(i) / 30) }
        #expect(abs(m.rate(at: 1) - 30) < 1e-9)
        #expect(m.rate(at: 5) == 0)
    }

    @Test func theRateIsRightFromTheFirstFramesAfterARest() {
        var m = RateMeter(window: 1)
        m.record(0)
        m.record(0.5)
        // Still for ten seconds, then motion at 30 frames per second.
        m.restart(at: 10)
        for i in 1...3 { m.record(10 + Double(i) / 30) }
        #expect(abs(m.rate(at: 10.1) - 30) < 1e-6)
    }
}
