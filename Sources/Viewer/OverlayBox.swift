import Escapes

/// A framed box of text drawn over the picture, centred: the help and the message box.
struct OverlayBox: Equatable {
    /// Title in the top border.
    var title: String
    /// The lines inside.
    var lines: [String]

    /// The bytes that draw the box centred in `columns` x `rows` cells (clipped when the
    /// screen is smaller), with box-drawing characters when `utf8`, else `+ - |`.
    func render(columns: Int, rows: Int, utf8: Bool) -> String {
        let inner = max(CellWidth.of(title) + 2, lines.map { CellWidth.of($0) }.max() ?? 0)
        let width = min(inner + 4, columns)
        let height = min(lines.count + 2, rows)
        guard width >= 4, height >= 2 else { return "" }
        let left = (columns - width) / 2
        let top = (rows - height) / 2
        let (h, v, tl, tr, bl, br) = utf8 ? ("─", "│", "┌", "┐", "└", "┘") : ("-", "|", "+", "+", "+", "+")
        let textWidth = width - 4
        var out = ANSI.reset
        let titleText = CellWidth.fit(" \(title) ", to: min(CellWidth.of(title) + 2, width - 2))
        out +=
            ANSI.move(row: top, column: left) + tl + ANSI.bold + titleText + ANSI.reset
            + String(repeating: h, count: width - 2 - CellWidth.of(titleText)) + tr
        for i in 0..<(height - 2) {
            let line = i < lines.count ? lines[i] : ""
            out += ANSI.move(row: top + 1 + i, column: left) + v + " " + CellWidth.fit(line, to: textWidth) + " " + v
        }
        out += ANSI.move(row: top + height - 1, column: left) + bl + String(repeating: h, count: width - 2) + br
        return out
    }

    /// The colour legend (key `l`): one line per colour of the scene shown.
    static func legend(_ lines: [String]) -> OverlayBox {
        OverlayBox(title: "colours", lines: lines.isEmpty ? ["this scene has no colour legend"] : lines)
    }

    /// The help overlay: every key of docs/CLI.md.
    static let help = OverlayBox(
        title: "orbit keys",
        lines: [
            "Left / Right    swipe: spin about Y (2, 4, 8 deg/tick)",
            "Up / Down       swipe: spin about X (front moves that way)",
            "Space           tap: pause / resume",
            "+ = / -  wheel  closer / farther (browsing: zoom to pointer)",
            "r / R           roll +5 / -5 deg (paused or still)",
            "v               reset the view",
            "s               save a PNG screenshot",
            "p / n           model animation: pause / resume, next",
            "< / >           model animation: half / double speed",
            "mouse drag      turn freely; let go moving to fling",
            "click           stop the fling",
            "0-9  [ ]        Apollonian level (0 is 10), fewer / more",
            "W A S D         Apollonian browsing: move up/left/down/right",
            "l               Apollonian colour legend",
            "m / c           next glyph set / colour depth",
            "o               next output: cells, kitty, sixel",
            "Ctrl-L          redraw",
            "h / ?           show / hide this help",
            "q  Esc  Ctrl-C  quit (Esc first closes a box)",
        ])
}
