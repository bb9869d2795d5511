import Escapes

/// The HUD at the bottom of the screen:
/// ` 30 fps | 960 tris | blocks | 256 | swipe right -> spin Y +4 deg/tick | h: help`.
///
/// It fits any width: when the whole text is too wide, the least important parts go
/// first (start-up hint, triangle count, detail note, glyph set, dither note, colour depth,
/// help hint, scene label, frame rate), and a long scene label is shortened (ending in `…`)
/// before it goes;
/// the gesture -> motion text always stays, on a second line when it alone is wider than
/// the screen and there is room. Widths are counted in terminal cells, so wide (CJK)
/// names never overflow the row.
struct StatusLine: Equatable {
    /// `30 fps` while drawing, `paused` or `still` when nothing moves on its own.
    var rate: String
    /// Triangles in the scene.
    var triangles: Int
    /// Glyph set name.
    var glyphs: String
    /// Colour depth name.
    var colors: String
    /// Scene label such as `level 7 (6635 of 9,000 drawn)`, if any.
    var label: String?
    /// Which detail a big model is drawn in (`turning: 1,200 tris shown`), if any.
    var detail: String?
    /// What the last gesture did.
    var gesture: String
    /// A short note, such as where the last screenshot went; shown after the gesture.
    var note: String?
    /// `--dither: no effect` when dithering was asked for and the current glyph set,
    /// colours or graphics cannot show it; else nil.
    var dither: String?
    /// The status line's words for `--dither` given where it cannot show.
    static let ditherIgnored = "--dither: no effect"
    /// Advice from start-up detection (how to get pixels or true colour), shown last and
    /// only where the whole line has room for it: the first part to go.
    var hint: String?

    /// A status line; `fps` nil means nothing moves (`paused` when `paused`, else `still`).
    init(
        fps: Int?, paused: Bool = false, triangles: Int, glyphs: String, colors: String, label: String?,
        detail: String? = nil, gesture: String, note: String? = nil, hint: String? = nil, dither: String? = nil
    ) {
        rate = fps.map { "\($0) fps" } ?? (paused ? "paused" : "still")
        self.triangles = triangles
        self.glyphs = glyphs
        self.colors = colors
        self.label = label
        self.detail = detail
        self.gesture = gesture
        self.note = note
        self.hint = hint
        self.dither = dither
    }

    /// The parts in display order, each with its importance (higher stays longer).
    private var parts: [(text: String, importance: Int)] {
        var p: [(String, Int)] = [(rate, 5), ("\(Self.grouped(triangles)) tris", 0), (glyphs, 1), (colors, 2)]
            .filter { !$0.0.isEmpty }
        if let d = dither, !d.isEmpty { p.append((d, 1)) }
        if let l = label, !l.isEmpty { p.append((l, Self.labelImportance)) }
        if let d = detail, !d.isEmpty { p.append((d, 0)) }
        p.append((gesture, Int.max))
        if let n = note, !n.isEmpty { p.append((n, 6)) }
        p.append(("h: help", 3))
        if let h = hint, !h.isEmpty { p.append((h, -1)) }
        return p
    }

    private static let labelImportance = 4
    /// A label is shortened, not dropped, while this many cells of it still fit.
    private static let shortestLabel = 12

    /// The whole text, before fitting to a width.
    var text: String { Self.join(parts.map(\.text)) }

    private static func join(_ parts: [String]) -> String { " " + parts.joined(separator: " | ") }

    /// The HUD rows for a screen `columns` wide (each `columns - 1` cells: the last cell is
    /// left alone so no terminal scrolls), at most `maxLines` of them.
    func lines(columns: Int, maxLines: Int = 1) -> [String] {
        let width = max(0, columns - 1)
        var kept = parts
        while CellWidth.of(Self.join(kept.map(\.text))) > width,
            let least = kept.indices.filter({ kept[$0].importance != Int.max }).min(by: {
                kept[$0].importance < kept[$1].importance
            })
        {
            let over = CellWidth.of(Self.join(kept.map(\.text))) - width
            let text = kept[least].text
            let room = CellWidth.of(text) - over - 1
            if kept[least].importance == Self.labelImportance, room >= Self.shortestLabel {
                kept[least].text = CellWidth.prefix(text, fitting: room).text + "…"
            } else {
                kept.remove(at: least)
            }
        }
        let line = Self.join(kept.map(\.text))
        if CellWidth.of(line) <= width || maxLines < 2 { return [CellWidth.fit(line, to: width)] }
        // The gesture text alone is wider than the screen: wrap it at a space.
        let (head, cells) = CellWidth.prefix(line, fitting: width)
        var cut = head
        if cells == width, let space = head.lastIndex(of: " "), space > head.startIndex {
            cut = String(head[..<space])
        }
        let tail = String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(cut.unicodeScalars.count)))
        let rest = " " + tail.drop { $0 == " " }
        return [CellWidth.fit(cut, to: width), CellWidth.fit(String(rest), to: width)]
    }

    /// HUD rows on a screen of `columns` x `rows`: two on narrow screens with room to spare
    /// (so a long gesture text wraps instead of being cut), else one.
    static func lineCount(columns: Int, rows: Int) -> Int {
        columns < 48 && rows >= 12 ? 2 : 1
    }

    /// The bytes that draw the HUD in reverse video, its last row on `row`, fitted to `columns`.
    func render(row: Int, columns: Int, lines count: Int = 1) -> String {
        let rows = lines(columns: columns, maxLines: count)
        var out = ""
        for (i, line) in rows.enumerated() {
            out += ANSI.move(row: row - (rows.count - 1) + i, column: 0) + ANSI.reverse + line + ANSI.reset
        }
        // A one-line text on a two-line HUD: the upper row is blanked.
        if rows.count < count {
            out =
                ANSI.move(row: row - 1, column: 0) + ANSI.reverse + CellWidth.fit("", to: max(0, columns - 1))
                + ANSI.reset + out
        }
        return out
    }

    /// `text` cut or padded with spaces to exactly `width` cells.
    static func fit(_ text: String, to width: Int) -> String { CellWidth.fit(text, to: width) }

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
