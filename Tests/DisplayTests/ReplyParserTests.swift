import Display
import Testing

@Suite struct ReplyParsing {
    func events(_ s: String) -> [ReplyParser.Event] {
        var p = ReplyParser()
        return p.feed(Array(s.utf8)) + p.finish()
    }

    @Test func keysAroundAnswersStayInput() {
        let e = events("ab\u{1B}[?62;c" + "q")
        #expect(e == [.input(Array("ab".utf8)), .reply(.deviceAttributes([62])), .input(Array("q".utf8))])
    }

    @Test func arrowKeysAndAltKeysAreInput() {
        #expect(events("\u{1B}[A") == [.input([0x1B, 0x5B, 0x41])])
        #expect(events("\u{1B}x") == [.input([0x1B, 0x78])])
        #expect(events("\u{1B}") == [.input([0x1B])])
    }

    @Test func controlStringsOfAnyKindAreAnswers() {
        #expect(events("\u{1B}]11;rgb:0000/0000/0000\u{07}") == [.reply(.other)])
        #expect(
            events("\u{1B}_Gi=7;ENOENT:no such file\u{1B}\\") == [
                .reply(.kittyGraphics(id: 7, message: "ENOENT:no such file"))
            ])
        #expect(events("\u{1B}P1+r5463=31\u{1B}\\") == [.reply(.capability(valid: true, name: "Tc"))])
        #expect(events("\u{1B}[0n") == [.reply(.statusOK)])
    }

    @Test func anAnswerSplitAtEveryByteIsStillOneAnswer() {
        var p = ReplyParser()
        var out: [ReplyParser.Event] = []
        for b in Array("\u{1B}[?1;0;256S".utf8) {
            out += p.feed([b])
            #expect(out.isEmpty || b == 0x53)
        }
        #expect(out == [.reply(.graphicsAttribute(item: 1, status: 0, values: [256]))])
    }

    @Test func anOverlongStringIsDroppedWhole() {
        let long = "\u{1B}P" + String(repeating: "x", count: 20_000) + "\u{1B}\\z"
        #expect(events(long) == [.reply(.other), .input([0x7A])])
    }

    @Test func queriesEndWithTheSentinelAndWrapForTmux() {
        let bytes = TerminalQueries.bytes(TerminalQueries.Plan(kittyFile: "/tmp/tty-graphics-protocol-x"))
        #expect(bytes.suffix(3) == Array("\u{1B}[c".utf8))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("a=q,t=d,f=24;AAAA"))
        #expect(text.contains("t=t,f=24;" + Base64.encode(Array("/tmp/tty-graphics-protocol-x".utf8))))
        #expect(
            TerminalQueries.tmuxWrapped("\u{1B}_Ga=q\u{1B}\\") == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=q\u{1B}\u{1B}\\\u{1B}\\")
        #expect(TerminalQueries.unhex(TerminalQueries.hex("RGB")) == "RGB")
    }

    @Test func base64MatchesTheRFCVectors() {
        for (plain, encoded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
        }
    }
}
