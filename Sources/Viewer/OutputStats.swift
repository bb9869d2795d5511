/// What the viewer sent to the terminal: frames, bytes and write(2) calls, with the full
/// repaints (first frame, resizes) counted apart from the incremental frames.
struct OutputStats: Equatable {
    /// Incremental frames sent (not full repaints).
    private(set) var frames = 0
    /// Bytes of the incremental frames.
    private(set) var bytes = 0
    /// write(2) calls of the incremental frames.
    private(set) var writes = 0
    /// The most write calls one frame needed.
    private(set) var maxWrites = 0
    /// Full repaints sent, and their bytes.
    private(set) var fullFrames = 0
    private(set) var fullBytes = 0

    /// Records one frame sent with `bytes` bytes in `writes` calls.
    mutating func record(bytes: Int, writes: Int, full: Bool) {
        maxWrites = max(maxWrites, writes)
        if full {
            fullFrames += 1
            fullBytes += bytes
        } else {
            frames += 1
            self.bytes += bytes
            self.writes += writes
        }
    }

    /// One line: `viewer stats: frames 300 bytes_per_frame 9876 writes_per_frame 1.00 ...`.
    func summary(skipped: Int) -> String {
        let perFrame = frames > 0 ? bytes / frames : 0
        let writesPerFrame = frames > 0 ? Double(writes) / Double(frames) : 0
        let w = (writesPerFrame * 100).rounded() / 100
        return
            "viewer stats: frames \(frames) bytes_per_frame \(perFrame) writes_per_frame \(w) max_writes \(maxWrites)"
            + " full_repaints \(fullFrames) full_bytes \(fullBytes) skipped \(skipped)"
    }
}
