import Foundation

@testable import Viewer

/// A terminal at the far end of a slow link (SSH at `bytesPerSecond`), without a
/// terminal: written bytes queue on the link and arrive one after another, each status
/// query is answered `latency` seconds after the bytes before it arrived, and the pty-side
/// check sees nothing (sshd empties it at once). Time is a `FakeClock`; waiting for input
/// moves it to the next answer. The viewer is told to quit (`q`) at `quitAt` seconds.
final class SlowLinkTerminal: ViewerTerminal {
    let clock: FakeClock
    let start: Double
    let bytesPerSecond: Double
    let latency: Double
    let quitAt: Double
    let size: (columns: Int, rows: Int)
    let utf8 = false
    let arrowCodes: (left: Int32, right: Int32, up: Int32, down: Int32) = (260, 261, 259, 258)
    /// When the link is free again (fake-clock seconds).
    private var linkFreeAt: Double
    /// When each answer arrives, in order.
    private var answers: [Double] = []
    /// When the terminal has read each frame (a write that ends with a status query),
    /// seconds after the start.
    private(set) var framesArrived: [Double] = []
    private(set) var bytesWritten = 0
    private(set) var writeCalls = 0
    private var quitSent = false

    init(columns: Int, rows: Int, clock: FakeClock, bytesPerSecond: Double, latency: Double = 0.02, quitAt: Double) {
        self.clock = clock
        start = clock.time
        linkFreeAt = clock.time
        self.bytesPerSecond = bytesPerSecond
        self.latency = latency
        self.quitAt = quitAt
        size = (columns, rows)
    }

    /// Frames the terminal read in the `from` ..< `to` seconds after the start.
    func framesArrived(from: Double, to: Double) -> Int {
        framesArrived.filter { $0 >= from && $0 < to }.count
    }

    func read(timeoutMs: Int32) -> TerminalInput? {
        if let next = answers.first, next <= clock.time {
            answers.removeFirst()
            return .statusReply
        }
        if !quitSent && clock.time - start >= quitAt {
            quitSent = true
            return .key(113)  // q
        }
        guard timeoutMs > 0 else { return nil }
        let limit = clock.time + Double(timeoutMs) / 1000
        if let next = answers.first, next <= limit {
            clock.time = next
            answers.removeFirst()
            return .statusReply
        }
        clock.time = limit
        return nil
    }

    func write(_ bytes: [UInt8]) -> Bool {
        bytesWritten += bytes.count
        writeCalls += 1
        linkFreeAt = max(linkFreeAt, clock.time) + Double(bytes.count) / bytesPerSecond
        let query: [UInt8] = [0x1B, 0x5B, 0x35, 0x6E]  // ESC [ 5 n
        if bytes.count >= 4, Array(bytes.suffix(4)) == query {
            framesArrived.append(linkFreeAt - start)
            answers.append(linkFreeAt + latency)
        }
        return true
    }

    var isAlive: Bool { true }
    func isBackedUp() -> Bool { false }
    func reset() {}
    func suspend() {}
    func flushInput() { answers.removeAll() }
}
