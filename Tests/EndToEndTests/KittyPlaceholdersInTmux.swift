import Foundation
import OrbitTestSupport
import Testing

/// The viewer's kitty output inside a real tmux, placed by Unicode placeholders: what tmux
/// keeps in the pane is read back with `capture-pane -e` (the picture itself needs a kitty
/// that draws placeholders, 0.28 or later; Debian's 0.26 does not).
@Suite(.serialized) struct KittyPlaceholdersInTmux {
    /// One placeholder cell as tmux holds it: its colour (the image id) and its row and
    /// column diacritics.
    struct Cell: Equatable {
        var colour: Int
        var row: UInt32
        var column: UInt32
    }

    /// The picture rows (above the HUD) as placeholder cells; nil for a row that holds
    /// anything else. `capture-pane -e` gives a colour where it changes, so it carries
    /// over from row to row.
    static func placeholderRows(_ screen: [String]) -> [[Cell]?] {
        var colour = -1
        return ViewerInTmux.picture(screen).map { line in
            var cells: [Cell] = []
            let s = Array(line.unicodeScalars)
            var i = 0
            while i < s.count {
                if s[i] == "\u{1B}", i + 1 < s.count, s[i + 1] == "[" {
                    var j = i + 2
                    var params = ""
                    while j < s.count, !(0x40...0x7E).contains(s[j].value) {
                        params.unicodeScalars.append(s[j])
                        j += 1
                    }
                    let numbers = params.split(separator: ";").map { Int($0) ?? -1 }
                    if j < s.count, s[j] == "m", numbers.count == 3, numbers[0] == 38, numbers[1] == 5 {
                        colour = numbers[2]
                    } else if j < s.count, s[j] == "m", numbers.isEmpty || numbers == [0] || numbers == [39] {
                        colour = -1
                    } else {
                        return nil
                    }
                    i = j + 1
                } else if s[i].value == 0x10EEEE, i + 2 < s.count,
                    s[i + 1].properties.canonicalCombiningClass == .above,
                    s[i + 2].properties.canonicalCombiningClass == .above
                {
                    cells.append(Cell(colour: colour, row: s[i + 1].value, column: s[i + 2].value))
                    i += 3
                } else {
                    return nil
                }
            }
            return cells
        }
    }

    /// Checks that `rows` is a whole `columns` x `rows.count` picture of one image: every
    /// cell in one 256-colour foreground, the row diacritic the same along a row and
    /// rising down the rows, the column diacritic rising along a row and the same down a
    /// column, starting at the first diacritic (U+0305) at the top left.
    static func expectWholePicture(_ rows: [[Cell]?], columns: Int, _ screen: [String]) {
        let text = screen.joined(separator: "\n")
        guard let first = rows.first ?? nil, let topLeft = first.first else {
            Issue.record("no placeholder cells at the top left:\n\(text)")
            return
        }
        #expect(topLeft.row == 0x305 && topLeft.column == 0x305)
        #expect((1...255).contains(topLeft.colour), "image id \(topLeft.colour)")
        var lastRow: UInt32 = 0
        for (r, row) in rows.enumerated() {
            guard let row, row.count == columns else {
                Issue.record("row \(r) is not \(columns) placeholder cells:\n\(text)")
                return
            }
            #expect(row.allSatisfy { $0.colour == topLeft.colour && $0.row == row[0].row })
            #expect(row[0].row > lastRow || r == 0)
            lastRow = row[0].row
            #expect(zip(row, row.dropFirst()).allSatisfy { $0.column < $1.column })
            #expect(zip(row, first).allSatisfy { $0.column == $1.column })
        }
    }

    /// The detection line printed at exit (`ORBIT_STATS=1`), the window's lines joined.
    static func detectedLine(_ tmux: Tmux) throws -> String {
        let joined = try tmux.run(["capture-pane", "-p", "-J", "-t", "0"])
        return joined.split(separator: "\n").first { $0.contains("orbit: detected:") }.map(String.init) ?? joined
    }

    @Test func thePictureIsPlaceholderCellsThatFollowAResize() throws {
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 90, rows: 26)
        try tmux.type(
            "ORBIT_KITTY_PLACEHOLDERS=1 ORBIT_STATS=1 '\(binary)' --format kitty --spin 0; echo \"exit=$?\"")
        let screen = try tmux.waitForLines("placeholder cells", timeout: 60, escapes: true) {
            ViewerInTmux.hud($0) != nil && Self.placeholderRows($0).count == 25
                && Self.placeholderRows($0).allSatisfy { $0?.count == 90 }
        }
        Self.expectWholePicture(Self.placeholderRows(screen), columns: 90, screen)
        // A smaller window: the picture is placed again over the new area.
        try tmux.resize(columns: 70, rows: 20)
        let smaller = try tmux.waitForLines("placeholder cells after the resize", timeout: 60, escapes: true) {
            ViewerInTmux.hud($0) != nil && Self.placeholderRows($0).count == 19
                && Self.placeholderRows($0).allSatisfy { $0?.count == 70 }
        }
        Self.expectWholePicture(Self.placeholderRows(smaller), columns: 70, smaller)
        try ViewerInTmux.quit(tmux, timeout: 30)
        let detected = try Self.detectedLine(tmux)
        #expect(detected.contains("output kitty") && detected.contains("kitty_placeholders true"), "\(detected)")
    }

    @Test func withoutEvidenceTheKittyPictureIsNotPlaceholders() throws {
        // tmux has no client here, so it names no terminal that draws placeholders.
        let binary = try OrbitBinary.check()
        let tmux = try Tmux.shell(columns: 80, rows: 24)
        try tmux.type("ORBIT_STATS=1 '\(binary)' --format kitty --spin 0; echo \"exit=$?\"")
        let screen = try tmux.waitForLines("the status line", timeout: 60, escapes: true) {
            ViewerInTmux.hud($0) != nil
        }
        #expect(!screen.joined().unicodeScalars.contains { $0.value == 0x10EEEE }, "\(screen)")
        try ViewerInTmux.quit(tmux, timeout: 30)
        let detected = try Self.detectedLine(tmux)
        #expect(detected.contains("output kitty") && detected.contains("kitty_placeholders false"), "\(detected)")
    }
}
