import Escapes

/// The one-line HUD at the bottom of the screen:
/// ` 30 fps | 960 tris | blocks | 256 | swipe right -> spin Y +4 deg/tick | h: help`.
struct StatusLine: Equatable {
    /// Frames drawn per second, rounded.
    var fps: Int
    /// Triangles in the scene.
    var triangles: Int
    /// Glyph set name.
    var glyphs: String
    /// Colour depth name.
    var colors: String
    /// Scene label such as `level 7 (6635 spheres)`, if any.
    var label: String?
    /// What the last gesture did.
    var gesture: String

    /// The text, before fitting to the width.
    var text: String {
        var parts = ["\(fps) fps", "\(Self.grouped(triangles)) tris", glyphs, colors]
        if let l = label, !l.isEmpty { parts.append(l) }
        parts.append(gesture)
        parts.append("h: help")
        return " " + parts.joined(separator: " | ")
    }

    /// The bytes that draw the line in reverse video on `row`, cut or padded to
    /// `columns - 1` cells (the last cell is left alone so no terminal scrolls).
    func render(row: Int, columns: Int) -> String {
        ANSI.move(row: row, column: 0) + ANSI.reverse + Self.fit(text, to: max(0, columns - 1)) + ANSI.reset
    }

    /// `text` cut or padded with spaces to exactly `width` characters.
    static func fit(_ text: String, to width: Int) -> String {
        let chars = Array(text)
        if chars.count >= width { return String(chars.prefix(width)) }
        return text + String(repeating: " ", count: width - chars.count)
    }

    /// 12345 as `12,345`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(abs(n)))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }
}
