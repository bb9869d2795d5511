import Foundation
import OrbitTestSupport

/// A pseudo-terminal whose far end the test reads at a chosen, slow rate: a terminal (or
/// an SSH link) that cannot take frames as fast as orbit makes them.
final class SlowTerminal {
    let master: Int32
    let pid: pid_t
    private let scratch: Scratch
    /// Linux's TIOCSPTLCK and TIOCGPTN (`_IOW`/`_IOR` macros, not imported into Swift;
    /// the asm-generic values, as on x86-64 and arm64).
    static let setPTYLock: UInt = 0x4004_5431
    static let getPTYNumber: UInt = 0x8004_5430
    /// The terminal side of the pty (`/dev/pts/N`), which orbit has as its terminal.
    let slavePath: String
    /// Everything read so far.
    private(set) var received: [UInt8] = []

    /// Starts `orbit ARGS` on a new `columns` x `rows` pty in its own session; the pty says
    /// its window is `pixels` large (TIOCGWINSZ; 0 x 0: unknown), and `prefix` comes before
    /// the binary (such as `prlimit --as=N`, which runs it in its own process).
    init(
        _ arguments: [String], columns: Int = 80, rows: Int = 24, pixels: (width: UInt16, height: UInt16) = (0, 0),
        prefix: [String] = []
    ) throws {
        let orbit = try OrbitBinary.check()
        // posix_openpt/unlockpt/ptsname are hidden behind _XOPEN_SOURCE in the Glibc
        // module: do what they do on Linux with /dev/ptmx and two ioctls.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setPTYLock, &unlock) == 0, ioctl(master, Self.getPTYNumber, &number) == 0
        else {
            throw HarnessError("cannot open a pseudo-terminal: errno \(errno)")
        }
        let slave = "/dev/pts/\(number)"
        slavePath = slave
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: pixels.width, ws_ypixel: pixels.height)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        scratch = try Scratch("orbit-slow")
        pid = try Spawn.start(
            prefix + [orbit] + arguments, stdin: slave, stdout: slave, stderr: scratch.file("stderr"),
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"],
            newSession: true)
    }

    /// Reads at most `bytes` bytes if some are ready within `timeoutMs`; returns how many
    /// (0 when none, -1 at end of output).
    @discardableResult
    func read(upTo bytes: Int, timeoutMs: Int32 = 100) -> Int {
        var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, timeoutMs) > 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: bytes)
        let n = Glibc.read(master, &buffer, bytes)
        if n <= 0 { return -1 }
        received += buffer.prefix(n)
        return n
    }

    /// Reads `chunk` bytes every `interval` seconds for `seconds`: a link of
    /// chunk / interval bytes per second.
    func trickle(seconds: Double, chunk: Int, interval: Double) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            read(upTo: chunk, timeoutMs: 0)
            usleep(UInt32(interval * 1_000_000))
        }
    }

    /// Reads slowly until `text` shows up in what was read after `offset`; returns the bytes
    /// read until then, or nil when it did not show within `limit` bytes or `timeout` seconds.
    func trickle(
        until text: String, after offset: Int, chunk: Int, interval: Double,
        limit: Int, timeout: Double = 60
    ) -> Int? {
        let needle = Array(text.utf8)
        let end = Date().addingTimeInterval(timeout)
        var searched = offset
        while Date() < end && received.count - offset <= limit {
            if read(upTo: chunk, timeoutMs: 0) < 0 { return nil }
            if let i = Self.find(needle, in: received, from: max(offset, searched - needle.count)) {
                return i + needle.count - offset
            }
            searched = received.count
            usleep(UInt32(interval * 1_000_000))
        }
        return nil
    }

    /// Sends keys as a terminal would.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads fast until orbit closes the terminal, then its exit status (hang guard 60 s).
    func finish() throws -> Int32 {
        let end = Date().addingTimeInterval(60)
        while Date() < end && read(upTo: 65536, timeoutMs: 100) >= 0 {}
        return try Spawn.wait(pid, timeout: 60, what: "orbit on a slow terminal").status
    }

    /// A field of /proc/PID/status in KiB (`VmRSS`, `VmHWM`).
    func memoryKiB(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// What orbit wrote to standard error.
    var stderr: String { scratch.read("stderr") }

    /// The last frame rate the status line showed (`NN fps`) in `range` of the output.
    func lastFPS(in range: Range<Int>) -> Int? {
        let text = String(decoding: received[range], as: UTF8.self)
        let matches = text.ranges(of: /(\d+) fps/)
        guard let last = matches.last, let m = text[last].firstMatch(of: /(\d+) fps/) else { return nil }
        return Int(m.1)
    }

    /// Occurrences of `text` in `range` of the output.
    func count(_ text: String, in range: Range<Int>) -> Int {
        let needle = Array(text.utf8)
        let part = Array(received[range])
        var n = 0
        var i = 0
        while let j = Self.find(needle, in: part, from: i) {
            n += 1
            i = j + needle.count
        }
        return n
    }

    static func find(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, hay.count >= needle.count else { return nil }
        var i = max(0, from)
        while i + needle.count <= hay.count {
            if hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    deinit {
        kill(pid, SIGKILL)
        var raw: Int32 = 0
        _ = waitpid(pid, &raw, WNOHANG)
        close(master)
    }
}
