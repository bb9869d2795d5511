import Display
import Escapes
import Testing

@testable import Viewer

@Suite struct FrameAcknowledgement {
    @Test func framesGoOutUntilTwoAwaitAnAnswerAndEachAnswerFreesOne() {
        var ack = FrameAcknowledger()
        ack.expectCanSend(at: 0)
        ack.expectQueried(at: 0)
        ack.expectCanSend(at: 0.03)
        ack.expectQueried(at: 0.03)
        #expect(ack.inFlight == 2)
        ack.expectCannotSend(at: 0.06)
        ack.expectCannotSend(at: 0.9)
        ack.answerReceived()
        #expect(ack.mode == .acknowledged)
        #expect(ack.inFlight == 1)
        #expect(ack.answers == 1)
        ack.expectCanSend(at: 0.95)
        ack.expectQueried(at: 0.95)
        ack.expectCannotSend(at: 0.96)
        ack.answerReceived()
        ack.answerReceived()
        #expect(ack.inFlight == 0)
        #expect(ack.answers == 3)
        #expect(ack.strayAnswers == 0)
    }

    @Test func oneFrameInFlightWaitsForEveryAnswer() {
        var ack = FrameAcknowledger(maxInFlight: 1)
        ack.expectQueried(at: 0)
        ack.expectCannotSend(at: 0.5)
        ack.answerReceived()
        ack.expectCanSend(at: 0.5)
    }

    @Test func aTerminalThatNeverAnswersIsGivenUpAfterTheTimeout() {
        var ack = FrameAcknowledger(maxInFlight: 2, firstAnswerTimeout: 1)
        _ = ack.frameSent(at: 10)
        _ = ack.frameSent(at: 10.1)
        ack.expectCannotSend(at: 10.99)
        #expect(ack.mode == .waitingForFirstAnswer)
        ack.expectCanSend(at: 11.0)
        #expect(ack.mode == .unsupported)
        #expect(!ack.isActive)
        #expect(ack.inFlight == 0)
        #expect(ack.abandoned == 2)
        // No more queries and no more waiting.
        ack.expectNotQueried(at: 11.0)
        ack.expectNotQueried(at: 11.1)
        ack.expectCanSend(at: 11.2)
        #expect(ack.inFlight == 0)
    }

    @Test func aLateAnswerAfterTheFallbackTurnsAcknowledgementBackOn() {
        var ack = FrameAcknowledger(firstAnswerTimeout: 1)
        _ = ack.frameSent(at: 0)
        _ = ack.frameSent(at: 0)
        ack.expectCanSend(at: 1.5)
        #expect(ack.mode == .unsupported)
        ack.answerReceived()
        #expect(ack.mode == .acknowledged)
        #expect(ack.strayAnswers == 1)
        ack.expectQueried(at: 2)
        ack.expectQueried(at: 2)
        ack.expectCannotSend(at: 2.1)
    }

    @Test func anAnsweringTerminalGetsTheLongerTimeoutBeforeAnAnswerCountsAsLost() {
        var ack = FrameAcknowledger(maxInFlight: 2, firstAnswerTimeout: 1, lostAnswerTimeout: 5)
        _ = ack.frameSent(at: 0)
        ack.answerReceived()
        _ = ack.frameSent(at: 1)
        _ = ack.frameSent(at: 1)
        // Past the first-answer timeout: a slow link, keep waiting.
        ack.expectCannotSend(at: 3)
        #expect(ack.mode == .acknowledged)
        ack.expectCannotSend(at: 5.99)
        ack.expectCanSend(at: 6)
        #expect(ack.mode == .acknowledged)
        #expect(ack.inFlight == 0)
        #expect(ack.abandoned == 2)
        // Queries go on.
        ack.expectQueried(at: 6)
    }

    @Test func abandonedQueriesMakeTheirLateAnswersStray() {
        var ack = FrameAcknowledger()
        _ = ack.frameSent(at: 0)
        ack.abandonAll()
        #expect(ack.inFlight == 0)
        ack.answerReceived()
        #expect(ack.strayAnswers == 1)
        #expect(ack.answers == 0)
    }

    @Test func theStatusAnswerIsItsOwnInputAndNeverAKey() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(ANSI.statusReply.utf8), at: 0) == [.reply(.statusOK)])
        #expect(decoder.feed([0x71], at: 1) == [.byte(0x71)])
    }

    @Test func theQueryAndItsAnswerAreTheDeviceStatusReportPair() {
        #expect(Array(ANSI.statusQuery.utf8) == [0x1B, 0x5B, 0x35, 0x6E])
        #expect(Array(ANSI.statusReply.utf8) == [0x1B, 0x5B, 0x30, 0x6E])
    }

    @Test func theStatsWordsCountAnswersStrayAnswersAndAbandonedQueries() {
        var ack = FrameAcknowledger(firstAnswerTimeout: 1)
        _ = ack.frameSent(at: 0)
        ack.answerReceived()
        ack.answerReceived()
        #expect(ack.summary == "answers 1 stray_answers 1 abandoned 0 acknowledging 1")
        var silent = FrameAcknowledger(maxInFlight: 1, firstAnswerTimeout: 1)
        _ = silent.frameSent(at: 0)
        _ = silent.canSend(at: 2)
        #expect(silent.summary == "answers 0 stray_answers 0 abandoned 1 acknowledging 0")
    }
}

@Suite struct FrameAcknowledgementOnQuit {
    @Test func abandonedQueriesStillCountAsUnansweredUntilForgotten() {
        var ack = FrameAcknowledger(maxInFlight: 2, firstAnswerTimeout: 1, lostAnswerTimeout: 5)
        _ = ack.frameSent(at: 0)
        ack.answerReceived()
        _ = ack.frameSent(at: 1)
        _ = ack.frameSent(at: 1.1)
        #expect(ack.unanswered == 2)
        // Taken as lost after 5 s: no longer in flight, but its answer may still come.
        ack.expectCanSend(at: 7)
        #expect(ack.inFlight == 0)
        #expect(ack.unanswered == 2)
        ack.answerReceived()
        #expect(ack.strayAnswers == 1)
        #expect(ack.unanswered == 1)
        ack.forgetAll()
        #expect(ack.unanswered == 0)
        ack.answerReceived()
        #expect(ack.unanswered == 0)
    }
}
