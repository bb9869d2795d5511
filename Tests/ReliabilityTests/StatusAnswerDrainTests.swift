import Foundation
import OrbitTestSupport
import Testing

extension Reliability {
    /// The viewer asks the terminal `ESC[5n` after each frame; an answer that arrives after
    /// the viewer has exited lands in the shell as `^[[0n`. Every exit path reads the
    /// answers still in flight first (with a deadline).
    @Suite struct StatusAnswerDrain {
        static let query = "\u{1B}[5n"
        static let answer = "\u{1B}[0n"

        /// Quits the viewer on a terminal whose answers come late (after `quit` ran), then
        /// returns orbit's exit status and the bytes left unread on the terminal.
        static func quitWithLateAnswers(_ quit: (SlowTerminal) -> Void) throws -> (status: Int32, left: [UInt8]) {
            let t = try SlowTerminal(["--fps", "30"])
            // The test holds the terminal side too, to see what orbit leaves unread on it.
            let slave = open(t.slavePath, O_RDWR | O_NOCTTY | O_NONBLOCK)
            guard slave >= 0 else { throw HarnessError("cannot open \(t.slavePath): errno \(errno)") }
            defer { close(slave) }
            // Answer the first frames at once: the viewer learns this terminal answers.
            var answered = 0
            try Wait.until("three frames answered", timeout: 60) {
                t.read(upTo: 1 << 16, timeoutMs: 10)
                let asked = t.count(query, in: 0..<t.received.count)
                while answered < asked {
                    t.send(answer)
                    answered += 1
                }
                return answered >= 3
            }
            // Then stop answering until a query is in flight.
            try Wait.until("a query left unanswered", timeout: 60) {
                t.read(upTo: 1 << 16, timeoutMs: 10)
                return t.count(query, in: 0..<t.received.count) > answered
            }
            quit(t)
            // The answers come late, as over a slow link (well inside the 2 s deadline).
            usleep(200_000)
            t.read(upTo: 1 << 16, timeoutMs: 0)
            let asked = t.count(query, in: 0..<t.received.count)
            for _ in answered..<asked { t.send(answer) }
            let deadline = Date().addingTimeInterval(60)
            while kill(t.pid, 0) == 0, Date() < deadline {
                // Keep reading: orbit's last writes must not block.
                if t.read(upTo: 1 << 16, timeoutMs: 20) < 0 { break }
                var raw: Int32 = 0
                if waitpid(t.pid, &raw, WNOHANG) == t.pid { return (exitStatus(raw), unread(slave)) }
            }
            let end = try Spawn.wait(t.pid, timeout: 30, what: "orbit after quitting")
            return (end.status, unread(slave))
        }

        static func exitStatus(_ raw: Int32) -> Int32 {
            raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        }

        /// What is waiting to be read on the terminal side (non-canonical, so a partial
        /// line shows too).
        static func unread(_ fd: Int32) -> [UInt8] {
            var modes = termios()
            tcgetattr(fd, &modes)
            modes.c_lflag &= ~tcflag_t(ICANON)
            tcsetattr(fd, TCSANOW, &modes)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                bytes += buffer.prefix(n)
            }
            return bytes
        }

        @Test(
            "SIGTERM reads the status answers in flight before exiting: nothing reaches the shell",
            arguments: [SIGTERM, SIGINT])
        func signalDrainsLateAnswers(signal: Int32) throws {
            let (status, left) = try Self.quitWithLateAnswers { kill($0.pid, signal) }
            #expect(status == (signal == SIGINT ? 0 : 128 + signal))
            #expect(
                left.isEmpty,
                "left on the terminal after exit: \(String(decoding: left, as: UTF8.self).debugDescription)")
        }

        @Test("q reads the status answers in flight before exiting: nothing reaches the shell")
        func quitKeyDrainsLateAnswers() throws {
            let (status, left) = try Self.quitWithLateAnswers { $0.send("q") }
            #expect(status == 0)
            #expect(
                left.isEmpty,
                "left on the terminal after exit: \(String(decoding: left, as: UTF8.self).debugDescription)")
        }
    }
}
