import Testing

@testable import OrbitCLI

/// Command lines found by the `fuzz-args` target (Fuzz/, docs/RELIABILITY.md): error
/// messages quoted arguments verbatim, so a control character in an argument split the
/// one-line message or sent a terminal escape to standard error.
@Suite struct ArgumentParserFuzzFindings {
    /// The message a rejected command line gives, or nil when it parses.
    func message(_ arguments: [String]) -> CLIError? {
        do {
            _ = try ArgumentParser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func theFuzzerReproducerGivesAOneLineMessageWithTheControlCharacterSpelledOut() throws {
        // fuzz-args input (NUL-separated): apollonian \0 export\x04--level \0 4 \0 --decimals ...
        let input: [UInt8] = Array(
            "apollonian\0export\u{04}--level\04\0--decimals\06\0--all\0--radius\02\0--output\0-".utf8)
        let arguments = input.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let error = try #require(message(arguments))
        #expect(
            error.description
                == #"orbit: unknown command 'apollonian export\u{4}--level': 'apollonian' takes "#
                + #"export, stats, or viewer options (see 'orbit --help')"#
        )
        #expect(error.status == 2)
    }

    @Test(arguments: [
        ["--glyphs", "ascii\n--colors"],
        ["render", "--size", "80x24\u{1B}[2J"],
        ["--zoom", "\r2"],
        ["bench", "--frames=\u{7F}"],
        ["--no-such-option\u{1B}]0;title\u{07}"],
        ["render", "a.obj", "b\tc.obj"],
    ])
    func everyRejectedArgumentIsQuotedWithoutControlCharacters(arguments: [String]) throws {
        let error = try #require(message(arguments))
        let controls = error.description.unicodeScalars.filter { $0.value < 0x20 || $0.value == 0x7F }
        #expect(controls.isEmpty, "\(error.description.debugDescription)")
        #expect(error.description.contains(#"\u{"#))
        #expect(error.status == 2)
    }

    @Test func visibleSpellsOutOnlyControlCharacters() {
        #expect(ArgumentParser.visible("a\u{0}b\u{1F}c\u{7F}é→") == #"a\u{0}b\u{1F}c\u{7F}é→"#)
    }
}
