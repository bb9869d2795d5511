import Foundation
import Gestures
import Testing

@testable import Viewer

/// The asciinema v2 format of `--record`, and the demo tour's timing.
@Suite struct CastRecording {
    @Test func theHeaderAndEventsAreAsciinemaV2() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("orbit-gestures-\(UUID()).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try CastRecorder(path: path, columns: 80, rows: 24, timestamp: 1_800_000_000, title: "orbit")
        recorder.output(Array("\u{1B}[2J\"a\\b\"\n█".utf8), at: 0)
        recorder.output([], at: 0.5)
        recorder.resize(columns: 100, rows: 30, at: 1.0 / 3)
        recorder.output(Array("x".utf8), at: 2)
        recorder.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect(header["timestamp"] as? Int == 1_800_000_000)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [Any])
        #expect(first[0] as? Double == 0)
        #expect(first[1] as? String == "o")
        #expect(first[2] as? String == "\u{1B}[2J\"a\\b\"\n█")
        #expect(lines[2] == "[0.333333, \"r\", \"100x30\"]")
        #expect(lines[3] == "[2.000000, \"o\", \"x\"]")
        #expect(recorder.events == 2)
    }

    @Test func aRecordingThatCannotBeCreatedSaysWhere() {
        #expect(throws: CastRecorder.WriteError.self) {
            try CastRecorder(path: "/nonexistent-orbit/x.cast", columns: 80, rows: 24)
        }
    }

    @Test func theTourShowsACaptionThenPlaysItsGestureAndLoops() {
        let tour = DemoTour(
            steps: [
                .init(key: "RIGHT", caption: "a", gesture: .swipe(.right)),
                .init(key: "UP", caption: "b", gesture: .swipe(.up)),
            ], captionSeconds: 1, motionSeconds: 2)
        #expect(tour.loopSeconds == 6)
        #expect(tour.position(at: 0.5) == (step: 0, captionShown: true, gesturesDue: 0))
        #expect(tour.position(at: 1.5) == (step: 0, captionShown: false, gesturesDue: 1))
        #expect(tour.position(at: 3.2) == (step: 1, captionShown: true, gesturesDue: 1))
        #expect(tour.position(at: 4.1) == (step: 1, captionShown: false, gesturesDue: 2))
        #expect(tour.position(at: 6.5) == (step: 0, captionShown: true, gesturesDue: 2))
        #expect(tour.gesture(number: 2) == .swipe(.right))
    }

    @Test func theStandardTourPlaysEveryKindOfGestureAndEndsWhereItStarted() {
        let gestures = DemoTour.standard.steps.compactMap(\.gesture)
        for d in SwipeDirection.allCases { #expect(gestures.contains(.swipe(d)), "\(d)") }
        for g: Gesture in [.tap, .rotate, .pinchOut, .pinchIn, .click] { #expect(gestures.contains(g), "\(g)") }
        #expect(gestures.contains { if case .panEnded = $0 { return true } else { return false } })
        #expect(gestures.last == .resetView)
        for step in DemoTour.standard.steps {
            #expect(BigText.rows(step.key, utf8: true) != nil, "no big letters for \(step.key)")
            #expect(BigText.width(step.key) + 4 <= 80)
        }
    }

    @Test func bigLettersAreFiveRowsOfEqualWidth() throws {
        let rows = try #require(BigText.rows("Up", utf8: false))
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.count == BigText.width("UP") })
        #expect(rows[0] == "#   # #### ")
        #expect(BigText.rows("?", utf8: true) == nil)
    }
}
