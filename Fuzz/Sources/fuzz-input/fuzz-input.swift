import Display
import FuzzSupport

/// libFuzzer entry for `InputDecoder`, the reader of every byte a terminal sends. The input
/// is a list of reads: a control byte (low 4 bits: 1-16 bytes in the read; high 4 bits: the
/// time since the previous read in 50 ms steps, 0-750 ms) then the read's bytes. Between
/// reads the decoder's time-outs are applied, as the viewer applies them. Checks:
/// - no more events than bytes;
/// - mouse positions are not negative;
/// - after every deadline has passed, nothing is left unfinished;
/// - the same bytes in one read, or one byte a read, all at one moment, give the same events
///   (answers are recognised across read boundaries);
/// - input with no ESC comes out byte for byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzCheck.bytes(data, size)
    var decoder = InputDecoder()
    var events: [InputDecoder.Event] = []
    var stream: [UInt8] = []
    var time = 0.0
    var i = 0
    while i < bytes.count {
        let control = bytes[i]
        let count = Int(control & 15) + 1
        time += Double(control >> 4) * 0.05
        let read = Array(bytes[min(i + 1, bytes.count)..<min(i + 1 + count, bytes.count)])
        i += 1 + count
        events += decoder.expire(at: time)
        events += decoder.feed(read, at: time)
        stream += read
    }
    events += decoder.expire(at: time + 10)
    FuzzCheck.require(!decoder.isInsideSequence, "a sequence still open after every deadline")
    FuzzCheck.require(events.count <= stream.count, "\(events.count) events from \(stream.count) bytes")
    for case .mouse(_, let column, let row) in events {
        FuzzCheck.require(column >= 0 && row >= 0, "mouse at \(column),\(row)")
    }

    var whole = InputDecoder()
    let once = whole.feed(stream, at: 0) + whole.finish()
    var split = InputDecoder()
    var pieces: [InputDecoder.Event] = []
    for b in stream { pieces += split.feed([b], at: 0) }
    pieces += split.finish()
    FuzzCheck.require(once == pieces, "read boundaries changed the events")
    if !stream.contains(0x1B) {
        FuzzCheck.require(once == stream.map { .byte($0) }, "input without ESC changed")
    }
    return 0
}
