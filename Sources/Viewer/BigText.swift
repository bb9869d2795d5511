/// Words in letters five rows tall, for captions read from across the room (`orbit demo`):
/// each letter is 5 x 5 cells drawn with full blocks (`#` outside UTF-8), one blank column
/// between letters.
enum BigText {
    /// Rows of each letter, top to bottom; `X` is ink.
    static let letters: [Character: [String]] = [
        "A": [" XXX ", "X   X", "XXXXX", "X   X", "X   X"],
        "C": [" XXXX", "X    ", "X    ", "X    ", " XXXX"],
        "D": ["XXXX ", "X   X", "X   X", "X   X", "XXXX "],
        "E": ["XXXXX", "X    ", "XXXX ", "X    ", "XXXXX"],
        "F": ["XXXXX", "X    ", "XXXX ", "X    ", "X    "],
        "G": [" XXXX", "X    ", "X  XX", "X   X", " XXXX"],
        "H": ["X   X", "X   X", "XXXXX", "X   X", "X   X"],
        "I": ["XXXXX", "  X  ", "  X  ", "  X  ", "XXXXX"],
        "K": ["X   X", "X  X ", "XXX  ", "X  X ", "X   X"],
        "L": ["X    ", "X    ", "X    ", "X    ", "XXXXX"],
        "M": ["X   X", "XX XX", "X X X", "X   X", "X   X"],
        "N": ["X   X", "XX  X", "X X X", "X  XX", "X   X"],
        "O": [" XXX ", "X   X", "X   X", "X   X", " XXX "],
        "P": ["XXXX ", "X   X", "XXXX ", "X    ", "X    "],
        "R": ["XXXX ", "X   X", "XXXX ", "X  X ", "X   X"],
        "S": [" XXXX", "X    ", " XXX ", "    X", "XXXX "],
        "T": ["XXXXX", "  X  ", "  X  ", "  X  ", "  X  "],
        "U": ["X   X", "X   X", "X   X", "X   X", " XXX "],
        "V": ["X   X", "X   X", "X   X", " X X ", "  X  "],
        "W": ["X   X", "X   X", "X X X", "XX XX", "X   X"],
        "+": ["     ", "  X  ", "XXXXX", "  X  ", "     "],
        "-": ["     ", "     ", "XXXXX", "     ", "     "],
        " ": ["     ", "     ", "     ", "     ", "     "],
    ]

    /// Rows of the letters.
    static let height = 5

    /// `word` (upper-cased) as five rows, or nil when a letter is missing.
    static func rows(_ word: String, utf8: Bool) -> [String]? {
        let ink = utf8 ? "█" : "#"
        var rows = [String](repeating: "", count: height)
        for (n, c) in word.uppercased().enumerated() {
            guard let glyph = letters[c] else { return nil }
            for r in 0..<height {
                if n > 0 { rows[r] += " " }
                rows[r] += glyph[r].replacingOccurrences(of: "X", with: ink)
            }
        }
        return rows
    }

    /// Cells `word` takes across.
    static func width(_ word: String) -> Int { word.isEmpty ? 0 : word.count * 6 - 1 }
}
