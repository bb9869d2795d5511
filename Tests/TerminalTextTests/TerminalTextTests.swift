import TerminalText
import Testing

@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain name.obj", "plain name.obj"),
        ("a\u{1B}]0;pwned\u{7}b", #"a\u{1B}]0;pwned\u{7}b"#),
        ("csi\u{9B}2J", #"csi\u{9B}2J"#),
        ("osc\u{9D}0;x\u{9C}", #"osc\u{9D}0;x\u{9C}"#),
        ("line\nbreak\r", #"line\u{A}break\u{D}"#),
        ("nul\u{0}del\u{7F}c1-first\u{80}", #"nul\u{0}del\u{7F}c1-first\u{80}"#),
        ("après → 日本", "après → 日本"),
        ("\u{A0}no-break space stays", "\u{A0}no-break space stays"),
    ])
    func controlCharactersBecomeVisibleText(input: String, shown: String) {
        #expect(TerminalText.visible(input) == shown)
    }

    @Test func nothingAFilterPassesCanReachTheTerminalAsAControl() {
        // Every scalar from U+0000 to U+00FF: what comes out holds no C0, DEL or C1 control.
        let all = String(String.UnicodeScalarView((0...0xFF).compactMap(Unicode.Scalar.init)))
        let out = TerminalText.visible(all)
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        // Idempotent: showing shown text again changes nothing.
        #expect(TerminalText.visible(out) == out)
    }

    @Test func aLineIsCutAtItsLimitAfterTheControlsAreMadeVisible() {
        let long = String(repeating: "x", count: 300)
        #expect(TerminalText.line(long).count == 200)
        #expect(TerminalText.line(long).hasSuffix("..."))
        // Never cut inside a \u{XX}.
        #expect(TerminalText.line("\u{1B}\u{1B}", limit: 10) == #"\u{1B}..."#)
        #expect(TerminalText.line("short") == "short")
    }
}
