import Testing

@testable import Viewer

@Suite struct LinkMeterTests {
    @Test func framesThatWaitedBehindEarlierOnesMeasureTheLink() {
        var m = LinkMeter()
        // 100 KB frames on a 1 MB/s link, sent two at a time: answers 0.1 s apart.
        m.frameSent(bytes: 100_000, at: 0)
        m.frameSent(bytes: 100_000, at: 0.01)
        #expect(m.answerReceived(at: 0.12) == nil)  // the first went into an idle link
        m.frameSent(bytes: 100_000, at: 0.12)
        let rate = m.answerReceived(at: 0.22)
        #expect(rate.map { abs($0 - 1_000_000) < 1 } == true, "\(String(describing: rate))")
    }

    @Test func framesIntoAnIdleLinkMeasureNothing() {
        var m = LinkMeter()
        for i in 0..<10 {
            // Each answered (after a long round trip) before the next goes out.
            m.frameSent(bytes: 10_000, at: Double(i))
            #expect(m.answerReceived(at: Double(i) + 0.3) == nil)
        }
        #expect(m.bytesPerSecond == nil)
    }

    @Test func forgottenFramesAreNotMatchedToLaterAnswers() {
        var m = LinkMeter()
        m.frameSent(bytes: 500_000, at: 0)
        m.frameSent(bytes: 500_000, at: 0)
        m.forgetPending()
        #expect(m.answerReceived(at: 5) == nil)
        #expect(m.bytesPerSecond == nil)
    }
}
