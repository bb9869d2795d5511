import Gestures
import Testing

@testable import Viewer

@Suite struct ScreenText {
    @Test func theStatusLineNamesRateTrianglesModesAndTheLastGesture() {
        let s = StatusLine(
            fps: 30, triangles: 19200, glyphs: "blocks", colors: "256", label: "level 7 (6635 spheres)",
            gesture: "swipe right -> spin Y +4 deg/tick")
        #expect(
            s.text
                == " 30 fps | 19,200 tris | blocks | 256 | level 7 (6635 spheres) | swipe right -> "
                + "spin Y +4 deg/tick | h: help"
        )
    }

    @Test func theStatusLineLeavesTheLastCellAlone() {
        let s = StatusLine(fps: 30, triangles: 1, glyphs: "ascii", colors: "none", label: nil, gesture: "x")
        let bytes = s.render(row: 23, columns: 40)
        #expect(bytes.hasPrefix("\u{1B}[24;1H\u{1B}[7m"))
        #expect(bytes.hasSuffix("\u{1B}[0m"))
        let body = bytes.dropFirst("\u{1B}[24;1H\u{1B}[7m".count).dropLast("\u{1B}[0m".count)
        #expect(body.count == 39)
    }

    /// Issue 14, point 4: the HUD fits any width, least important parts first, never the
    /// gesture text; wide characters count two cells.
    @Test(arguments: [20, 30, 40, 47, 48, 60, 80, 100, 200])
    func theHUDFitsEveryWidthAndKeepsTheGesture(columns: Int) {
        let gesture = "swipe right -> spin Y +4 deg/tick"
        let s = StatusLine(
            fps: 30, triangles: 19200, glyphs: "quadrants", colors: "truecolor",
            label: "level 7 (6635 of 9,000 drawn)", gesture: gesture)
        let lines = s.lines(columns: columns, maxLines: StatusLine.lineCount(columns: columns, rows: 24))
        #expect(lines.allSatisfy { CellWidth.of($0) == columns - 1 })
        let shown = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        if columns - 1 >= gesture.count + 1 || lines.count == 2 {
            #expect(shown.contains(gesture), "\(lines)")
        }
    }

    @Test func theHUDDropsTheTriangleCountFirstThenTheGlyphName() {
        let s = StatusLine(
            fps: 30, triangles: 19200, glyphs: "blocks", colors: "256", label: "earth",
            gesture: "swipe right -> spin Y +4 deg/tick")
        let full = s.text
        let noTris = " 30 fps | blocks | 256 | earth | swipe right -> spin Y +4 deg/tick | h: help"
        let noGlyphs = " 30 fps | 256 | earth | swipe right -> spin Y +4 deg/tick | h: help"
        #expect(s.lines(columns: full.count + 1) == [full])
        #expect(s.lines(columns: noTris.count + 1) == [noTris])
        #expect(s.lines(columns: noGlyphs.count + 1) == [noGlyphs])
        // At 80 columns the gesture text is there.
        #expect(s.lines(columns: 80)[0].contains("swipe right -> spin Y +4 deg/tick"))
    }

    @Test func wideNamesAreCountedInCells() {
        let s = StatusLine(
            fps: 30, triangles: 1, glyphs: "blocks", colors: "256", label: "地球儀のモデル.obj",
            gesture: "tap -> paused")
        for columns in [20, 40, 57, 80] {
            let line = s.lines(columns: columns)[0]
            #expect(CellWidth.of(line) == columns - 1, "\(columns): \(line)")
        }
        #expect(CellWidth.of("地球") == 4)
        #expect(CellWidth.of("e\u{301}") == 1)
        #expect(CellWidth.fit("地球", to: 3) == "地 ")
        let box = OverlayBox(title: "地球", lines: ["世界"]).render(columns: 30, rows: 10, utf8: true)
        // Inner width 6 cells (the title and its spaces): every row of the box is 10 cells.
        #expect(box.contains("┌\u{1B}[1m 地球 \u{1B}[0m──┐"))
        #expect(box.contains("│ 世界   │"))
        #expect(box.contains("└────────┘"))
    }

    /// At 80 columns the browsed packing's HUD at the start says `still` once (the rate;
    /// the gesture text does not repeat it) and keeps `h: help`.
    @Test func aStillSceneSaysStillOnceAndKeepsTheHelpHint() {
        let s = StatusLine(
            fps: nil, triangles: 3_254 * 162, glyphs: "blocks", colors: "256",
            label: "zoom 1 | 3254 spheres | smallest r 0.0019", gesture: MotionState().lastGestureDescription)
        let line = s.lines(columns: 80)[0]
        #expect(line.hasPrefix(" still | "), "\(line)")
        #expect(line.components(separatedBy: "still").count == 2, "\(line)")
        #expect(line.contains("| swipe to spin | h: help"), "\(line)")
        #expect(line.contains("zoom 1 | 3254 spheres | smallest r 0.0019"), "\(line)")
    }

    @Test func aStillOrPausedSceneSaysSoInsteadOfZeroFPS() {
        #expect(
            StatusLine(fps: nil, paused: true, triangles: 1, glyphs: "a", colors: "b", label: nil, gesture: "g").text
                .hasPrefix(" paused | "))
        #expect(
            StatusLine(fps: nil, triangles: 1, glyphs: "a", colors: "b", label: nil, gesture: "g").text
                .hasPrefix(" still | "))
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(StatusLine.grouped(0) == "0")
        #expect(StatusLine.grouped(999) == "999")
        #expect(StatusLine.grouped(1000) == "1,000")
        #expect(StatusLine.grouped(4_700_000) == "4,700,000")
        #expect(StatusLine.grouped(-12345) == "-12,345")
    }

    /// The `h` overlay shows every row of the key table, and every key that does something
    /// is on one of its lines.
    @Test func theHelpListsEveryKeyOfTheContract() {
        let lines = OverlayBox.help.lines
        for row in KeyTable.rows {
            #expect(lines.contains { $0.hasPrefix(row.keys) && $0.hasSuffix(row.help) }, "help lacks '\(row.keys)'")
        }
        let arrows = KeyCommands.arrows
        let codes = Array(Int32(1)..<128) + ControlKey.allCases.map { $0.code(arrows: arrows) }
        for code in codes where ViewerCommand.from(code: code, arrows: arrows) != .none {
            let control = ControlKey.allCases.first { $0.code(arrows: arrows) == code }
            let row = KeyTable.rows.first { row in
                control.map { row.controls[$0] != nil }
                    ?? row.characters.contains(Character(Unicode.Scalar(UInt8(code))))
            }
            let shown = row.map { r in lines.contains { $0.hasPrefix(r.keys) } } ?? false
            #expect(shown, "the key of code \(code) does something the help does not show")
        }
    }

    @Test func aBoxIsCentredAndFramed() {
        let box = OverlayBox(title: "t", lines: ["abc"])
        let out = box.render(columns: 21, rows: 11, utf8: false)
        // inner width max(3, 1 + 2) = 3, box 7 x 3, at column (21 - 7) / 2 = 7, row (11 - 3) / 2 = 4.
        #expect(out.contains("\u{1B}[5;8H+"))
        #expect(out.contains("\u{1B}[6;8H| abc |"))
        #expect(out.contains("\u{1B}[7;8H+-----+"))
    }

    @Test func aBoxWiderThanTheScreenIsClipped() {
        let out = OverlayBox.help.render(columns: 20, rows: 5, utf8: true)
        // Every drawn row is at most 20 cells: strip the escape sequences and measure.
        let rows = out.split(separator: "\u{1B}").map { $0.drop { $0 != "H" && $0 != "m" }.dropFirst() }
        #expect(rows.allSatisfy { $0.count <= 20 })
        #expect(!out.isEmpty)
    }

    @Test func progressShowsABarAndAPercentage() {
        #expect(
            ViewerMessage.progressText(fraction: 0.45, text: "generation 8", barWidth: 10)
                == "[####------]  45%  generation 8")
        #expect(ViewerMessage.progressText(fraction: 2, text: "", barWidth: 4) == "[####] 100%  ")
        #expect(ViewerMessage.progressText(fraction: .nan, text: "", barWidth: 4).hasPrefix("[----]"))
    }
}
