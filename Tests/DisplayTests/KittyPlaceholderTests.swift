import Display
import Raster
import Testing

/// Kitty pictures placed by Unicode placeholders: the diacritics table, the decision, and
/// the bytes decoded back (the wrapped commands by `KittyDecoder`, the cells as text).
@Suite struct KittyPlaceholderBytes {
    /// Splits bytes into what travels inside tmux passthrough frames (unwrapped: doubled
    /// escapes undone) and what tmux itself gets (the rest).
    static func unwrap(_ bytes: [UInt8]) -> (passthrough: [UInt8], plain: [UInt8]) {
        let start = Array("\u{1B}Ptmux;".utf8)
        var passthrough: [UInt8] = []
        var plain: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if i + start.count <= bytes.count, Array(bytes[i..<(i + start.count)]) == start {
                i += start.count
                while i < bytes.count {
                    if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x1B {
                        passthrough.append(0x1B)
                        i += 2
                    } else if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x5C {
                        i += 2
                        break
                    } else {
                        passthrough.append(bytes[i])
                        i += 1
                    }
                }
            } else {
                plain.append(bytes[i])
                i += 1
            }
        }
        return (passthrough, plain)
    }

    /// One placeholder cell as read back: the image id of its colour, its row and column.
    struct Cell: Equatable {
        var id: Int
        var row: Int
        var column: Int
    }

    /// Reads placeholder text back as a screen would: cursor moves (`CSI row;col H`),
    /// 256-colour foregrounds, and per placeholder its two diacritics; keyed by screen
    /// position. Anything else in the text fails the test.
    static func cells(_ text: [UInt8]) -> [Int: [Int: Cell]] {
        var screen: [Int: [Int: Cell]] = [:]
        var row = 0
        var column = 0
        var colour = -1
        let scalars = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                var params = ""
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) {
                    params.unicodeScalars.append(scalars[j])
                    j += 1
                }
                guard j < scalars.count else { break }
                let numbers = params.split(separator: ";").map { Int($0) ?? 0 }
                switch scalars[j] {
                case "H":
                    row = (numbers.first ?? 1) - 1
                    column = (numbers.count > 1 ? numbers[1] : 1) - 1
                case "m":
                    if numbers.count == 3, numbers[0] == 38, numbers[1] == 5 {
                        colour = numbers[2]
                    } else if numbers == [39] || numbers == [0] || numbers.isEmpty {
                        colour = -1
                    } else {
                        Issue.record("unexpected SGR \(params)")
                    }
                default:
                    Issue.record("unexpected CSI \(params)\(scalars[j])")
                }
                i = j + 1
            } else if s == KittyPlaceholders.placeholder, i + 2 < scalars.count,
                let r = KittyPlaceholders.number(of: scalars[i + 1].value),
                let c = KittyPlaceholders.number(of: scalars[i + 2].value)
            {
                screen[row, default: [:]][column] = Cell(id: colour, row: r, column: c)
                column += 1
                i += 3
            } else {
                Issue.record("unexpected U+\(String(s.value, radix: 16)) in the placeholder text")
                i += 1
            }
        }
        return screen
    }

    static func placement(_ columns: Int = 40, _ rows: Int = 12) -> GraphicsPlacement {
        var p = GraphicsPlacement(columns: columns, rows: rows, cellSize: CellSize(width: 8, height: 16))
        p.tmux = TmuxInfo(clientTerm: "xterm-kitty", passthrough: true, paneTop: 3, paneLeft: 9)
        p.placeholders = true
        return p
    }

    @Test func theDiacriticsAre297CombiningMarksAboveInOrder() {
        let all = KittyPlaceholders.diacritics
        #expect(all.count == 297 && KittyPlaceholders.maxCells == 297)
        #expect(all.first == 0x305 && all.last == 0x1D244)
        #expect(zip(all, all.dropFirst()).allSatisfy { $0 < $1 })
        for (n, d) in all.enumerated() {
            let scalar = Unicode.Scalar(d)
            #expect(scalar?.properties.canonicalCombiningClass == .above, "U+\(String(d, radix: 16))")
            #expect(scalar?.properties.generalCategory == .nonspacingMark, "U+\(String(d, radix: 16))")
            #expect(KittyPlaceholders.number(of: d) == n)
        }
        // Combining marks with decompositions are not among them (U+0300 composes with
        // letters), nor is anything else.
        for other: UInt32 in [0x300, 0x304, 0x41, 0x10EEEE, 0x1D245, 0] {
            #expect(KittyPlaceholders.number(of: other) == nil)
        }
    }

    @Test func theFirstFramePlacesVirtuallyAndWritesEveryCellOfTheArea() throws {
        let out = KittyOutput(placement: Self.placement())
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: 320, height: 192), into: &bytes)
        #expect(out.id == KittyPlaceholders.imageID && (1...255).contains(out.id))
        let (passthrough, plain) = Self.unwrap(bytes)
        var decoder = KittyDecoder()
        try decoder.feed(passthrough)
        let place = try #require(decoder.commands.first)
        #expect(place["a"] == "T" && place["U"] == "1" && place["i"] == String(out.id))
        #expect(place["c"] == "40" && place["r"] == "12" && place["q"] == "2")
        // A virtual placement is not put at the cursor: no cursor save, move or restore.
        let commands = String(decoding: passthrough, as: UTF8.self)
        #expect(!commands.contains("\u{1B}7") && !commands.contains("\u{1B}8") && !commands.contains("\u{1B}["))
        let image = try #require(decoder.images[out.id])
        #expect(image.width == 320 && image.height == 192)
        // The cells: 12 rows of 40 at the area's origin of the pane (not the outer screen),
        // each naming its own row and column and the image by its colour.
        let screen = Self.cells(plain)
        #expect(screen.keys.sorted() == Array(0..<12))
        for r in 0..<12 {
            let row = try #require(screen[r])
            #expect(row.keys.sorted() == Array(0..<40))
            for c in 0..<40 { #expect(row[c] == Cell(id: out.id, row: r, column: c)) }
        }
        #expect(String(decoding: plain, as: UTF8.self).hasSuffix("\u{1B}[39m"))
    }

    /// Each frame is a new image under the next of three ids, and the cells are written
    /// again naming it; an id comes back (replaced) three frames later. kitty 0.31 did not
    /// draw edits of one image in place under unchanged cells (the spinning Earth stood still).
    @Test func laterFramesAreNewImagesUnderTheNextIdAndTheCellsNameThem() throws {
        let out = KittyOutput(placement: Self.placement())
        var bytes: [UInt8] = []
        var decoder = KittyDecoder()
        var ids: [Int] = []
        for seed in 1...4 {
            let frame = TestFrames.globe(width: 320, height: 192, seed: UInt32(seed))
            out.write(frame, into: &bytes)
            let (passthrough, plain) = Self.unwrap(bytes)
            let before = decoder.commands.count
            try decoder.feed(passthrough)
            let commands = decoder.commands[before...]
            // One command per frame: a new image with its virtual placement; no edit, no deletion.
            #expect(commands.map { $0["a"] ?? "" } == ["T"] && commands.allSatisfy { $0["U"] == "1" })
            #expect(commands.first?["i"] == String(out.id))
            ids.append(out.id)
            let screen = Self.cells(plain)
            #expect(screen.count == 12)
            #expect(screen[11]?[39] == Cell(id: out.id, row: 11, column: 39))
            var expected: [UInt8] = []
            frame.writeSRGB8(into: &expected)
            let image = try #require(decoder.images[out.id])
            let worst = zip(image.pixels, expected).map { abs(Int($0) - Int($1)) }.max() ?? 99
            #expect(worst <= 1)
        }
        #expect(ids[0] == KittyPlaceholders.imageID && ids[3] == ids[0])
        #expect(Set(ids[0..<3]) == Set(KittyPlaceholders.imageIDs) && Set(ids[0..<3]).count == 3)
        #expect(KittyPlaceholders.imageIDs.allSatisfy { (1...255).contains($0) })
        // Removal deletes all three images, wrapped.
        try decoder.feed(Self.unwrap(out.removal()).passthrough)
        #expect(KittyPlaceholders.imageIDs.allSatisfy { decoder.images[$0] == nil })
    }

    /// The ids wrap from 255 to 1 and always come back to the first after three.
    @Test func theIdsInTurnStayWithin1To255() {
        for id in KittyPlaceholders.imageIDs {
            var next = id
            for _ in 0..<KittyPlaceholders.idsInTurn { next = KittyPlaceholders.imageID(after: next) }
            #expect(next == id && (1...255).contains(KittyPlaceholders.imageID(after: id)))
        }
    }

    @Test func anAreaBeyond297CellsIsPlacedOnTheScreenInstead() throws {
        let out = KittyOutput(placement: Self.placement(300, 10))
        var bytes: [UInt8] = []
        out.write(TestFrames.globe(width: out.grid.width, height: out.grid.height), into: &bytes)
        #expect(out.id == KittyOutput.imageID)
        let (passthrough, plain) = Self.unwrap(bytes)
        #expect(plain.isEmpty)
        var decoder = KittyDecoder()
        try decoder.feed(passthrough)
        #expect(decoder.commands.first?["U"] == nil && decoder.commands.first?["a"] == "T")
        // At the pane's offset on the outer screen.
        #expect(decoder.images[KittyOutput.imageID]?.placedAt?.row == 3)
        #expect(decoder.images[KittyOutput.imageID]?.placedAt?.column == 9)
    }

    @Test func settingsPlaceByPlaceholdersOnlyInsideTmuxAndWhereTheAreaFits() throws {
        var look = OutputSettings()
        look.kittyPlaceholders = true
        let mode = OutputMode(.kitty, glyphs: .blocks, colors: .truecolor)
        #expect((look.makeOutput(mode, columns: 40, rows: 12) as? KittyOutput)?.placement.placeholders == false)
        look.tmux = TmuxInfo(clientTerm: "xterm-kitty", passthrough: true)
        #expect((look.makeOutput(mode, columns: 40, rows: 12) as? KittyOutput)?.placement.placeholders == true)
        #expect((look.makeOutput(mode, columns: 298, rows: 12) as? KittyOutput)?.placement.placeholders == false)
        look.kittyPlaceholders = false
        #expect((look.makeOutput(mode, columns: 40, rows: 12) as? KittyOutput)?.placement.placeholders == false)
    }

    @Test(arguments: [
        ("kitty(0.28.0)", true), ("kitty(0.35.2)", true), ("kitty(1.0.0)", true), ("ghostty 1.1.3", true),
        ("kitty(0.26.5)", false), ("kitty(0.27.1)", false), ("XTerm(379)", false), ("tmux 3.3a", false),
        ("", false), ("kitty(", false), ("kitty(x.y)", false),
    ])
    func terminalsThatDrawPlaceholders(type: String, drawn: Bool) {
        #expect(KittyPlaceholders.drawn(byTerminalType: type) == drawn)
    }

    @Test func theVariableDecidesElseTmuxsClientType() throws {
        let answer = "xterm-kitty 1 0 0 /dev/pts/3 256,RGB\nclient_termtype=kitty(0.35.2)\n"
        var kitty = try #require(TmuxInfo(displayOutput: answer))
        #expect(kitty.clientType == "kitty(0.35.2)" && kitty.passthrough)
        #expect(KittyPlaceholders.wanted(environment: [:], tmux: kitty))
        #expect(!KittyPlaceholders.wanted(environment: ["ORBIT_KITTY_PLACEHOLDERS": "0"], tmux: kitty))
        kitty.clientType = "kitty(0.26.5)"
        #expect(!KittyPlaceholders.wanted(environment: [:], tmux: kitty))
        #expect(KittyPlaceholders.wanted(environment: ["ORBIT_KITTY_PLACEHOLDERS": "1"], tmux: kitty))
        // Over SSH tmux is not asked: the outer terminal's own name through the passthrough
        // decides, or the variable.
        #expect(!KittyPlaceholders.wanted(environment: [:], tmux: nil))
        #expect(KittyPlaceholders.wanted(environment: ["ORBIT_KITTY_PLACEHOLDERS": "1"], tmux: nil))
        #expect(KittyPlaceholders.wanted(environment: [:], tmux: nil, outerTerminal: "kitty(0.31.0)"))
        #expect(!KittyPlaceholders.wanted(environment: [:], tmux: nil, outerTerminal: "kitty(0.26.5)"))
        #expect(
            !KittyPlaceholders.wanted(
                environment: ["ORBIT_KITTY_PLACEHOLDERS": "0"], tmux: nil, outerTerminal: "kitty(0.31.0)"))
        // tmux's answer, where there is one, goes before the passthrough's.
        #expect(!KittyPlaceholders.wanted(environment: [:], tmux: kitty, outerTerminal: "kitty(0.31.0)"))
        // No client attached: the type line is empty; an old answer without it, too.
        let none = try #require(TmuxInfo(displayOutput: "xterm 0 0 0\nclient_termtype=\n"))
        #expect(none.clientType.isEmpty)
        let old = try #require(TmuxInfo(displayOutput: "xterm-kitty on 2 5\n"))
        #expect(old.clientType.isEmpty && old.paneTop == 2 && old.paneLeft == 5)
    }
}
