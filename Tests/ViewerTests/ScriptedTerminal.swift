import Foundation

@testable import Viewer

/// A clock that moves only when told (by the scripted terminal's waits).
final class FakeClock: ViewerClock {
    var time: Double = 1000
    func now() -> Double { time }
}

/// A terminal without a terminal: input comes from a script of steps, each due at a time
/// on the fake clock and, if it has one, once a condition on the output so far holds;
/// waiting for input moves the clock instead of sleeping. Every write is kept, and each
/// status query is answered at once, as a real terminal does.
final class ScriptedTerminal: ViewerTerminal {
    struct Step {
        /// Seconds after the start on the fake clock.
        var at: Double
        /// Delivered only once this holds for all the output so far (jobs on other
        /// threads finish in real time, so the wait for it has a real deadline).
        var when: ((String) -> Bool)?
        var input: TerminalInput
        /// For `.resize`: the new size, in effect when the input is read.
        var newSize: (columns: Int, rows: Int)?

        init(
            at: Double, when: ((String) -> Bool)? = nil, _ input: TerminalInput,
            newSize: (columns: Int, rows: Int)? = nil
        ) {
            self.at = at
            self.when = when
            self.input = input
            self.newSize = newSize
        }

        /// A key by its character.
        static func key(_ c: Character, at: Double, when: ((String) -> Bool)? = nil) -> Step {
            Step(at: at, when: when, .key(Int32(c.asciiValue ?? 0)))
        }
    }

    let clock: FakeClock
    let start: Double
    var steps: [Step]
    var size: (columns: Int, rows: Int)
    let utf8 = false
    let arrowCodes: (left: Int32, right: Int32, up: Int32, down: Int32) = (260, 261, 259, 258)
    /// Every write, in order, and when it happened (seconds after the start).
    private(set) var writes: [[UInt8]] = []
    private(set) var writeTimes: [Double] = []
    private(set) var resets = 0
    private var answers = 0
    /// Set when the script did not finish within 30 s of real time (a condition that never
    /// held, a loop that never ends): the terminal then quits the loop.
    private(set) var gaveUp: String?
    private let deadline = Date().addingTimeInterval(30)

    init(columns: Int = 40, rows: Int = 12, clock: FakeClock, steps: [Step]) {
        self.clock = clock
        start = clock.time
        self.steps = steps
        size = (columns, rows)
    }

    /// All output as text.
    var text: String { String(decoding: writes.joined(), as: UTF8.self) }

    /// The output written from `from` seconds on, as text.
    func text(from: Double) -> String {
        String(decoding: zip(writes, writeTimes).filter { $0.1 >= from }.map(\.0).joined(), as: UTF8.self)
    }

    func read(timeoutMs: Int32) -> TerminalInput? {
        if answers > 0 {
            answers -= 1
            return .statusReply
        }
        if Date() > deadline {
            gaveUp = "the script did not finish in real time"
            steps = []
            return .key(113)  // q
        }
        guard let next = steps.first else {
            clock.time += Double(max(0, timeoutMs)) / 1000
            return nil
        }
        let due = start + next.at
        if clock.time >= due && (next.when?(text) ?? true) {
            steps.removeFirst()
            if let s = next.newSize { size = s }
            return next.input
        }
        guard timeoutMs > 0 else { return nil }
        if clock.time < due {
            clock.time = min(due, clock.time + Double(timeoutMs) / 1000)
        } else {
            // Waiting on a condition: let real time pass for background work.
            clock.time += Double(timeoutMs) / 1000
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }

    /// The inputs of the steps due now (their time has come and their condition holds), in
    /// order; `read` still hands them out.
    func pendingInput() -> [TerminalInput] {
        var due: [TerminalInput] = []
        for step in steps {
            guard clock.time >= start + step.at, step.when?(text) ?? true else { break }
            due.append(step.input)
        }
        return due
    }

    func write(_ bytes: [UInt8]) -> Bool {
        writes.append(bytes)
        writeTimes.append(clock.time - start)
        let query: [UInt8] = [0x1B, 0x5B, 0x35, 0x6E]  // ESC [ 5 n
        if bytes.count >= 4, Array(bytes.suffix(4)) == query { answers += 1 }
        return true
    }

    var isAlive: Bool { true }
    func isBackedUp() -> Bool { false }
    var bytesWritten: Int { writes.reduce(0) { $0 + $1.count } }
    var writeCalls: Int { writes.count }
    func reset() { resets += 1 }
    func suspend() {}
    func flushInput() {}
}
