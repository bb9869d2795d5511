import Math3D
import Testing

@testable import Gestures

@Suite struct GestureScriptParsing {
    @Test func theCLIExampleParsesInOrder() throws {
        let s = try GestureScript.parse("right@0 right@10 tap@20 pinch-out@30 rotate@40")
        #expect(s.entries.map(\.frame) == [0, 10, 20, 30, 40])
        #expect(s.entries.map(\.gesture) == [.swipe(.right), .swipe(.right), .tap, .pinchOut, .rotate])
        #expect(s.lastFrame == 40)
    }

    @Test func entriesAreSortedByFrameKeepingTheOrderWithinAFrame() throws {
        let s = try GestureScript.parse("tap@5, up@0,down@5 rotate-back@2")
        #expect(s.entries.map(\.frame) == [0, 2, 5, 5])
        #expect(s.gestures(atFrame: 5) == [.tap, .swipe(.down)])
        #expect(s.gestures(inFrames: 1..<5) == [.rotateBack])
        #expect(s.gestures(atFrame: 3).isEmpty)
    }

    @Test(arguments: GestureScript.names.map(\.name))
    func everyDocumentedNameParses(name: String) throws {
        let s = try GestureScript.parse("\(name)@7")
        #expect(s.entries.count == 1)
        #expect(s.entries.first?.frame == 7)
    }

    @Test func namesAreCaseInsensitive() throws {
        #expect(try GestureScript.parse("Pinch-In@1").entries.first?.gesture == .pinchIn)
    }

    struct BadScript: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        var testDescription: String { text.isEmpty ? "(empty)" : text }
    }

    static let bad: [BadScript] = [
        BadScript(text: "", message: "gesture script: empty; expected NAME@FRAME tokens such as 'right@0 tap@20'"),
        BadScript(text: "   ", message: "gesture script: empty; expected NAME@FRAME tokens such as 'right@0 tap@20'"),
        BadScript(text: "right@0 right", message: "gesture script: 'right': expected NAME@FRAME, such as 'right@10'"),
        BadScript(text: "right@1@2", message: "gesture script: 'right@1@2': expected NAME@FRAME, such as 'right@10'"),
        BadScript(text: "right@-1", message: "gesture script: 'right@-1': frame '-1' is not a whole number >= 0"),
        BadScript(text: "tap@", message: "gesture script: 'tap@': frame '' is not a whole number >= 0"),
        BadScript(text: "tap@1.5", message: "gesture script: 'tap@1.5': frame '1.5' is not a whole number >= 0"),
        BadScript(
            text: "tap@99999999999999999999999",
            message:
                "gesture script: 'tap@99999999999999999999999': frame '99999999999999999999999' is "
                + "past the last frame, 1000000"
        ),
        BadScript(text: "tap@٣", message: "gesture script: 'tap@٣': frame '٣' is not a whole number >= 0"),
    ]

    @Test(arguments: bad)
    func badScriptsGiveAOneLineMessageNamingTheToken(_ bad: BadScript) {
        #expect {
            try GestureScript.parse(bad.text)
        } throws: { error in
            let text = String(describing: error)
            return text == bad.message && !text.contains("\n")
        }
    }

    @Test func anUnknownNameListsTheKnownOnes() {
        #expect {
            try GestureScript.parse("right@0 jump@3")
        } throws: { error in
            guard let e = error as? GestureScriptError else { return false }
            return e.token == "jump@3" && e.problem.hasPrefix("unknown gesture 'jump'; known: left right up down")
                && e.problem.contains("pinch-out") && e.problem.contains("rotate-back")
        }
    }

    @Test func aScriptDrivesTheMotionAsKeysWould() throws {
        let s = try GestureScript.parse("right@0 right@10 tap@20 pinch-out@30 rotate@40")
        var m = MotionState(spin: 0)
        for frame in 0...50 {
            m.apply(s.gestures(atFrame: frame))
            m.advance(ticks: 1)
        }
        // Frames 0..9 at +2, 10..19 at +4, then paused.
        let turned = Quaternion(angle: .degrees(10 * 2 + 10 * 4), axis: Vec3(0, 1, 0))
        let rolled = Quaternion(angle: .degrees(5), axis: Vec3(0, 0, 1)) * turned
        #expect(m.modelRotation.isApproximatelyEqual(to: rolled, tolerance: 1e-5))
        #expect(m.isPaused)
        #expect(abs(m.zoom - 1.1) < 1e-12)
        #expect(m.roll == 5)
    }
}
