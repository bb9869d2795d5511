import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// A terminal that stops reading (XOFF, a frozen client): its output queue fills and
    /// every write to it would block; SIGTERM and SIGHUP still end the viewer.
    @Suite struct StalledTerminal {
        /// Fills the pty's output queue from the terminal side until it takes no more.
        static func fill(_ slave: Int32) -> Int {
            let block = [UInt8](repeating: 0x2E, count: 4096)
            var total = 0
            while true {
                let n = block.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
                if n <= 0 { return total }
                total += n
            }
        }

        @Test(
            "A signal ends the viewer while its terminal has stopped reading",
            arguments: [SIGTERM, SIGHUP])
        func signalEndsTheViewerOnAStoppedTerminal(signal: Int32) throws {
            let t = try SlowTerminal(["--fps", "30"])
            defer { kill(t.pid, SIGKILL) }
            let slave = open(t.slavePath, O_WRONLY | O_NOCTTY | O_NONBLOCK)
            guard slave >= 0 else { throw HarnessError("cannot open \(t.slavePath): errno \(errno)") }
            defer { close(slave) }
            // Read until the viewer draws, then stop reading and fill what is left of the
            // queue, so the viewer's next write (a frame, a query, the exit's) cannot go on.
            try Wait.until("the viewer to draw", timeout: 60) {
                t.read(upTo: 1 << 16, timeoutMs: 10)
                return t.count(" fps", in: 0..<t.received.count) > 0
            }
            var filled = 0
            try Wait.until("the output queue to be full", timeout: 30) {
                filled += Self.fill(slave)
                usleep(200_000)
                return filled > 0 && Self.fill(slave) == 0
            }
            kill(t.pid, signal)
            // Within the stalled-output deadline (1 s) and the answer drain (2 s), with room.
            let end = try Spawn.wait(t.pid, timeout: 15, what: "orbit on a terminal that stopped reading")
            #expect(end.status == 128 + signal, "exit status \(end.status)")
            #expect(end.signal == nil)
        }
    }
}
