import Testing

@testable import Viewer

/// `canSend` and `frameSent` with their answer expected, failures reported at the caller.
extension FrameAcknowledger {
    /// Expects `canSend(at: now)` true: a frame may go out at `now` (seconds).
    mutating func expectCanSend(at now: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let sendable = canSend(at: now)
        #expect(sendable, sourceLocation: sourceLocation)
    }

    /// Expects `canSend(at: now)` false: frames wait for answers at `now` (seconds).
    mutating func expectCannotSend(at now: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let sendable = canSend(at: now)
        #expect(!sendable, sourceLocation: sourceLocation)
    }

    /// Expects `frameSent(at: now)` true: the frame sent at `now` (seconds) needs its query.
    mutating func expectQueried(at now: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let queried = frameSent(at: now)
        #expect(queried, sourceLocation: sourceLocation)
    }

    /// Expects `frameSent(at: now)` false: no query follows the frame sent at `now` (seconds).
    mutating func expectNotQueried(at now: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let queried = frameSent(at: now)
        #expect(!queried, sourceLocation: sourceLocation)
    }
}
