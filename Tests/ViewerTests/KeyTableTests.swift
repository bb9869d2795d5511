import Gestures
import Testing

@testable import Viewer

/// The key table drives the dispatch and the `h` overlay.
@Suite struct KeyTableRows {
    @Test func everyCharacterOfEveryRowDispatchesItsRowsCommand() {
        for row in KeyTable.rows {
            for c in row.characters {
                let command = KeyCommands.command(c)
                #expect(command == row.command(c), "\(c) of '\(row.keys)'")
                #expect(command != .none, "\(c) of '\(row.keys)' does nothing")
            }
        }
    }

    @Test func browsingMovesTakeLowercaseWadAndSStaysTheScreenshot() {
        #expect(KeyCommands.command("w") == .move(dx: 0, dy: 1))
        #expect(KeyCommands.command("a") == .move(dx: -1, dy: 0))
        #expect(KeyCommands.command("d") == .move(dx: 1, dy: 0))
        #expect(KeyCommands.command("S") == .move(dx: 0, dy: -1))
        #expect(KeyCommands.command("s") == .screenshot)
        #expect(KeyCommands.command("L") == .toggleLegend)
    }

    @Test func theHelpOverlayHasOneLinePerRow() {
        #expect(OverlayBox.help.lines.count == KeyTable.rows.count)
        for (line, row) in zip(OverlayBox.help.lines, KeyTable.rows) {
            #expect(line.hasPrefix(row.keys) && line.hasSuffix(row.help))
        }
    }

    @Test func noCharacterIsInTwoRows() {
        let all = KeyTable.rows.flatMap(\.characters)
        #expect(Set(all).count == all.count)
    }
}
