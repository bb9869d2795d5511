import Escapes
import Testing

@testable import Viewer

@Suite struct FrameAcknowledgement {
    @Test func framesGoOutUntilTwoAwaitAnAnswerAndEachAnswerFreesOne() {
        var ack = FrameAcknowledger()
        do {
            let sendable = ack.canSend(at: 0)
            #expect(sendable)
        }
        do {
            let queried = ack.frameSent(at: 0)
            #expect(queried)
        }
        do {
            let sendable = ack.canSend(at: 0.03)
            #expect(sendable)
        }
        do {
            let queried = ack.frameSent(at: 0.03)
            #expect(queried)
        }
        #expect(ack.inFlight == 2)
        do {
            let sendable = ack.canSend(at: 0.06)
            #expect(!sendable)
        }
        do {
            let sendable = ack.canSend(at: 0.9)
            #expect(!sendable)
        }
        ack.answerReceived()
        #expect(ack.mode == .acknowledged)
        #expect(ack.inFlight == 1)
        #expect(ack.answers == 1)
        do {
            let sendable = ack.canSend(at: 0.95)
            #expect(sendable)
        }
        do {
            let queried = ack.frameSent(at: 0.95)
            #expect(queried)
        }
        do {
            let sendable = ack.canSend(at: 0.96)
            #expect(!sendable)
        }
        ack.answerReceived()
        ack.answerReceived()
        #expect(ack.inFlight == 0)
        #expect(ack.answers == 3)
        #expect(ack.strayAnswers == 0)
    }

    @Test func oneFrameInFlightWaitsForEveryAnswer() {
        var ack = FrameAcknowledger(maxInFlight: 1)
        do {
            let queried = ack.frameSent(at: 0)
            #expect(queried)
        }
        do {
            let sendable = ack.canSend(at: 0.5)
            #expect(!sendable)
        }
        ack.answerReceived()
        do {
            let sendable = ack.canSend(at: 0.5)
            #expect(sendable)
        }
    }

    @Test func aTerminalThatNeverAnswersIsGivenUpAfterTheTimeout() {
        var ack = FrameAcknowledger(maxInFlight: 2, firstAnswerTimeout: 1)
        _ = ack.frameSent(at: 10)
        _ = ack.frameSent(at: 10.1)
        do {
            let sendable = ack.canSend(at: 10.99)
            #expect(!sendable)
        }
        #expect(ack.mode == .waitingForFirstAnswer)
        do {
            let sendable = ack.canSend(at: 11.0)
            #expect(sendable)
        }
        #expect(ack.mode == .unsupported)
        #expect(!ack.isActive)
        #expect(ack.inFlight == 0)
        #expect(ack.abandoned == 2)
        // No more queries and no more waiting.
        do {
            let queried = ack.frameSent(at: 11.0)
            #expect(!queried)
        }
        do {
            let queried = ack.frameSent(at: 11.1)
            #expect(!queried)
        }
        do {
            let sendable = ack.canSend(at: 11.2)
            #expect(sendable)
        }
        #expect(ack.inFlight == 0)
    }

    @Test func aLateAnswerAfterTheFallbackTurnsAcknowledgementBackOn() {
        var ack = FrameAcknowledger(firstAnswerTimeout: 1)
        _ = ack.frameSent(at: 0)
        _ = ack.frameSent(at: 0)
        do {
            let sendable = ack.canSend(at: 1.5)
            #expect(sendable)
        }
        #expect(ack.mode == .unsupported)
        ack.answerReceived()
        #expect(ack.mode == .acknowledged)
        #expect(ack.strayAnswers == 1)
        do {
            let queried = ack.frameSent(at: 2)
            #expect(queried)
        }
        do {
            let queried = ack.frameSent(at: 2)
            #expect(queried)
        }
        do {
            let sendable = ack.canSend(at: 2.1)
            #expect(!sendable)
        }
    }

    @Test func anAnsweringTerminalGetsTheLongerTimeoutBeforeAnAnswerCountsAsLost() {
        var ack = FrameAcknowledger(maxInFlight: 2, firstAnswerTimeout: 1, lostAnswerTimeout: 5)
        _ = ack.frameSent(at: 0)
        ack.answerReceived()
        _ = ack.frameSent(at: 1)
        _ = ack.frameSent(at: 1)
        // Past the first-answer timeout: a slow link, keep waiting.
        do {
            let sendable = ack.canSend(at: 3)
            #expect(!sendable)
        }
        #expect(ack.mode == .acknowledged)
        do {
            let sendable = ack.canSend(at: 5.99)
            #expect(!sendable)
        }
        do {
            let sendable = ack.canSend(at: 6)
            #expect(sendable)
        }
        #expect(ack.mode == .acknowledged)
        #expect(ack.inFlight == 0)
        #expect(ack.abandoned == 2)
        // Queries go on.
        do {
            let queried = ack.frameSent(at: 6)
            #expect(queried)
        }
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
        #expect(Terminal.key(Terminal.statusReplyKey) == .statusReply)
        #expect(Terminal.key(27) == .key(27))
        #expect(Terminal.key(Int32(Character("q").asciiValue ?? 0)) == .key(113))
        // Its code is no command (in particular not quit).
        #expect(ViewerCommand.from(code: Terminal.statusReplyKey, arrows: KeyCommands.arrows) == ViewerCommand.none)
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
        do {
            let sendable = ack.canSend(at: 7)
            #expect(sendable)
        }
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
