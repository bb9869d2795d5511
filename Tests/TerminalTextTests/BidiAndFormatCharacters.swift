import TerminalText
import Testing

/// Bidi and other format characters change how the text around them is shown (U+202E
/// turns `gpj.exe` into what reads as `exe.jpg`): they are escaped like controls.
@Suite struct BidiAndFormatCharacters {
    @Test(arguments: [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E,  // embeddings and overrides
        0x2066, 0x2067, 0x2068, 0x2069,  // isolates
        0x200E, 0x200F, 0x061C,  // marks
        0x200B, 0x2060, 0xFEFF, 0x00AD, 0xE0041, 0xFFF9,  // other Cf
        0x2028, 0x2029,  // line and paragraph separators
    ])
    func aFormatCharacterIsShownAsItsCode(_ value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let name = "model" + String(Character(scalar)) + "gpj.obj"
        let shown = TerminalText.visible(name)
        #expect(shown == "model\\u{\(String(value, radix: 16, uppercase: true))}gpj.obj")
        #expect(TerminalText.isControl(scalar))
    }

    @Test func theJoinersOfEmojiAndScriptsStay() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}.obj"
        #expect(TerminalText.visible(family) == family)
        #expect(TerminalText.visible("\u{0915}\u{094D}\u{200C}\u{0937}") == "\u{0915}\u{094D}\u{200C}\u{0937}")
    }

    @Test func noFormatCharacterOfThePlanesSurvives() {
        // Every scalar of the first two planes and the tag block: none that changes the
        // display but a joiner is left in what is shown, and showing twice changes nothing.
        let scalars =
            (0...0x1FFFF).compactMap(Unicode.Scalar.init) + (0xE0000...0xE007F).compactMap(Unicode.Scalar.init)
        let all = String(String.UnicodeScalarView(scalars))
        let out = TerminalText.visible(all)
        #expect(
            !out.unicodeScalars.contains { s in
                s.value != 0x200C && s.value != 0x200D
                    && [.format, .lineSeparator, .paragraphSeparator].contains(s.properties.generalCategory)
            })
        #expect(TerminalText.visible(out) == out)
    }
}
