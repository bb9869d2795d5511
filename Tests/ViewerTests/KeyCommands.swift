import Gestures
import Testing

@testable import Viewer

@Suite struct KeyCommands {
    static let arrows: (left: Int32, right: Int32, up: Int32, down: Int32) = (260, 261, 259, 258)

    static func command(_ c: Character) -> ViewerCommand {
        ViewerCommand.from(code: Int32(c.asciiValue ?? 0), arrows: arrows)
    }

    @Test func everyKeyOfTheTableHasItsCommand() {
        #expect(ViewerCommand.from(code: 260, arrows: Self.arrows) == .gesture(.left))
        #expect(ViewerCommand.from(code: 261, arrows: Self.arrows) == .gesture(.right))
        #expect(ViewerCommand.from(code: 259, arrows: Self.arrows) == .gesture(.up))
        #expect(ViewerCommand.from(code: 258, arrows: Self.arrows) == .gesture(.down))
        #expect(Self.command("+") == .gesture(.character("+")))
        #expect(Self.command("=") == .gesture(.character("=")))
        #expect(Self.command("-") == .gesture(.character("-")))
        #expect(Self.command(" ") == .gesture(.character(" ")))
        #expect(Self.command("r") == .gesture(.character("r")))
        #expect(Self.command("R") == .gesture(.character("R")))
        #expect(Self.command("m") == .nextGlyphs)
        #expect(Self.command("c") == .nextColors)
        #expect(Self.command("o") == .nextOutput)
        #expect(Self.command("h") == .toggleHelp)
        #expect(Self.command("?") == .toggleHelp)
        #expect(Self.command("l") == .toggleLegend)
        #expect(Self.command("q") == .quit)
        #expect(ViewerCommand.from(code: 27, arrows: Self.arrows) == .quit)
        #expect(ViewerCommand.from(code: 3, arrows: Self.arrows) == .quit)
        #expect(ViewerCommand.from(code: 12, arrows: Self.arrows) == .redraw)
    }

    @Test func digitsPickLevelsWithZeroAsTen() {
        #expect(Self.command("1") == .level(1))
        #expect(Self.command("9") == .level(9))
        #expect(Self.command("0") == .level(10))
        #expect(Self.command("[") == .levelStep(-1))
        #expect(Self.command("]") == .levelStep(1))
    }

    @Test func otherKeysDoNothing() {
        #expect(Self.command("x") == .none)
        #expect(ViewerCommand.from(code: 200, arrows: Self.arrows) == .none)
        #expect(ViewerCommand.from(code: -1, arrows: Self.arrows) == .none)
        #expect(ViewerCommand.from(code: 0x7FFF_FFFF, arrows: Self.arrows) == .none)
    }
}
