import Testing

@testable import Viewer

@Suite struct OutputFigures {
    @Test func fullRepaintsAreCountedApartFromIncrementalFrames() {
        var s = OutputStats()
        s.record(bytes: 50_000, writes: 1, full: true)
        s.record(bytes: 1000, writes: 1, full: false)
        s.record(bytes: 3000, writes: 2, full: false)
        #expect(
            s.summary(skipped: 4)
                == "viewer stats: frames 2 bytes_per_frame 2000 writes_per_frame 1.5 max_writes 2 "
                + "full_repaints 1 full_bytes 50000 skipped 4"
        )
    }
}
