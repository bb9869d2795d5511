import Display
import Gestures
import Testing

/// The one decoder of terminal input (`InputDecoder`): only a lone Esc is Esc, unfinished
/// sequences time out as Alt+key and give back the keys after them, complete unknown
/// sequences are ignored, answers are recognised across reads.
@Suite struct InputDecoding {
    /// Feeds `text` at time 0, then lets every deadline pass.
    func events(_ text: String) -> [InputDecoder.Event] {
        var d = InputDecoder()
        return d.feed(Array(text.utf8), at: 0) + d.expire(at: 100)
    }

    func bytes(_ text: String) -> [InputDecoder.Event] { text.utf8.map { .byte($0) } }

    @Test func onlyALoneEscIsTheEscKey() {
        var d = InputDecoder()
        #expect(d.feed([0x1B], at: 0).isEmpty)
        #expect(d.expire(at: 0.1).isEmpty, "decided before the Esc time-out")
        #expect(d.expire(at: 0.31) == [.escape])
        #expect(!d.isInsideSequence)
    }

    @Test func escFollowedAtOnceByAnAnswerIsStillEsc() {
        #expect(events("\u{1B}\u{1B}[0n") == [.escape, .reply(.statusOK)])
    }

    @Test func altKeysAreIgnoredNotEscThenKey() {
        #expect(events("\u{1B}q") == [])
        #expect(events("\u{1B}qa") == bytes("a"))
    }

    @Test(
        "A control string that never ends times out as Alt+key; later keys are keys",
        arguments: ["]", "P", "_", "^", "X"])
    func unterminatedControlStringGivesBackTheKeys(introducer: String) {
        var d = InputDecoder()
        #expect(d.feed(Array("\u{1B}\(introducer)".utf8), at: 0).isEmpty)
        #expect(d.feed(Array("rq".utf8), at: 0.2).isEmpty)
        #expect(d.expire(at: 0.4).isEmpty)
        #expect(d.expire(at: 0.6).isEmpty)
        #expect(!d.isInsideSequence)
        // Keys typed later are keys.
        #expect(d.feed(Array("q".utf8), at: 5) == bytes("q"))
    }

    @Test func aControlStringTypedIntoForeverStillEndsWithinItsTime() {
        var d = InputDecoder()
        _ = d.feed(Array("\u{1B}]".utf8), at: 0)
        var t = 0.0
        var out: [InputDecoder.Event] = []
        while t < 3 {
            t += 0.1
            out += d.feed([0x61], at: t)
            out += d.expire(at: t)
        }
        #expect(out.count >= 15, "keys typed after the string's time are keys: \(out.count)")
    }

    @Test(
        "Complete sequences Orbit does not know are ignored",
        arguments: [
            "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[I", "\u{1B}[O", "\u{1B}[97;5u", "\u{1B}[57376u", "\u{1B}[1;2P",
            "\u{1B}[25~", "\u{1B}[29~", "\u{1B}[H", "\u{1B}[F", "\u{1B}OH", "\u{1B}OF", "\u{1B}[12;40R",
            "\u{1B}[>1;4000;0c", "\u{1B}[1;5A", "\u{1B}OP",
        ])
    func unknownCompleteSequencesAreIgnored(sequence: String) {
        #expect(events(sequence + "x") == bytes("x"), "\(Array(sequence.utf8))")
    }

    @Test func arrowsInBothForms() {
        #expect(
            events("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}[1D") == [.arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left)])
    }

    @Test func theStatusAnswerSplitAcrossReadsIsRecognised() {
        var d = InputDecoder()
        #expect(d.feed([0x1B], at: 0).isEmpty)
        #expect(d.expire(at: 0.06).isEmpty)
        #expect(d.feed(Array("[0n".utf8), at: 0.06) == [.reply(.statusOK)])
        #expect(d.feed(Array("\u{1B}[?62;".utf8), at: 1).isEmpty)
        #expect(d.feed(Array("4c".utf8), at: 1.05) == [.reply(.deviceAttributes([62, 4]))])
    }

    @Test func mouseReportsInSGRAndX10Forms() {
        #expect(
            events("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<0;11;5m\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [
                .mouse(.pressed, column: 9, row: 4), .mouse(.moved, column: 10, row: 4),
                .mouse(.released, column: 10, row: 4), .mouse(.scrollUp, column: 0, row: 0),
                .mouse(.scrollDown, column: 0, row: 0),
            ])
        let x10: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4, 0x1B, 0x5B, 0x4D, 35, 33, 33]
        var d = InputDecoder()
        #expect(d.feed(x10, at: 0) == [.mouse(.pressed, column: 9, row: 4), .mouse(.released, column: 0, row: 0)])
    }

    @Test func typeAheadOfAnyLengthComesThrough() {
        let typed = String(repeating: "ab", count: 5000) + "q"
        #expect(events(typed) == bytes(typed))
    }

    @Test func whatIsKeptIsBounded() {
        var d = InputDecoder()
        _ = d.feed(Array("\u{1B}P".utf8), at: 0)
        _ = d.feed([UInt8](repeating: 0x61, count: 100_000), at: 0)
        #expect(d.feed(Array("\u{1B}\\".utf8), at: 0) == [.reply(.other)])
        #expect(events("\u{1B}[" + String(repeating: "1;", count: 100) + "qx") == bytes("x"))
    }
}
