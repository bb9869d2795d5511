import Gestures
import Testing

/// A gesture's frame is within the --frames limit: no overflow later, no recording longer
/// than the limit.
@Suite struct GestureScriptFrameLimit {
    @Test(arguments: ["right@1000001", "right@99999999", "right@9223372036854775807", "tap@99999999999999999999999"])
    func aFramePastTheLimitIsRefused(_ script: String) {
        #expect(throws: GestureScriptError.self) { try GestureScript.parse(script) }
        do {
            _ = try GestureScript.parse(script)
        } catch {
            #expect("\(error)".contains("past the last frame, 1000000"), "\(error)")
        }
    }

    @Test func theLastFrameItselfIsAllowed() throws {
        let s = try GestureScript.parse("right@1000000")
        #expect(s.lastFrame == GestureScript.maximumFrame)
    }
}
