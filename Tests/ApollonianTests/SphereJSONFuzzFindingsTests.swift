import Testing

@testable import Apollonian

/// Inputs found by the `fuzz-spheres` target (Fuzz/, docs/RELIABILITY.md): a key is
/// quoted in error messages after its escapes are decoded, so `"9\n"` as a key split the
/// one-line message, and a long key made a message as long as the input.
@Suite struct SphereJSONFuzzFindings {
    /// The problem text `decode` reports for `text`, or nil when it decodes.
    func problem(_ text: String) -> String? {
        do {
            _ = try SphereJSON.decode(text, source: "fuzz.json")
            return nil
        } catch let PackingError.badRecords(source, problem) {
            #expect(source == "fuzz.json")
            return problem
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func theFuzzerReproducerGivesAOneLineMessageWithTheEscapeSpelledOut() throws {
        // fuzz-spheres crash input, byte for byte (the key is "9\n" once decoded).
        let reproducer = #"[ {"9\n" e9\n""Y"; -2.Rad e9\n" e9\n"}]} ]"# + "\n"
        let text = try #require(problem(reproducer))
        #expect(text == #"record 1: expected ':' after "9\u{A}""#)
    }

    @Test(arguments: [
        #"[{"\u001b[2J":1}]"#,
        #"[{"a\r\nb" 1}]"#,
        #"[{"X":0,"Y":0,"Z":0,"R":1,"L":1,"\t\u007f":[}]"#,
    ])
    func decodedKeysAreQuotedWithoutControlCharacters(json: String) throws {
        let text = try #require(problem(json))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text.debugDescription)")
    }

    @Test func aHugeKeyGivesAMessageOfAtMostTwoHundredCharacters() throws {
        let text = try #require(problem("[{\"" + String(repeating: "k", count: 100_000) + "\" 1}]"))
        #expect(text.count == RecordParser.maxProblemLength)
        #expect(text.hasPrefix("record 1: expected ':' after \"kkk") && text.hasSuffix("..."))
    }
}
