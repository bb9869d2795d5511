/// A small 8x16 bitmap font: the ASCII glyphs the encoders emit (`hex`: the ramp and
/// `| _ / \`) and the rest of printable ASCII (`textHex`), for pictures of cell grids.
///
/// Made by rendering DejaVu Sans Mono at 64 px, box-filtering each glyph's 39x76 cell down to
/// 8x16 and keeping pixels above 45% coverage (40% for `;` and `@`, which break up at 45%).
/// Each glyph is 16 rows, top to bottom, one byte per row, most significant bit on the left.
enum BitmapFont {
    static let width = 8
    static let height = 16

    static let hex: [Unicode.Scalar: String] = [
        ".": "00000000000000000000101818000000",
        ":": "00000000000018180000101818000000",
        ";": "00000000000018180000181818100000",
        "*": "0000001076183C100000000000000000",
        "+": "0000000000181818FE18181800000000",
        "?": "0000183C06060C181010001010000000",
        "x": "000000000042243C18182C6642000000",
        "o": "00000000003C6642424242663C000000",
        "a": "00000000007C06023E42466E3A000000",
        "d": "00000202023E66464646466638000000",
        "#": "0000001212367F242CFE684840000000",
        "@": "0000001C2243CF93919193DF40301C00",
        "|": "00001018181818181818181818181810",
        "_": "000000000000000000000000000000FF",
        "/": "00000006040C08181030202040400000",
        "\\": "000000406020301018080C0404020000",
    ]

    /// Rows of `glyph` (16 bytes), or `nil` when the font does not have it.
    static func rows(of glyph: Unicode.Scalar) -> [UInt8]? { decoded[glyph] }

    static let decoded: [Unicode.Scalar: [UInt8]] = hex.merging(textHex) { own, _ in own }.mapValues { s in
        let chars = Array(s.utf8)
        return stride(from: 0, to: chars.count - 1, by: 2).map { i in
            UInt8(nibble(chars[i]) << 4 | nibble(chars[i + 1]))
        }
    }

    private static func nibble(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        default: 0
        }
    }
}
