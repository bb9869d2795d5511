import Display
import Testing

@Suite struct ResolutionFollowsTheLink {
    @Test func withoutABudgetFramesStayFullSize() {
        var g = ResolutionGovernor()
        for t in 0..<10 { g.frameSent(bytes: 5_000_000, at: Double(t)) }
        #expect(g.scale == 1)
    }

    @Test func aSlowLinkStepsDownUntilTenFramesFit() {
        // 1 MB/s: 100 KB per frame. Bytes fall with the pixel count (scale squared).
        var g = ResolutionGovernor()
        g.linkMeasured(bytesPerSecond: 1_000_000, at: 0)
        var t = 0.0
        for _ in 0..<40 {
            g.frameSent(bytes: Int(380_000 * g.scale * g.scale), at: t)
            t += 0.05
        }
        #expect(g.scale == 0.5)
        #expect(380_000 * g.scale * g.scale <= 100_000)
    }

    @Test func maxKbpsCapsAndAFasterLinkStepsBackUp() {
        var g = ResolutionGovernor(maxBytesPerSecond: 8000 * 1000 / 8)
        var t = 0.0
        for _ in 0..<20 {
            g.frameSent(bytes: Int(300_000 * g.scale * g.scale), at: t)
            t += 0.1
        }
        #expect(g.scale < 1)
        var h = ResolutionGovernor()
        h.linkMeasured(bytesPerSecond: 200_000, at: 0)
        for _ in 0..<20 { h.frameSent(bytes: Int(300_000 * h.scale * h.scale), at: 0.5) }
        let low = h.scale
        h.linkMeasured(bytesPerSecond: 50_000_000, at: 1)
        for _ in 0..<40 { h.frameSent(bytes: Int(300_000 * h.scale * h.scale), at: 1.5) }
        #expect(low < 0.5 && h.scale == 1)
    }
}
