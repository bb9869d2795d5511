import Gestures
import Testing

@testable import Viewer

/// The dispatch of keys, checked against `KeyTable`: every key a row lists gives the row's
/// command, and every key that does anything is listed by a row (so the `h` overlay,
/// `--help` and README name it).
@Suite struct KeyCommands {
    static let arrows: (left: Int32, right: Int32, up: Int32, down: Int32) = (260, 261, 259, 258)

    static func command(_ c: Character) -> ViewerCommand {
        ViewerCommand.from(code: Int32(c.asciiValue ?? 0), arrows: arrows)
    }

    static func command(_ key: ControlKey) -> ViewerCommand {
        ViewerCommand.from(code: key.code(arrows: arrows), arrows: arrows)
    }

    @Test(arguments: KeyTable.rows.map(\.keys)) func everyKeyOfTheRowHasItsCommand(keys: String) throws {
        let row = try #require(KeyTable.rows.first { $0.keys == keys })
        for c in row.characters {
            #expect(Self.command(c) == row.command(c), "\(c) of '\(keys)'")
            #expect(Self.command(c) != .none, "\(c) of '\(keys)' does nothing")
        }
        for (key, command) in row.controls {
            #expect(Self.command(key) == command, "\(key) of '\(keys)'")
            #expect(command != .none, "\(key) of '\(keys)' does nothing")
        }
    }

    @Test func everyKeyThatDoesSomethingIsInTheTable() {
        let listed = Set(KeyTable.rows.flatMap(\.characters))
        for code in Int32(1)..<128 {
            let c = Character(Unicode.Scalar(UInt8(code)))
            let key = ControlKey.allCases.first { $0.code(arrows: Self.arrows) == code }
            let command = ViewerCommand.from(code: code, arrows: Self.arrows)
            guard command != .none, key == nil else { continue }
            let isListed = listed.contains(c)
            #expect(isListed, "'\(c)' (\(code)) does \(command) but no key row lists it")
        }
        for key in ControlKey.allCases where Self.command(key) != .none {
            let isListed = KeyTable.rows.contains { $0.controls[key] != nil }
            #expect(isListed, "\(key) does something but no row lists it")
        }
    }

    @Test func digitsPickLevelsWithZeroAsTen() throws {
        let row = try #require(KeyTable.rows.first { $0.characters.contains("0") })
        for c in row.characters {
            guard let digit = c.wholeNumberValue else { continue }
            #expect(Self.command(c) == .level(digit == 0 ? 10 : digit))
        }
        #expect(Self.command("[") == .levelStep(-1))
        #expect(Self.command("]") == .levelStep(1))
    }

    /// Codes past ASCII that are not arrows do nothing (the ASCII ones: the test above).
    @Test func otherKeysDoNothing() {
        #expect(ViewerCommand.from(code: 200, arrows: Self.arrows) == .none)
        #expect(ViewerCommand.from(code: -1, arrows: Self.arrows) == .none)
        #expect(ViewerCommand.from(code: 0x7FFF_FFFF, arrows: Self.arrows) == .none)
    }
}
